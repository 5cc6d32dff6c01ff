// Wiring of the account endpoints: sign-up account, tours, and the self-service of issue 18.
import { endpoints } from '@permitdesk/core';
import type { App } from '../http/context.js';
import { registerEndpoint } from '../http/register.js';
import * as h from './account.handlers.js';

export function registerAccountRoutes(app: App): void {
  const e = endpoints.account;
  registerEndpoint(app, e.createUserApp, h.createUserApp);
  registerEndpoint(app, e.verifyEmail, h.verifyEmail);
  registerEndpoint(app, e.toursSeen, h.toursSeen);
  registerEndpoint(app, e.markTourSeen, h.markTourSeen);
  registerEndpoint(app, e.resetTours, h.resetTours);
  registerEndpoint(app, e.twoFactorStatus, h.twoFactorStatus);
  registerEndpoint(app, e.startTwoFactor, h.startTwoFactor);
  registerEndpoint(app, e.confirmTwoFactor, h.confirmTwoFactor);
  registerEndpoint(app, e.disableTwoFactor, h.disableTwoFactor);
  registerEndpoint(app, e.signOutEverywhere, h.signOutEverywhere);
  registerEndpoint(app, e.exportData, h.exportData);
  registerEndpoint(app, e.deletionCheck, h.deletionStatus);
  registerEndpoint(app, e.deleteAccount, h.deleteMyAccount);
}
