// Wiring of the expiry watchdog's settings and the calendar feed (core's reminders group).
import { endpoints } from '@permitdesk/core';
import type { App } from '../../http/context.js';
import { registerEndpoint } from '../../http/register.js';
import * as h from './reminders.handlers.js';

export function registerReminderRoutes(app: App): void {
  const api = endpoints.reminders;
  registerEndpoint(app, api.settings, h.settingsHandler);
  registerEndpoint(app, api.updateSettings, h.updateSettingsHandler);
  registerEndpoint(app, api.calendarFeed, h.calendarFeedHandler);
  registerEndpoint(app, api.rotateCalendarFeed, h.rotateCalendarFeedHandler);
  registerEndpoint(app, api.ics, h.icsHandler);
}
