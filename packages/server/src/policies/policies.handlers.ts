// GET /v4/policies/{kind} (core's integrations.policy): the legal texts from policies.store.
import { endpoints } from '@permitdesk/core';
import type { EndpointHandler } from '../http/register.js';
import { readPolicy } from './policies.store.js';

export const policy: EndpointHandler<typeof endpoints.integrations.policy> = async ({ c }, { params }) => {
  const text = await readPolicy(params.kind);
  return text ?? c.json({ message: 'This document is not available.', code: 'NOT_FOUND' }, 404);
};
