// Wiring of GET /v4/policies/{kind} (core's integrations.policy).
import { endpoints } from '@permitdesk/core';
import type { App } from '../http/context.js';
import { registerEndpoint } from '../http/register.js';
import { policy } from './policies.handlers.js';

export function registerPolicyRoutes(app: App): void {
  registerEndpoint(app, endpoints.integrations.policy, policy);
}
