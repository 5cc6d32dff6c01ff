// The API client (SPEC §7) and the identity client built on it.
export * from './errors.js';
export * from './hosts.js';
export * from './types.js';
export { SESSION_EXPIRED_MESSAGE } from './request.js';
export { createApiClient } from './create-api-client.js';
export { createEndpointClient } from './create-endpoint-client.js';
export * from './identity.js';
export * from './session-mode.js';
