// The request layer's errors (SPEC §7, §8): one class for every failed call (its messages are the
// contract's REQUEST_ERRORS).
import * as v from 'valibot';
import { apiErrorSchema, type ApiError } from '../schemas/common.js';

/** Codes the client itself gives (server errors carry the server's own code). */
export const CLIENT_ERROR_CODES = {
  tokenInvalid: 'TOKEN_INVALID',
  baseUrlInvalid: 'BASE_URL_INVALID',
  serviceUrlInvalid: 'SERVICE_URL_INVALID',
  sessionExpired: 'SESSION_EXPIRED',
  network: 'NETWORK_ERROR',
  responseInvalid: 'RESPONSE_INVALID',
} as const;

/** A failed call: HTTP status (0 when no response came), an error code and the message shown. */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';
  readonly status: number;
  readonly code: string;
  /** The server's error body when there was one. */
  readonly body: ApiError | null;

  constructor(init: { status: number; code: string; message: string; body?: ApiError | null; cause?: unknown }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.body = init.body ?? null;
  }
}

export const isApiRequestError = (error: unknown): error is ApiRequestError => error instanceof ApiRequestError;

/** True for a call cancelled through its AbortSignal (the caller's own, e.g. a query left behind). */
export const isAbortError = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';

/** The server's `{ message, code }` body, or null when the body is something else. */
export function readErrorBody(json: unknown): ApiError | null {
  const parsed = v.safeParse(apiErrorSchema, json);
  if (parsed.success) return parsed.output;
  // A body with a message but no code still has the message the SPEC wants shown.
  if (typeof json === 'object' && json !== null && typeof (json as { message?: unknown }).message === 'string') {
    return { message: (json as { message: string }).message, code: '' };
  }
  return null;
}
