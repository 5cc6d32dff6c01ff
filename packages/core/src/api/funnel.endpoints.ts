// The sign-up funnel (issue 18): the widget records a tracked step (public: no account, rate-limited per
// client, once per session and step, nothing read back); the permit team reads the counts (staff only).
import { okSchema } from '../schemas/common.js';
import { FUNNEL_EVENTS_PATH } from '../rules/funnel-steps.js';
import { funnelEventSchema, funnelQuerySchema, funnelReportSchema } from '../schemas/funnel.js';
import { endpoint } from './endpoint.js';

export const funnelEndpoints = {
  record: endpoint({
    method: 'POST', path: FUNNEL_EVENTS_PATH, auth: 'none',
    summary: 'Record that a widget session reached a tracked workflow step (SPEC §2.10); once per session and step',
    body: funnelEventSchema, response: okSchema,
  }),
  report: endpoint({
    method: 'GET', path: '/v4/operator/funnel', auth: 'bearer',
    summary: 'The sign-up funnel (permit team): sessions per tracked step and stage over a date range, optionally for one partner origin',
    query: funnelQuerySchema, response: funnelReportSchema,
  }),
} as const;
