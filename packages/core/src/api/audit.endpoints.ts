// The audit trail and the permit team's roles (issue 12): a permit's trail for the team (every entry) and
// for its customer (customer-safe entries), a company's trail for its owner, the CSV export for a
// service admin, and who is on the team.
import * as v from 'valibot';
import { auditEntrySchema, auditExportQuerySchema, auditPageQuerySchema, teamMemberSchema, teamRoleChangeSchema } from '../schemas/audit.js';
import { idParamSchema } from '../schemas/common.js';
import { endpoint } from './endpoint.js';

const idParams = v.object({ id: idParamSchema });

export const auditEndpoints = {
  permitActivity: endpoint({
    method: 'GET', path: '/v4/permits/{id}/activity', auth: 'bearer',
    summary: "A permit's trail as its customer sees it (customer-safe entries, the team shown as the permit team), oldest first",
    params: idParams, response: v.array(auditEntrySchema),
  }),
  operatorPermitActivity: endpoint({
    method: 'GET', path: '/v4/operator/permits/{id}/activity', auth: 'bearer',
    summary: "Every entry of a permit's trail, oldest first (permit team)",
    params: idParams, response: v.array(auditEntrySchema),
  }),
  companyActivity: endpoint({
    method: 'GET', path: '/v4/companies/{id}/activity', auth: 'bearer',
    summary: "The company's trail, newest first (company owner)",
    params: idParams, query: auditPageQuerySchema, response: auditEntrySchema, paging: 'headers',
  }),
  exportCsv: endpoint({
    method: 'GET', path: '/v4/operator/activity.csv', auth: 'bearer',
    summary: 'Any trail as CSV: time, actor e-mail, role, entity, id, action, before, after, request id (service admin)',
    query: auditExportQuerySchema, response: v.string(),
  }),
  team: endpoint({
    method: 'GET', path: '/v4/operator/team', auth: 'bearer', summary: 'The permit team with their roles (service admin)',
    response: v.array(teamMemberSchema),
  }),
  setTeamRole: endpoint({
    method: 'PUT', path: '/v4/operator/team', auth: 'bearer',
    summary: "Grant, change or revoke a person's role on the permit team by e-mail (service admin)",
    body: teamRoleChangeSchema, response: v.array(teamMemberSchema),
  }),
} as const;
