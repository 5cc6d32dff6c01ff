// Handlers of the sign-up funnel's calls (core's funnel endpoint group): the widget's public, rate-limited
// event (nothing is read back: the same answer whether the step was new or already counted) and the
// permit team's report.
import { type endpoints } from '@permitdesk/core';
import type { EndpointHandler } from '../http/register.js';
import { requireStaff } from '../staff/staff.js';
import { funnelOrigin, funnelReport, originOf, recordFunnelEvent } from './funnel.js';

type Funnel = typeof endpoints.funnel;

export const recordFunnelEventHandler: EndpointHandler<Funnel['record']> = async ({ services, c }, { body }) => {
  // The partner page's origin: from the event, else the browser's Origin header; on PermitDesk's hosted
  // /embed pages, the allowed page framing them.
  const page = originOf(body.fromURL) ?? originOf(c.req.header('origin'));
  const origin = funnelOrigin(services.config, page, originOf(body.embeddedIn));
  await recordFunnelEvent(services.db, { step: body.step, session: body.session, origin }, services.clock());
  return { ok: true as const };
};

export const funnelReportHandler: EndpointHandler<Funnel['report']> = async ({ services, user }, { query }) => {
  await requireStaff(services.db, user.sub);
  return funnelReport(services.db, services.config, query, services.clock());
};
