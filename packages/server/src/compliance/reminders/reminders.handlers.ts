// Handlers of the watchdog's settings and the calendar feed (issue 16). Reminder steps: every member reads,
// the owner and administrators change (access.ts). The feed's address is a capability: only the owner and
// administrators see it, make it or rotate it. The .ics itself is public to whoever holds the address;
// an unknown or rotated secret answers 404 and says nothing more.
import type { endpoints } from '@permitdesk/core';
import { recordAudit } from '../../audit/audit.js';
import { inTransaction } from '../../db/transaction.js';
import { auditActor } from '../../http/audit-actor.js';
import { notFound } from '../../http/errors.js';
import type { EndpointHandler } from '../../http/register.js';
import type { AppServices } from '../../services.js';
import { requireCompanyManager, requireCompanyReader } from '../access.js';
import { CALENDAR_PURPOSE, calendarFeed, companyCalendar, companyOfFeedSecret, rotateCalendarFeed } from './calendar-feed.js';
import { reminderSettings, saveReminderSettings } from './settings.js';

type Api = typeof endpoints.reminders;

const feedDeps = (services: AppServices) => ({ db: services.db, box: services.secretBox(CALENDAR_PURPOSE), config: services.config });

export const settingsHandler: EndpointHandler<Api['settings']> = async (ctx, { params }) => {
  await requireCompanyReader(ctx, params.companyId);
  return reminderSettings(ctx.services.db, params.companyId);
};

export const updateSettingsHandler: EndpointHandler<Api['updateSettings']> = async (ctx, { params, body }) => {
  await requireCompanyManager(ctx, params.companyId);
  return inTransaction(ctx.services.db, async (trx) => {
    const before = await reminderSettings(trx, params.companyId);
    const after = await saveReminderSettings(trx, params.companyId, body.steps, ctx.user.sub, ctx.services.clock());
    await recordAudit(trx, auditActor(ctx.c, ctx.user, 'customer'), {
      entity: 'company', entityId: params.companyId, action: 'reminder_steps_changed', companyId: params.companyId,
      before: { steps: before.steps }, after: { steps: after.steps },
    });
    return after;
  });
};

export const calendarFeedHandler: EndpointHandler<Api['calendarFeed']> = async (ctx, { params }) => {
  await requireCompanyManager(ctx, params.companyId);
  return calendarFeed(feedDeps(ctx.services), params.companyId);
};

export const rotateCalendarFeedHandler: EndpointHandler<Api['rotateCalendarFeed']> = async (ctx, { params }) => {
  await requireCompanyManager(ctx, params.companyId);
  const feed = await rotateCalendarFeed(feedDeps(ctx.services), params.companyId, ctx.user.sub, ctx.services.clock());
  await recordAudit(ctx.services.db, auditActor(ctx.c, ctx.user, 'customer'), {
    entity: 'company', entityId: params.companyId, action: 'calendar_feed_rotated', companyId: params.companyId, before: null, after: { createdAt: feed.createdAt },
  });
  return feed;
};

export const icsHandler: EndpointHandler<Api['ics']> = async ({ services }, { params }) => {
  const company = await companyOfFeedSecret(services.db, params.file);
  if (!company) throw notFound('This calendar does not exist.', 'CALENDAR_NOT_FOUND');
  const body = await companyCalendar(services, company, services.clock());
  return new Response(body, {
    headers: {
      'content-type': 'text/calendar; charset=utf-8',
      'content-disposition': 'inline; filename="permitdesk.ics"',
      'cache-control': 'private, no-store',
      'referrer-policy': 'no-referrer',
      'x-robots-tag': 'noindex',
    },
  });
};
