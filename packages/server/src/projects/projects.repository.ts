// Projects and the permits in them: creation (with the creator's owner assignment, so the main owner of
// SPEC §6 exists from the start), adding permits (each starts its timeline), and the project as the
// API shows it (core's projectSchema).
import { STAGE, type PostalAddress, type Project } from '@permitdesk/core';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { badRequest, notFound } from '../http/errors.js';
import { PROJECT_NOT_FOUND } from '../permits/access.js';
import { permitRows } from '../permits/permit-details.js';
import { addressOf, iso, loadAssignments } from './search/radar-rows.js';
import type { Db, Tx } from '../db/schema.js';

/** One line: '350 5th Ave, Apt 2, New York, NY 10118'. */
export const oneLineAddress = (a: PostalAddress): string =>
  [a.streetAddress, a.streetModifier, a.city, `${a.state} ${a.postalCode}`].filter((part) => part && part.trim()).join(', ');

export interface NewProject {
  /** The owning company, or null for a personal project of `createdBy`. */
  companyId: number | null;
  createdBy: string;
  name?: string | null | undefined;
  customerName: string;
  orderNumber?: string | null | undefined;
  address: PostalAddress;
  addressId?: string | null | undefined;
  latitude?: number | null | undefined;
  longitude?: number | null | undefined;
  municipalityId?: number | null | undefined;
  customerPhoneNumber?: string | null | undefined;
  homeBuiltDate?: string | null | undefined;
  now: Date;
}

export async function insertProject(trx: Tx, project: NewProject): Promise<number> {
  const row = await trx
    .insertInto('projects')
    .values({
      name: project.name || null,
      company_id: project.companyId,
      owner_user_id: project.companyId === null ? project.createdBy : null,
      customer_name: project.customerName,
      order_number: project.orderNumber || null,
      street_address: project.address.streetAddress,
      street_modifier: project.address.streetModifier || null,
      city: project.address.city,
      state: project.address.state,
      postal_code: project.address.postalCode,
      project_address: oneLineAddress(project.address),
      address_id: project.addressId ?? null,
      latitude: project.latitude ?? null,
      longitude: project.longitude ?? null,
      municipality_id: project.municipalityId ?? null,
      customer_phone_number: project.customerPhoneNumber ?? null,
      home_built_date: project.homeBuiltDate ?? null,
      created_by: project.createdBy,
      created_at: project.now,
      updated_at: project.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const projectId = Number(row.id);

  // The creator's company (or the creator) owns the project: its main owner (SPEC §6).
  if (project.companyId !== null) {
    await sql`
      INSERT INTO project_assignments (project_id, assignee_type, assignee_company_id, assign_name, access_level, created_by, created_at)
      SELECT ${projectId}, 'Company', c.id, c.name, 'owner', ${project.createdBy}::uuid, ${project.now} FROM companies c WHERE c.id = ${project.companyId}`.execute(trx);
  } else {
    await sql`
      INSERT INTO project_assignments (project_id, assignee_type, assignee_user_id, assign_name, access_level, created_by, created_at)
      SELECT ${projectId}, 'User', u.id, CASE WHEN btrim(u.name) = '' THEN u.email ELSE u.name END, 'owner', u.id, ${project.now}
      FROM users u WHERE u.id = ${project.createdBy}::uuid`.execute(trx);
  }
  return projectId;
}

export interface NewPermit {
  projectId: number;
  taskId: number;
  municipalityId: number;
  createdBy: string;
  stage?: number;
  session?: string;
  scopeOfWork?: string | null | undefined;
  projectValue?: number | null | undefined;
  estCompletionAt?: Date | null | undefined;
  redirectUrl?: string | null | undefined;
  now: Date;
}

/** A permit at stage 10 Requested (unless told otherwise), its timeline started. */
export async function insertPermit(trx: Tx, permit: NewPermit): Promise<{ id: number; session: string }> {
  const session = permit.session ?? randomUUID();
  const stage = permit.stage ?? STAGE.Requested;
  const row = await trx
    .insertInto('permits')
    .values({
      project_id: permit.projectId,
      task_id: permit.taskId,
      municipality_id: permit.municipalityId,
      stage,
      session,
      scope_of_work: permit.scopeOfWork ?? null,
      project_value: permit.projectValue ?? null,
      est_completion_at: permit.estCompletionAt ?? null,
      redirect_url: permit.redirectUrl ?? null,
      created_by: permit.createdBy,
      created_at: permit.now,
      updated_at: permit.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('permit_stage_history')
    .values({ permit_id: row.id, from_stage: null, to_stage: stage, changed_by: permit.createdBy, note: null, changed_at: permit.now })
    .execute();
  return { id: Number(row.id), session };
}

/** 400 unless every task of the list exists and is offered. */
export async function assertTasks(db: Db, taskIds: readonly number[]): Promise<void> {
  const unique = [...new Set(taskIds)];
  const found = await db.selectFrom('permit_tasks').select('id').where('id', 'in', unique).where('active', '=', true).execute();
  if (found.length !== unique.length) throw badRequest('The selected project type does not exist.', 'TASK_NOT_FOUND', { taskIds: 'The selected project type does not exist.' });
}

/** 400 unless the municipality exists. */
export async function assertMunicipality(db: Db, municipalityId: number): Promise<{ id: number; name: string; stateCode: string }> {
  const row = await db.selectFrom('municipalities').select(['id', 'name', 'state_code']).where('id', '=', municipalityId).executeTakeFirst();
  if (!row) throw badRequest('The municipality does not exist.', 'MUNICIPALITY_NOT_FOUND', { municipalityId: 'The municipality does not exist.' });
  return { id: row.id, name: row.name, stateCode: row.state_code };
}

/** The project with its permits (oldest first) and assignments; 404 when it does not exist. */
export async function projectDetail(db: Db, projectId: number): Promise<Project> {
  const row = await db.selectFrom('projects').selectAll().where('id', '=', projectId).executeTakeFirst();
  if (!row) throw notFound(PROJECT_NOT_FOUND, 'PROJECT_NOT_FOUND');
  const permitIds = await db.selectFrom('permits').select('id').where('project_id', '=', projectId).orderBy('created_at').orderBy('id').execute();
  const [permits, assignments] = await Promise.all([
    permitRows(db, permitIds.map((p) => Number(p.id))),
    loadAssignments(db, [projectId]),
  ]);
  return {
    id: Number(row.id),
    name: row.name ?? row.customer_name,
    address: addressOf(row),
    projectAddress: row.project_address,
    customerName: row.customer_name,
    orderNumber: row.order_number,
    companyId: row.company_id,
    createdAt: iso(row.created_at),
    permits,
    projectsAssignments: assignments.get(projectId) ?? [],
  };
}
