// An endpoint is data: method, path, who may call it, and the schemas of what goes in and comes out.
// The client turns each into a typed function, the server validates requests with the same schemas,
// and /openapi.json is generated from them, so the three cannot drift apart.
import type * as v from 'valibot';
import { idempotencyHeadersSchema } from '../schemas/common.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Schema = v.GenericSchema;

export interface EndpointDef {
  method: HttpMethod;
  /** Path with `{name}` placeholders, exactly as SPEC §7 writes it (with `permits` for `{product}`). */
  path: string;
  /** 'none': sign-up and public lookups; 'bearer': the access token is required. */
  auth: 'none' | 'bearer';
  summary: string;
  params?: Schema;
  query?: Schema;
  body?: Schema;
  /** Request headers the endpoint reads (names lower-case), e.g. the quote calls' sass_agent_id. */
  headers?: Schema;
  /** Schema of the success body (for header-paged lists: of one item). */
  response: Schema;
  /** Lists paged by the x-pagination-* response headers. */
  paging?: 'headers';
  /** Calls whose caller gets the server's error body rather than the global error handler (SPEC §7.5). */
  returnsErrorBody?: boolean;
  /**
   * Creating calls: they take an Idempotency-Key header (declared in `headers`), the server answers a
   * repeat of a key with the first answer, and the client sends a fresh key per call.
   */
  idempotent?: true;
}

export const endpoint = <const E extends EndpointDef>(e: E): E => e;

/** A creating call (see EndpointDef.idempotent): the endpoint with the optional Idempotency-Key header. */
export const creatingEndpoint = <const E extends Omit<EndpointDef, 'headers' | 'idempotent'>>(
  e: E,
): E & { idempotent: true; headers: typeof idempotencyHeadersSchema } => ({ ...e, idempotent: true, headers: idempotencyHeadersSchema });

type In<S> = S extends Schema ? v.InferInput<S> : never;
type Out<S> = S extends Schema ? v.InferOutput<S> : never;

/** Path and query values travel as text, so a caller may pass a number where the schema reads text. */
type LooseValue<V> = V extends string ? V | number : V;
type Loose<T> = { [K in keyof T]: LooseValue<T[K]> };

/** What a caller passes to an endpoint's function. */
export type EndpointInput<E extends EndpointDef> = (E['params'] extends Schema ? { params: Loose<In<E['params']>> } : object) &
  (E['query'] extends Schema ? { query?: Loose<In<E['query']>> } : object) &
  (E['body'] extends Schema ? { body: In<E['body']> } : object) &
  (E['headers'] extends Schema ? ({} extends In<E['headers']> ? { headers?: Loose<In<E['headers']>> } : { headers: Loose<In<E['headers']>> }) : object) & {
    signal?: AbortSignal;
  };

/** Whether an endpoint's function needs an argument (it has path parameters or a body). */
export type EndpointInputRequired<E extends EndpointDef> = E['params'] extends Schema
  ? true
  : E['body'] extends Schema
    ? true
    : E['headers'] extends Schema
      ? {} extends In<E['headers']> ? false : true
      : false;

/** What an endpoint's function resolves to. */
export type EndpointOutput<E extends EndpointDef> = E['paging'] extends 'headers'
  ? import('../schemas/common.js').HeaderPage<Out<E['response']>>
  : Out<E['response']>;

/** Parsed request parts on the server. */
export interface ParsedRequest<E extends EndpointDef> {
  params: E['params'] extends Schema ? Out<E['params']> : Record<string, never>;
  query: E['query'] extends Schema ? Out<E['query']> : Record<string, never>;
  body: E['body'] extends Schema ? Out<E['body']> : undefined;
  headers: E['headers'] extends Schema ? Out<E['headers']> : Record<string, never>;
}

/** '/v3/permits/{id}' + { id: 7 } → '/v3/permits/7' */
export function fillPath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') throw new Error(`Missing path parameter: ${name}`);
    return encodeURIComponent(String(value));
  });
}
