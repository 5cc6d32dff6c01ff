// Wiring of the identity endpoints of core's catalogue ("hosted identity pool" operations, SPEC §7) and
// GET /v4/permissions.
import { endpoints } from '@permitdesk/core';
import type { App } from '../http/context.js';
import { registerEndpoint } from '../http/register.js';
import * as h from './identity.handlers.js';

const e = endpoints.identity;

export function registerIdentityRoutes(app: App): void {
  registerEndpoint(app, e.signUp, h.signUp);
  registerEndpoint(app, e.confirmRegistration, h.confirmRegistration);
  registerEndpoint(app, e.resendCode, h.resendCode);
  registerEndpoint(app, e.authenticate, h.authenticate);
  registerEndpoint(app, e.twoFactor, h.twoFactor);
  registerEndpoint(app, e.forgotPassword, h.forgotPassword);
  registerEndpoint(app, e.confirmPassword, h.confirmPassword);
  registerEndpoint(app, e.changePassword, h.changePassword);
  registerEndpoint(app, e.completeNewPassword, h.completeNewPassword);
  registerEndpoint(app, e.updateAttributes, h.updateAttributes);
  registerEndpoint(app, e.refreshSession, h.refreshSession);
  registerEndpoint(app, e.signOut, h.signOut);
  registerEndpoint(app, e.profile, h.profile);
  registerEndpoint(app, e.createHandoff, h.createHandoff);
  registerEndpoint(app, e.exchangeHandoff, h.exchangeHandoff);
  registerEndpoint(app, endpoints.account.permissions, h.permissions);
}
