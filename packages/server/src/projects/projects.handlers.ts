// Handlers of the project calls (SPEC §7.2): project get/update/create, adding permits, the data
// collection, the radar search (through the radar search repository) and assignments. Every call checks
// the caller's access to the project first (404 unseen, 403 not allowed).
import { projectSearchParamsSchema, usableCompanies, USABLE_ROLES, type endpoints } from '@permitdesk/core';
import * as v from 'valibot';
import { permissionsOf } from '../companies/permissions.js';
import { changedFields, recordAudit } from '../audit/audit.js';
import { auditActor } from '../http/audit-actor.js';
import { requireCompanyRole } from '../http/authz.js';
import { badRequest, notFound } from '../http/errors.js';
import type { EndpointHandler } from '../http/register.js';
import { PERMIT_NOT_FOUND, PROJECT_CREATOR_ROLES, requireProjectAccess } from '../permits/access.js';
import { permitRows } from '../permits/permit-details.js';
import { companyProjectUpdates, markProjectUpdatesRead } from '../permits/project-updates.js';
import { addAssignment, removeAssignment, updateAssignments } from './assignments.js';
import { readDataCollection, saveDataCollection } from './data-collection.js';
import { assertMunicipality, assertTasks, insertPermit } from '../permits/permits.repository.js';
import { computeGate, enforceGates } from '../gate/gate.js';
import { insertProject, projectDetail } from './projects.repository.js';
import { searchRadarAs, type RadarSearchParams } from './search/search-projects.js';
import type { Db } from '../db/schema.js';
import { inTransaction } from '../db/transaction.js';
import { requireIndividualRequestsOpen } from '../lookups/settings.repository.js';

type Projects = typeof endpoints.projects;
type Companies = typeof endpoints.companies;

export const MUNICIPALITY_REQUIRED = 'Municipality is required.';

export const getProject: EndpointHandler<Projects['get']> = async ({ services, user }, { params }) => {
  const db = services.db;
  await requireProjectAccess(db, user.sub, params.id, 'view-only');
  return projectDetail(db, params.id);
};

export const updateProject: EndpointHandler<Projects['update']> = async ({ services, user, c }, { params, body }) => {
  const db = services.db;
  const access = await requireProjectAccess(db, user.sub, params.id, 'editor');
  await inTransaction(db, async (trx) => {
    const fields = (row: { name: string | null; customer_name: string; order_number: string | null }) => ({
      name: row.name,
      customerName: row.customer_name,
      orderNumber: row.order_number,
    });
    const before = await trx.selectFrom('projects').select(['name', 'customer_name', 'order_number']).where('id', '=', params.id).forUpdate().executeTakeFirstOrThrow();
    const after = await trx
      .updateTable('projects')
      .set({
        ...(body.name !== undefined ? { name: body.name || null } : {}),
        ...(body.customerName !== undefined ? { customer_name: body.customerName } : {}),
        ...(body.orderNumber !== undefined ? { order_number: body.orderNumber || null } : {}),
        updated_at: services.clock(),
      })
      .where('id', '=', params.id)
      .returning(['name', 'customer_name', 'order_number'])
      .executeTakeFirstOrThrow();
    const diff = changedFields(fields(before), fields(after));
    if (!diff) return;
    await recordAudit(trx, auditActor(c, user, access.staff ? 'permit_team' : 'customer'), {
      entity: 'project',
      entityId: params.id,
      action: 'updated',
      companyId: access.companyId,
      customerVisible: true,
      ...diff,
    });
  });
  return projectDetail(db, params.id);
};

export const addProjectPermits: EndpointHandler<Projects['addPermits']> = async ({ services, user, c }, { params, body }) => {
  const db = services.db;
  const access = await requireProjectAccess(db, user.sub, params.id, 'editor');
  const actor = auditActor(c, user, access.staff ? 'permit_team' : 'customer');
  const project = await db.selectFrom('projects').select('municipality_id').where('id', '=', params.id).executeTakeFirstOrThrow();
  const municipalityId = body.municipalityId ?? project.municipality_id;
  if (municipalityId == null) throw badRequest(MUNICIPALITY_REQUIRED, 'VALIDATION_ERROR', { municipalityId: MUNICIPALITY_REQUIRED });
  await assertMunicipality(db, municipalityId);
  await assertTasks(db, body.taskIds);
  const now = services.clock();
  // Each request passes the pre-filing gate, through the expected work dates when given (else valid from today).
  const gates = enforceGates(
    await Promise.all(body.taskIds.map((taskId) => computeGate(db, { taskId, municipalityId, companyId: access.companyId, start: body.workStart, end: body.workEnd, now }))),
    body.acknowledgeGate,
  );
  const estCompletionAt = body.workEnd ? new Date(`${body.workEnd}T00:00:00Z`) : null;
  await inTransaction(services.db, async (trx) => {
    if (project.municipality_id == null) await trx.updateTable('projects').set({ municipality_id: municipalityId }).where('id', '=', params.id).execute();
    for (const [index, taskId] of body.taskIds.entries()) {
      await insertPermit(trx, { projectId: params.id, taskId, municipalityId, createdBy: user.sub, actor, gateResult: gates[index], estCompletionAt, now });
    }
  });
  return projectDetail(db, params.id);
};

/** The permit of a project (404 when it belongs to another project). */
async function permitOfProject(db: Db, projectId: number, permitId: number) {
  const [permit] = await permitRows(db, [permitId]);
  if (!permit || permit.projectId !== projectId) throw notFound(PERMIT_NOT_FOUND, 'PERMIT_NOT_FOUND');
  return permit;
}

export const getPermitData: EndpointHandler<Projects['getPermitData']> = async ({ services, user }, { params }) => {
  const db = services.db;
  await requireProjectAccess(db, user.sub, params.id, 'view-only');
  const permit = await permitOfProject(db, params.id, params.permitId);
  return { permit, data: await readDataCollection(db, permit) };
};

export const updatePermitData: EndpointHandler<Projects['updatePermit']> = async ({ services, user, c }, { params, body }) => {
  const db = services.db;
  const access = await requireProjectAccess(db, user.sub, params.id, 'editor');
  await permitOfProject(db, params.id, params.permitId);
  const actor = auditActor(c, user, access.staff ? 'permit_team' : 'customer');
  await inTransaction(services.db, (trx) =>
    saveDataCollection(trx, { projectId: params.id, permitId: params.permitId, data: body, userId: user.sub, actor, now: services.clock() }),
  );
  const permit = await permitOfProject(db, params.id, params.permitId);
  return { permit, data: await readDataCollection(db, permit) };
};

export const createProject: EndpointHandler<Projects['create']> = async ({ services, user, c }, { body }) => {
  const companyId = body.companyId ?? null;
  if (companyId !== null) await requireCompanyRole({ services, user }, companyId, PROJECT_CREATOR_ROLES);
  else await requireIndividualRequestsOpen(services.db);
  const { city, state, postalCode: zip } = body.address;
  const located = body.latitude !== undefined && body.longitude !== undefined ? services.geo.locate(body.latitude, body.longitude, { city, state, zip }) : null;
  const projectId = await inTransaction(services.db, (trx) =>
    insertProject(trx, {
      companyId,
      createdBy: user.sub,
      actor: auditActor(c, user, 'customer'),
      name: body.name,
      customerName: body.customerName,
      orderNumber: body.orderNumber,
      address: body.address,
      latitude: body.latitude,
      longitude: body.longitude,
      municipalityId: located?.id ?? null,
      now: services.clock(),
    }),
  );
  return projectDetail(services.db, projectId);
};

/** The radar page as the user in the company (null: personal); radarScopeOf's check is read with the page (issue 17). */
async function pageOf(db: Db, userId: string, companyId: number | null, params: RadarSearchParams) {
  const result = await searchRadarAs(db, userId, companyId, params);
  return { items: result.rows, page: result.page, size: result.size, totalCount: result.totalCount };
}

export const searchProjectsHandler: EndpointHandler<Projects['search']> = async ({ services, user }, { query }) => {
  return pageOf(services.db, user.sub, query.companyId ?? null, query);
};

/** The first page with core's defaults, for the user's current company (the first usable one) or personal account. */
export const defaultSearchHandler: EndpointHandler<Projects['defaultSearch']> = async ({ services, user }) => {
  const current = usableCompanies(await permissionsOf(services.db, user.sub))[0];
  return pageOf(services.db, user.sub, current ? Number(current.id) : null, v.parse(projectSearchParamsSchema, {}));
};

export const addAssignmentHandler: EndpointHandler<Projects['addAssignment']> = async ({ services, user, c }, { params, body }) => {
  if (body.projectId !== params.id) throw badRequest('The project id does not match the address.', 'PROJECT_MISMATCH', { projectId: 'The project id does not match.' });
  const access = await requireProjectAccess(services.db, user.sub, params.id, 'editor');
  return inTransaction(services.db, (trx) =>
    addAssignment(trx, {
      projectId: params.id,
      ...body.postData,
      actorLevel: access.level!,
      createdBy: user.sub,
      actor: auditActor(c, user, access.staff ? 'permit_team' : 'customer'),
      now: services.clock(),
    }),
  );
};

/** Removing an assignment: editors and owners (a guest's read-only access is refused first, 403 GUEST_READ_ONLY). */
export const removeAssignmentHandler: EndpointHandler<Projects['removeAssignment']> = async ({ services, user, c }, { params }) => {
  const access = await requireProjectAccess(services.db, user.sub, params.id, 'editor');
  const actor = auditActor(c, user, access.staff ? 'permit_team' : 'customer');
  await inTransaction(services.db, (trx) =>
    removeAssignment(trx, services, { projectId: params.id, assignmentId: params.assignmentId, actorLevel: access.level, actor, now: services.clock() }),
  );
  return { ok: true as const };
};

/** What the caller may do on the project, so the dashboard shows only the controls that work. */
export const myProjectAccessHandler: EndpointHandler<Projects['myAccess']> = async ({ services, user }, { params }) => {
  const access = await requireProjectAccess(services.db, user.sub, params.id, 'view-only');
  return { level: access.level!, guest: access.guest };
};

export const updateAssignmentsHandler: EndpointHandler<Projects['updateAssignments']> = async ({ services, user, c }, { body }) => {
  const access = await requireProjectAccess(services.db, user.sub, body.projectId, 'editor');
  const actor = auditActor(c, user, access.staff ? 'permit_team' : 'customer');
  return inTransaction(services.db, (trx) => updateAssignments(trx, { projectId: body.projectId, changes: body.assignments, actorLevel: access.level!, actor }));
};

export const projectUpdatesHandler: EndpointHandler<Companies['projectUpdates']> = async ({ services, user }, { params }) => {
  await requireCompanyRole({ services, user }, params.id, USABLE_ROLES);
  return companyProjectUpdates(services.db, params.id);
};

export const markProjectUpdatesReadHandler: EndpointHandler<Companies['markProjectUpdatesRead']> = async ({ services, user }, { params }) => {
  await requireCompanyRole({ services, user }, params.id, USABLE_ROLES);
  await markProjectUpdatesRead(services.db, params.id, services.clock());
  return { ok: true as const };
};
