// Projects: creation (with the creator's owner assignment, so the main owner of SPEC §6 exists from the
// start) and the project as the API shows it (core's projectSchema), its permits from the permits area.
import type { MunicipalityChoice, PostalAddress, Project } from '@permitdesk/core';
import { sql } from 'kysely';
import { recordAudit, type AuditActor } from '../audit/audit.js';
import { notFound } from '../http/errors.js';
import { PROJECT_NOT_FOUND } from '../permits/access.js';
import { permitRows } from '../permits/permit-details.js';
import { addressOf, loadAssignments } from '../permits/read-model.js';
import { iso } from '../rows/values.js';
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
  /** When the visitor was asked which municipality governs the job site: why, and what was offered. */
  municipalityChoice?: MunicipalityChoice | null | undefined;
  /** Who created it, for the audit trail. */
  actor: AuditActor;
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
      municipality_choice: project.municipalityChoice ? JSON.stringify(project.municipalityChoice) : null,
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
  await recordAudit(
    trx,
    project.actor,
    {
      entity: 'project',
      entityId: projectId,
      action: 'created',
      companyId: project.companyId,
      customerVisible: true,
      before: null,
      after: { name: project.name || null, customerName: project.customerName, address: oneLineAddress(project.address) },
    },
    project.now,
  );
  return projectId;
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
