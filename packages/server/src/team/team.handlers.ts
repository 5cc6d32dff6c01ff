// The permit team's membership in the UI (service admin): the list with roles, and grant / change / revoke
// by e-mail. Each change is an audit entry with the service admin as actor.
import type { endpoints } from '@permitdesk/core';
import { auditActor } from '../http/audit-actor.js';
import type { EndpointHandler } from '../http/register.js';
import { requireServiceAdmin } from '../staff/staff.js';
import { inTransaction } from '../db/transaction.js';
import { changeTeamRole, listTeam } from './team.js';

type Audit = typeof endpoints.audit;

export const teamList: EndpointHandler<Audit['team']> = async ({ services, user }) => {
  await requireServiceAdmin(services.db, user.sub);
  return listTeam(services.db);
};

export const setTeamRole: EndpointHandler<Audit['setTeamRole']> = async ({ services, user, c }, { body }) => {
  await requireServiceAdmin(services.db, user.sub);
  const actor = auditActor(c, user, 'service_admin');
  await inTransaction(services.db, (trx) => changeTeamRole(trx, actor, body.email, body.role, user.sub));
  return listTeam(services.db);
};
