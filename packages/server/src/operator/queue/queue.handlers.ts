// The permit team's queue calls (core's opsQueue endpoint group): the queue, bulk actions, saved views,
// SLA targets, the notice walls and the team's members. Every call needs the staff flag (403 otherwise);
// PUT sla and the notice walls a service admin.
import type { endpoints } from '@permitdesk/core';
import { auditActor } from '../../http/audit-actor.js';
import type { EndpointHandler } from '../../http/register.js';
import { requireServiceAdmin, requireStaff } from '../../staff/staff.js';
import { inTransaction } from '../../db/transaction.js';
import { bulkAssign, bulkMoveStage } from './bulk.js';
import { searchQueue } from './queue-search.js';
import { deleteView, listViews, saveView } from './saved-views.js';
import { globalSettings } from '../../lookups/settings.repository.js';
import { updateNoticeWall } from './notice-walls.js';
import { loadSlaTargets, slaView, updateSlaTargets } from './sla.js';
import { teamMembers } from './team.js';

type Queue = typeof endpoints.opsQueue;

export const listQueue: EndpointHandler<Queue['queue']> = async ({ services, user }, { query }) => {
  await requireStaff(services.db, user.sub);
  const sla = await loadSlaTargets(services.db);
  return searchQueue(services.db, query, { userId: user.sub, now: services.clock(), sla });
};

export const assignPermits: EndpointHandler<Queue['assign']> = async ({ services, user, c }, { body }) => {
  await requireStaff(services.db, user.sub);
  return bulkAssign(services, auditActor(c, user, 'permit_team'), body);
};

export const movePermitsStage: EndpointHandler<Queue['moveStage']> = async ({ services, user, c }, { body }) => {
  await requireStaff(services.db, user.sub);
  return bulkMoveStage(services, { ...auditActor(c, user, 'permit_team'), userId: user.sub }, body);
};

export const listSavedViews: EndpointHandler<Queue['views']> = async ({ services, user }) => {
  await requireStaff(services.db, user.sub);
  return listViews(services.db, user.sub);
};

export const saveQueueView: EndpointHandler<Queue['saveView']> = async ({ services, user }, { body }) => {
  await requireStaff(services.db, user.sub);
  return saveView(services.db, user.sub, body);
};

export const deleteQueueView: EndpointHandler<Queue['deleteView']> = async ({ services, user }, { params }) => {
  await requireStaff(services.db, user.sub);
  await deleteView(services.db, user.sub, params.id);
  return { ok: true as const };
};

export const getSla: EndpointHandler<Queue['sla']> = async ({ services, user }) => {
  await requireStaff(services.db, user.sub);
  return slaView(await loadSlaTargets(services.db));
};

export const putSla: EndpointHandler<Queue['updateSla']> = async ({ services, user, c }, { body }) => {
  await requireServiceAdmin(services.db, user.sub);
  const targets = await inTransaction(services.db, (trx) => updateSlaTargets(trx, auditActor(c, user, 'service_admin'), body, services.clock()));
  return slaView(targets);
};

export const listTeamMembers: EndpointHandler<Queue['teamMembers']> = async ({ services, user }) => {
  await requireStaff(services.db, user.sub);
  return teamMembers(services.db);
};

export const putNoticeWall: EndpointHandler<Queue['updateNoticeWall']> = async ({ services, user, c }, { params, body }) => {
  await requireServiceAdmin(services.db, user.sub);
  await inTransaction(services.db, (trx) => updateNoticeWall(trx, auditActor(c, user, 'service_admin'), params.kind, body, services.clock()));
  return globalSettings(services.db);
};
