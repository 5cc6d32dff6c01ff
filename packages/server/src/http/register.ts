// registerEndpoint: serve one endpoint of core's catalogue. The path, the auth rule and the schemas of
// params, query, body and response all come from the catalogue entry, so the client, the server and
// /openapi.json cannot drift apart.
import {
  IDEMPOTENCY_HEADER,
  PAGINATION_HEADERS,
  hasControlCharacters,
  idempotencyKeySchema,
  notAllowedCharactersMessage,
  type EndpointDef,
  type ParsedRequest,
} from '@permitdesk/core';
import * as v from 'valibot';
import { isProduction } from '../config.js';
import type { AppServices } from '../services.js';
import type { AuthUser } from '../identity/user.js';
import type { App, AppContext } from './context.js';
import { badRequest, unauthorized, validationError } from './errors.js';
import { withIdempotency } from './idempotency.js';
import { clientAddress } from './client-address.js';
import { noteRequestUser } from '../ops/request-context.js';

type Schema = v.GenericSchema;

export interface HandlerContext<E extends EndpointDef> {
  services: AppServices;
  /** Present whenever the endpoint needs a bearer token; otherwise the caller's user if a valid token came. */
  user: E['auth'] extends 'bearer' ? AuthUser : AuthUser | null;
  c: AppContext;
}

type ResponseIn<E extends EndpointDef> = E['response'] extends Schema ? v.InferInput<E['response']> : never;

/** Header-paged lists return one page and the totals; registerEndpoint sets the x-pagination-* headers. */
export interface PageResult<T> {
  items: T[];
  page: number;
  size: number;
  totalCount: number;
}

export type HandlerResult<E extends EndpointDef> =
  | (E['paging'] extends 'headers' ? PageResult<ResponseIn<E>> : ResponseIn<E>)
  | Response;

export type EndpointHandler<E extends EndpointDef> = (
  ctx: HandlerContext<E>,
  req: ParsedRequest<E>,
) => HandlerResult<E> | Promise<HandlerResult<E>>;

/** Endpoints registered on each app, in order, for /openapi.json and its test. */
const registered = new WeakMap<object, EndpointDef[]>();
export const registeredEndpoints = (app: App): readonly EndpointDef[] => registered.get(app) ?? [];

/** '/v3/permits/{id}' → '/v3/permits/:id' */
export const toHonoPath = (path: string): string => path.replace(/\{(\w+)\}/g, ':$1');

function parseWith<S extends Schema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (!result.success) throw validationError(result.issues);
  return result.output;
}

/** The bearer token of a request, or null when none was sent. */
export function bearerToken(c: AppContext): string | null {
  const header = c.req.header('authorization');
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? '';
}

async function authenticate(c: AppContext, services: AppServices, required: boolean): Promise<AuthUser | null> {
  const token = bearerToken(c);
  if (token === null || token === '') {
    if (required) throw unauthorized();
    return null;
  }
  try {
    return await services.identity.verifyAccessToken(token);
  } catch (error) {
    if (required) throw error;
    return null; // a public endpoint ignores a bad token
  }
}

/** The dotted path of the first text (or key) holding control characters, or null. */
function controlCharacterPath(value: unknown, path: string): string | null {
  if (typeof value === 'string') return hasControlCharacters(value) ? path : null;
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (hasControlCharacters(key)) return at;
    const found = controlCharacterPath(item, at);
    if (found !== null) return found;
  }
  return null;
}

/**
 * Control characters (a NUL above all: PostgreSQL cannot store it) are refused in every text of a
 * request before any schema or handler sees it: 400 naming the field.
 */
function refuseControlCharacters(input: unknown): void {
  const path = controlCharacterPath(input, '');
  if (path === null) return;
  const field = path.split('.').filter((part) => !/^\d+$/.test(part)).at(-1) ?? path;
  const message = notAllowedCharactersMessage(field.replace(/^(params|query|body)$/, 'value'));
  throw badRequest(message, 'VALIDATION_ERROR', { [path.replace(/^(params|query|body)\.?/, '') || path]: message });
}

/** The Idempotency-Key of a creating call, checked; undefined when none came. */
function idempotencyKeyOf(c: AppContext): string | undefined {
  const raw = c.req.header(IDEMPOTENCY_HEADER);
  return raw === undefined ? undefined : parseWith(idempotencyKeySchema, raw);
}

async function readBody(c: AppContext): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badRequest('The request body is not valid JSON.', 'INVALID_JSON');
  }
}

function checkResponse(schema: Schema, value: unknown, where: string): void {
  const result = v.safeParse(schema, value);
  if (!result.success) {
    const issue = result.issues[0];
    throw new Error(`Response of ${where} does not match its schema at ${issue ? (v.getDotPath(issue) ?? '(root)') : '?'}: ${issue?.message}`);
  }
}

export function registerEndpoint<const E extends EndpointDef>(app: App, def: E, handler: EndpointHandler<E>): void {
  const list = registered.get(app) ?? [];
  list.push(def);
  registered.set(app, list);

  app.on(def.method, toHonoPath(def.path), async (c) => {
    const services = c.get('services');
    const user = await authenticate(c, services, def.auth === 'bearer');
    noteRequestUser(user?.sub);
    const answer = () => respond(c, def, handler, services, user);
    const key = def.idempotent ? idempotencyKeyOf(c) : undefined;
    if (key === undefined) return answer();
    // Keys are the caller's own: a user's, or an anonymous client's.
    return withIdempotency(c, user ? `user:${user.sub}` : `client:${clientAddress(c)}`, key, answer);
  });
}

/** One call: its parsed request through the handler, the answer checked against the catalogue. */
async function respond<const E extends EndpointDef>(
  c: AppContext,
  def: E,
  handler: EndpointHandler<E>,
  services: AppServices,
  user: AuthUser | null,
): Promise<Response> {
  const where = `${def.method} ${def.path}`;
  const raw = { params: c.req.param(), query: c.req.query(), body: def.body ? await readBody(c) : undefined };
  refuseControlCharacters(raw);
  const req = {
    params: def.params ? parseWith(def.params, raw.params) : {},
    query: def.query ? parseWith(def.query, c.req.query()) : {},
    body: def.body ? parseWith(def.body, raw.body) : undefined,
    headers: def.headers ? parseWith(def.headers, c.req.header()) : {},
  } as ParsedRequest<E>;
  const ctx = { services, user, c } as HandlerContext<E>;
  const result: unknown = await handler(ctx, req);
  if (result instanceof Response) return result;
  const validate = !isProduction(services.config);

  if (def.paging === 'headers') {
    const page = result as PageResult<unknown>;
    if (validate) page.items.forEach((item, i) => checkResponse(def.response, item, `${where} item ${i}`));
    c.header(PAGINATION_HEADERS.index, String(page.page));
    c.header(PAGINATION_HEADERS.size, String(page.size));
    c.header(PAGINATION_HEADERS.totalCount, String(page.totalCount));
    return c.json(page.items as never);
  }
  if (validate) checkResponse(def.response, result, where);
  return c.json(result as never);
}
