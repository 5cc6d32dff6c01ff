// The API client and the identity client, created once. Kept out of the first-load bundle: core's
// client carries the whole endpoint catalogue with its schemas, so only pages and lazily loaded header
// parts import this module (the session store reaches identity through a lazy proxy).
import {
  createApiClient,
  createIdentityClient,
  sessionClientHooks,
  type ApiClient,
  type IdentityClient,
} from '@permitdesk/core/client';
import { notify } from '../ui/notify.js';
import { sessionStore } from './session.js';

export const api: ApiClient = createApiClient({
  baseUrl: '/',
  // The refresh token stays in the server's HttpOnly cookie (see session.ts).
  cookieSession: true,
  ...sessionClientHooks(sessionStore),
  // The global error handler of SPEC §7.8: the response message, or 'An error occurred'.
  onError: (message) => notify('error', message),
});
export const identity: IdentityClient = createIdentityClient(api);
