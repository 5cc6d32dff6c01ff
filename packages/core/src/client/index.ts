// @permitdesk/core/client, for browsers: the typed ky client of the catalogue (SPEC §7), the identity
// client built on it and the zustand session store. The contract it speaks is @permitdesk/core.
export * from './errors.js';
export * from './hosts.js';
export * from './types.js';
export { createApiClient } from './create-api-client.js';
export { createEndpointClient } from './create-endpoint-client.js';
/** A random UUID that also works on a partner's http page (the widget's anonymous funnel session uses it too). */
export { newIdempotencyKey } from './request.js';
export * from './identity.js';
export * from './session/index.js';
