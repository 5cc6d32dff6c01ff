// The permit team's queue (/ops, issue 12): every permit with the team's filters, SLA targets, saved
// views, bulk assignment and bulk stage moves. Staff only (403 otherwise); PUT sla needs a service admin.
import * as v from 'valibot';
import { idParamSchema, okSchema } from '../schemas/common.js';
import { globalSettingSchema, noticeWallUpdateSchema } from '../schemas/lookup.js';
import {
  opsBulkAssignSchema,
  opsBulkResultSchema,
  opsBulkStageSchema,
  opsQueueQuerySchema,
  opsQueueRowSchema,
  opsSavedViewInputSchema,
  opsSavedViewSchema,
  opsSlaSchema,
  opsSlaUpdateSchema,
  opsTeamMemberSchema,
} from '../schemas/ops-queue.js';
import { endpoint } from './endpoint.js';

export const opsQueueEndpoints = {
  queue: endpoint({
    method: 'GET', path: '/v4/operator/queue', auth: 'bearer',
    summary: 'Every permit of every company, newest first or most over its SLA target, with the team\'s filters (a filtered total is capped at 2,000)',
    query: opsQueueQuerySchema, response: opsQueueRowSchema, paging: 'headers',
  }),
  assign: endpoint({
    method: 'POST', path: '/v4/operator/queue/assign', auth: 'bearer',
    summary: 'Assign permits to an operator (or none); each permit carries its version, a stale one is reported as a conflict',
    body: opsBulkAssignSchema, response: opsBulkResultSchema,
  }),
  moveStage: endpoint({
    method: 'POST', path: '/v4/operator/queue/stage', auth: 'bearer',
    summary: 'Move permits to one stage with one message (each customer mailed); a stale version is reported as a conflict',
    body: opsBulkStageSchema, response: opsBulkResultSchema,
  }),
  views: endpoint({
    method: 'GET', path: '/v4/operator/queue/views', auth: 'bearer', summary: 'The built-in views and the signed-in operator\'s saved ones',
    response: v.array(opsSavedViewSchema),
  }),
  saveView: endpoint({
    method: 'POST', path: '/v4/operator/queue/views', auth: 'bearer', summary: 'Save the current filters under a name (replaces a view of that name)',
    body: opsSavedViewInputSchema, response: opsSavedViewSchema,
  }),
  deleteView: endpoint({
    method: 'DELETE', path: '/v4/operator/queue/views/{id}', auth: 'bearer', summary: 'Delete one of the signed-in operator\'s saved views',
    params: v.object({ id: idParamSchema }), response: okSchema,
  }),
  sla: endpoint({
    method: 'GET', path: '/v4/operator/sla', auth: 'bearer', summary: 'The SLA target of every stage (null: no clock)',
    response: opsSlaSchema,
  }),
  updateSla: endpoint({
    method: 'PUT', path: '/v4/operator/sla', auth: 'bearer', summary: 'Set stages\' SLA targets (service admin)',
    body: opsSlaUpdateSchema, response: opsSlaSchema,
  }),
  updateNoticeWall: endpoint({
    method: 'PUT', path: '/v4/operator/notice-walls/{kind}', auth: 'bearer',
    summary: 'Turn a notice wall on or off and set its texts (service admin); answers the global settings',
    params: v.object({ kind: v.picklist(['company', 'doItYourself'], 'Unknown notice wall') }), body: noticeWallUpdateSchema,
    response: v.array(globalSettingSchema),
  }),
  teamMembers: endpoint({
    method: 'GET', path: '/v4/operator/team-members', auth: 'bearer', summary: 'The permit team: who permits can be assigned to',
    response: v.array(opsTeamMemberSchema),
  }),
} as const;
