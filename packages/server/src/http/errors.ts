// Every error leaves the server as JSON { message, code } (+ fields for validation) with the status
// that says whose mistake it was. A user's mistake is never a 500.
import { MESSAGES, REQUEST_ERRORS, SESSION_EXPIRED_MESSAGE, fieldErrors } from '@permitdesk/core';
import * as v from 'valibot';

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 422 | 429 | 500 | 502 | 503;

export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(
    readonly status: ErrorStatus,
    message: string,
    readonly code: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }

  toJSON(): { message: string; code: string; fields?: Record<string, string> } {
    return this.fields ? { message: this.message, code: this.code, fields: this.fields } : { message: this.message, code: this.code };
  }
}

export const badRequest = (message: string, code = 'BAD_REQUEST', fields?: Record<string, string>) =>
  new HttpError(400, message, code, fields);
export const unauthorized = (message: string = REQUEST_ERRORS.tokenInvalid, code = 'TOKEN_INVALID') =>
  new HttpError(401, message, code);
export const tokenExpired = () => new HttpError(401, SESSION_EXPIRED_MESSAGE, 'TOKEN_EXPIRED');
export const forbidden = (message = 'You do not have permission to do this.', code = 'FORBIDDEN') =>
  new HttpError(403, message, code);
export const notFound = (message = 'Not found.', code = 'NOT_FOUND') => new HttpError(404, message, code);
export const conflict = (message: string, code = 'CONFLICT') => new HttpError(409, message, code);
export const payloadTooLarge = (message = 'The request body is too large.', code = 'PAYLOAD_TOO_LARGE') =>
  new HttpError(413, message, code);
export const tooManyRequests = (message = 'Attempt limit exceeded, please try after some time.', code = 'LIMIT_EXCEEDED') =>
  new HttpError(429, message, code);

/** A failed valibot parse → 400 with the first issue's message (the SPEC's message) and per-field messages. */
export const validationError = (issues: readonly v.BaseIssue<unknown>[]) =>
  badRequest(issues[0]?.message ?? 'Invalid request.', 'VALIDATION_ERROR', fieldErrors(issues));

export const companyNameTaken = () => conflict(MESSAGES.companyNameTaken, 'COMPANY_NAME_TAKEN');

/** Postgres error codes that mean the request, not the server, was wrong. */
export function fromDatabaseError(error: unknown): HttpError | null {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  switch (code) {
    case '23505':
      return conflict('This record already exists.', 'ALREADY_EXISTS');
    case '23503':
      return badRequest('A referenced record does not exist.', 'REFERENCE_NOT_FOUND');
    case '22P02':
    case '22003':
    case '22007':
    case '22008':
      return badRequest('A value has the wrong format.', 'INVALID_VALUE');
    // Text the database cannot store (a NUL byte, a character outside the encoding): the caller's text.
    case '22021': // character_not_in_repertoire
    case '22P05': // untranslatable_character
      return badRequest('A text contains characters that are not allowed.', 'INVALID_CHARACTERS');
    default:
      return null;
  }
}

/** The HttpError an error stands for (ours, a failed schema, a database refusal), or null for a 5xx. */
export const toHttpError = (error: unknown): HttpError | null =>
  error instanceof HttpError ? error : error instanceof v.ValiError ? validationError(error.issues) : fromDatabaseError(error);
