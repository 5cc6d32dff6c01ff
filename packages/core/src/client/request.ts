// One call of one endpoint: token rules, the HTTP exchange through the shared ky instance, error
// reporting, header paging and response validation. Every message the user may see is decided here.
import type { KyInstance } from 'ky';
import { HTTPError, TimeoutError } from 'ky';
import * as v from 'valibot';
import { fillPath, type EndpointDef } from '../api/endpoint.js';
import { IDEMPOTENCY_HEADER, PAGINATION_HEADERS, type HeaderPage } from '../schemas/common.js';
import { REQUEST_ERRORS, SESSION_EXPIRED_MESSAGE } from '../rules/request-messages.js';
import { ApiRequestError, CLIENT_ERROR_CODES, isAbortError, readErrorBody } from './errors.js';
import type { ApiClientConfig, ApiResult, CallOptions } from './types.js';


/** The server's codes for a bearer token whose session is over. */
const SESSION_ENDED_CODES = new Set(['SESSION_ENDED', 'TOKEN_EXPIRED']);

export interface RawInput extends CallOptions {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  /** Request headers of endpoints that declare them (values sent as text). */
  headers?: Record<string, unknown>;
  signal?: AbortSignal;
}

type Hooks = Pick<ApiClientConfig, 'getToken' | 'isExpired' | 'onExpired' | 'onError'>;

/** A random UUID; crypto.randomUUID exists only in secure contexts, so a partner's http page falls back. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Creating calls carry one Idempotency-Key per call (the caller's own when it retries a user action
 * itself), so ky may retry them after a lost answer: the server replays the first answer.
 */
const IDEMPOTENT_RETRY = { limit: 2, methods: ['post', 'put', 'patch'], statusCodes: [502, 503, 504] };

const withHeaders = (headers: Record<string, string> | undefined) => (headers ? { headers } : {});

function headersOf(def: EndpointDef, input: RawInput): Record<string, string> | undefined {
  const headers = Object.fromEntries(Object.entries(input.headers ?? {}).filter(([, value]) => value != null).map(([name, value]) => [name, String(value)]));
  if (def.idempotent) headers[IDEMPOTENCY_HEADER] ??= input.idempotencyKey ?? newIdempotencyKey();
  return Object.keys(headers).length > 0 ? headers : undefined;
}

function toSearchParams(query: Record<string, unknown> | undefined): URLSearchParams | undefined {
  if (!query) return undefined;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  return params;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const headerNumber = (response: Response, name: string): number => {
  const value = Number(response.headers.get(name));
  return Number.isFinite(value) ? value : 0;
};

function toHeaderPage<T>(items: T[], response: Response): HeaderPage<T> {
  const page = headerNumber(response, PAGINATION_HEADERS.index);
  const size = headerNumber(response, PAGINATION_HEADERS.size);
  const totalCount = headerNumber(response, PAGINATION_HEADERS.totalCount);
  return { items, page, size, totalCount, pageCount: size > 0 ? Math.ceil(totalCount / size) : 0 };
}

/** Builds the function that performs calls of one endpoint against one host's ky instance. */
export function endpointCaller(def: EndpointDef, http: KyInstance, hooks: Hooks) {
  // Header-paged lists describe one item; the body is an array of them.
  const bodySchema: v.GenericSchema = def.paging === 'headers' ? v.array(def.response) : def.response;
  const where = `${def.method} ${def.path}`;

  const report = (message: string, error: unknown, silent: boolean | undefined) => {
    if (!silent) hooks.onError?.(message, error);
  };

  return async (input: RawInput = {}): Promise<unknown> => {
    let token: string | null = null;
    if (def.auth === 'bearer') {
      token = (await hooks.getToken?.()) || null;
      if (!token) {
        throw new ApiRequestError({ status: 0, code: CLIENT_ERROR_CODES.tokenInvalid, message: REQUEST_ERRORS.tokenInvalid });
      }
      if (hooks.isExpired?.()) {
        // SPEC §7: an expired token logs the user out and no call is made.
        hooks.onExpired?.();
        throw new ApiRequestError({ status: 401, code: CLIENT_ERROR_CODES.sessionExpired, message: SESSION_EXPIRED_MESSAGE });
      }
    }

    let response: Response;
    try {
      response = await http(fillPath(def.path, input.params).slice(1), {
        method: def.method,
        searchParams: toSearchParams(input.query),
        json: input.body,
        // Only when there are some: ky takes an explicit `headers: undefined` as "none" and would drop the
        // instance's own (accept, the session-mode header).
        ...withHeaders(headersOf(def, input)),
        ...(def.idempotent ? { retry: IDEMPOTENT_RETRY } : {}),
        signal: input.signal,
        context: { token },
      });
    } catch (error) {
      if (isAbortError(error) || input.signal?.aborted) throw input.signal?.reason ?? error;
      if (error instanceof HTTPError) {
        const errorBody = readErrorBody(await readJson(error.response).catch(() => null));
        const status = error.response.status;
        // The server ended the session (signed out elsewhere, password changed): log out as on expiry.
        if (token && status === 401 && SESSION_ENDED_CODES.has(errorBody?.code ?? '')) hooks.onExpired?.();
        if (def.returnsErrorBody) {
          const result: ApiResult<never> = {
            ok: false,
            status,
            error: { ...errorBody, message: errorBody?.message || REQUEST_ERRORS.fallback, code: errorBody?.code || `HTTP_${status}` },
          };
          return result;
        }
        const message = errorBody?.message || REQUEST_ERRORS.fallback;
        const failure = new ApiRequestError({ status, code: errorBody?.code || `HTTP_${status}`, message, body: errorBody, cause: error });
        report(message, failure, input.silent);
        throw failure;
      }
      // No response at all: network down, refused, timed out.
      const code = error instanceof TimeoutError ? 'TIMEOUT' : CLIENT_ERROR_CODES.network;
      const failure = new ApiRequestError({ status: 0, code, message: REQUEST_ERRORS.fallback, cause: error });
      report(failure.message, failure, input.silent);
      throw failure;
    }

    const parsed = v.safeParse(bodySchema, await readJson(response));
    if (!parsed.success) {
      const message = `Unexpected response from ${where}: ${v.summarize(parsed.issues)}`;
      const failure = new ApiRequestError({ status: response.status, code: CLIENT_ERROR_CODES.responseInvalid, message, cause: parsed.issues });
      report(message, failure, input.silent);
      throw failure;
    }
    const data = def.paging === 'headers' ? toHeaderPage(parsed.output as unknown[], response) : parsed.output;
    if (def.returnsErrorBody) {
      const result: ApiResult<unknown> = { ok: true, status: response.status, data };
      return result;
    }
    return data;
  };
}
