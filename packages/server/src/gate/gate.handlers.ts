// Handlers of the pre-filing gate's calls (core's gate endpoint group): the read check a contractor's
// widget or dashboard shows before submit, and the requirements table the permit team edits.
import { type endpoints } from '@permitdesk/core';
import { requireRoleInCompany } from '../companies/company-access.js';
import { inTransaction } from '../db/transaction.js';
import { auditActor } from '../http/audit-actor.js';
import { badRequest } from '../http/errors.js';
import type { EndpointHandler } from '../http/register.js';
import { PROJECT_CREATOR_ROLES } from '../permits/access.js';
import { assertMunicipality, assertTasks } from '../permits/permits.repository.js';
import { requireStaff } from '../staff/staff.js';
import type { Db } from '../db/schema.js';
import { computeGate } from './gate.js';
import { createRequirement, deleteRequirement, listRequirements, updateRequirement } from './gate.repository.js';
import type { GateRequirementInput } from '@permitdesk/core';

type Gate = typeof endpoints.gate;

export const UNKNOWN_TRADE_MESSAGE = 'Choose a trade of the task catalogue.';

export const checkGateHandler: EndpointHandler<Gate['check']> = async ({ services, user }, { query }) => {
  const db = services.db;
  // Only those who may file for the company learn what its vault lacks.
  if (query.companyId !== undefined) await requireRoleInCompany(db, user.sub, query.companyId, PROJECT_CREATOR_ROLES);
  await assertTasks(db, [query.taskId]);
  await assertMunicipality(db, query.municipalityId);
  return computeGate(db, { taskId: query.taskId, municipalityId: query.municipalityId, companyId: query.companyId ?? null, start: query.start, end: query.end, now: services.clock() });
};

async function assertTrade(db: Db, input: GateRequirementInput): Promise<void> {
  if (input.trade == null) return;
  const found = await db.selectFrom('permit_tasks').select('category').where((eb) => eb(eb.fn('lower', ['category']), '=', input.trade!.toLowerCase())).executeTakeFirst();
  if (!found) throw badRequest(UNKNOWN_TRADE_MESSAGE, 'VALIDATION_ERROR', { trade: UNKNOWN_TRADE_MESSAGE });
  input.trade = found.category;
}

export const listRequirementsHandler: EndpointHandler<Gate['requirements']> = async ({ services, user }) => {
  await requireStaff(services.db, user.sub);
  return listRequirements(services.db);
};

export const createRequirementHandler: EndpointHandler<Gate['createRequirement']> = async ({ services, user, c }, { body }) => {
  const role = await requireStaff(services.db, user.sub);
  await assertTrade(services.db, body);
  return inTransaction(services.db, (trx) => createRequirement(trx, auditActor(c, user, role === 'service_admin' ? 'service_admin' : 'permit_team'), body, services.clock()));
};

export const updateRequirementHandler: EndpointHandler<Gate['updateRequirement']> = async ({ services, user, c }, { params, body }) => {
  const role = await requireStaff(services.db, user.sub);
  await assertTrade(services.db, body);
  return inTransaction(services.db, (trx) => updateRequirement(trx, auditActor(c, user, role === 'service_admin' ? 'service_admin' : 'permit_team'), params.id, body, services.clock()));
};

export const deleteRequirementHandler: EndpointHandler<Gate['deleteRequirement']> = async ({ services, user, c }, { params }) => {
  const role = await requireStaff(services.db, user.sub);
  await inTransaction(services.db, (trx) => deleteRequirement(trx, auditActor(c, user, role === 'service_admin' ? 'service_admin' : 'permit_team'), params.id, services.clock()));
  return { ok: true as const };
};
