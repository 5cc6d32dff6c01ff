// The expiry watchdog's settings and the calendar feed (issue 16): a company's owner or administrators
// read and change its reminder steps and see, make or rotate its calendar feed; anyone holding the feed's
// address reads the .ics (expiry dates and scheduled inspections).
import * as v from 'valibot';
import { idParamSchema } from '../schemas/common.js';
import { calendarFeedSchema, calendarFileParamsSchema, reminderSettingsInputSchema, reminderSettingsSchema } from '../schemas/reminders.js';
import { endpoint } from './endpoint.js';

const company = v.object({ companyId: idParamSchema });

export const reminderEndpoints = {
  settings: endpoint({
    method: 'GET', path: '/v4/companies/{companyId}/reminder-settings', auth: 'bearer',
    summary: 'The days before a lapse the expiry reminders go out (owners and administrators)',
    params: company, response: reminderSettingsSchema,
  }),
  updateSettings: endpoint({
    method: 'PUT', path: '/v4/companies/{companyId}/reminder-settings', auth: 'bearer',
    summary: 'Change the reminder steps (owners and administrators)',
    params: company, body: reminderSettingsInputSchema, response: reminderSettingsSchema,
  }),
  calendarFeed: endpoint({
    method: 'GET', path: '/v4/companies/{companyId}/calendar-feed', auth: 'bearer',
    summary: "The company's calendar feed address (owners and administrators)",
    params: company, response: calendarFeedSchema,
  }),
  rotateCalendarFeed: endpoint({
    method: 'POST', path: '/v4/companies/{companyId}/calendar-feed/rotate', auth: 'bearer',
    summary: 'Make a new calendar feed address; the old one stops working at once',
    params: company, response: calendarFeedSchema,
  }),
  ics: endpoint({
    method: 'GET', path: '/calendar/{file}', auth: 'none',
    summary: "A company's calendar (RFC 5545): expiry dates of its vault and permits, and scheduled inspections",
    params: calendarFileParamsSchema, response: v.string(),
  }),
} as const;
