// Wiring of the sign-up account endpoints.
import { endpoints } from '@permitdesk/core';
import type { App } from '../http/context.js';
import { registerEndpoint } from '../http/register.js';
import { createUserApp, markTourSeen, resetTours, toursSeen, verifyEmail } from './account.handlers.js';

export function registerAccountRoutes(app: App): void {
  registerEndpoint(app, endpoints.account.createUserApp, createUserApp);
  registerEndpoint(app, endpoints.account.verifyEmail, verifyEmail);
  registerEndpoint(app, endpoints.account.toursSeen, toursSeen);
  registerEndpoint(app, endpoints.account.markTourSeen, markTourSeen);
  registerEndpoint(app, endpoints.account.resetTours, resetTours);
}
