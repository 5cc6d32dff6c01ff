// GET /v4/policies/{kind} (core's integrations.policy): the legal texts from policies.store.
import { endpoints } from '@permitdesk/core';
import type { App } from '../http/context.js';
import { registerEndpoint } from '../http/register.js';
import { readPolicy } from './policies.store.js';

export function registerPolicyRoutes(app: App): void {
  registerEndpoint(app, endpoints.integrations.policy, async ({ c }, { params }) => {
    const policy = await readPolicy(params.kind);
    return policy ?? c.json({ message: 'This document is not available.', code: 'NOT_FOUND' }, 404);
  });
}
