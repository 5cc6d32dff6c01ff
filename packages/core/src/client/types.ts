// The client's configuration and the typed shape it derives from the endpoint catalogue.
import type { EndpointDef, EndpointInput, EndpointInputRequired, EndpointOutput } from '../api/endpoint.js';
import type { Endpoints } from '../api/index.js';
import type { ApiError } from '../schemas/common.js';
import type { HostConfig, HostName } from './hosts.js';

export interface ApiClientConfig extends HostConfig {
  /** The access token (may refresh it first); null or '' when signed out. */
  getToken?: () => string | null | undefined | Promise<string | null | undefined>;
  /** Whether the token getToken gave is past its expiry. */
  isExpired?: () => boolean;
  /** Called instead of sending a bearer call when the session has expired: logs the user out. */
  onExpired?: () => void;
  /** The one global error handler (SPEC §7.8): the message to show and the error behind it. */
  onError?: (message: string, error: unknown) => void;
  /** Another area → host mapping (defaults: verification, integrations and account on their hosts). */
  areaHosts?: Partial<Record<string, HostName>>;
  fetch?: typeof globalThis.fetch;
  /**
   * Keep the refresh token in the server's HttpOnly cookie instead of handing it to page script (the
   * dashboard, served from the API's own origin): sends the session-mode header on every call.
   */
  cookieSession?: boolean;
  /** Per-request timeout in milliseconds (default 30 s); false for none. */
  timeoutMs?: number | false;
}

/**
 * What an endpoint marked `returnsErrorBody` resolves to: its data, or the server's error body
 * (SPEC §7.5: "several return the server error body to the caller"). Nothing goes to onError then.
 */
export type ApiResult<T> = { ok: true; status: number; data: T } | { ok: false; status: number; error: ApiError };

/** Per-call options on top of what the catalogue defines. */
export interface CallOptions {
  /** Do not report failures to the global error handler: the caller shows its own message. */
  silent?: boolean;
  /** The Idempotency-Key of a creating call, for a caller that retries a user action itself (default: a fresh one per call). */
  idempotencyKey?: string;
}

export type ClientInput<E extends EndpointDef> = EndpointInput<E> & CallOptions;
export type ClientOutput<E extends EndpointDef> = E['returnsErrorBody'] extends true
  ? ApiResult<EndpointOutput<E>>
  : EndpointOutput<E>;

/** One endpoint as a function; its argument is optional when it has no path parameters or body. */
export type EndpointFunction<E extends EndpointDef> = EndpointInputRequired<E> extends true
  ? (input: ClientInput<E>) => Promise<ClientOutput<E>>
  : (input?: ClientInput<E>) => Promise<ClientOutput<E>>;

export interface EndpointTree {
  readonly [key: string]: EndpointDef | EndpointTree;
}

/** The catalogue with every endpoint turned into its function, groups kept. */
export type ApiClientOf<T> = {
  readonly [K in keyof T]: T[K] extends EndpointDef ? EndpointFunction<T[K]> : ApiClientOf<T[K]>;
};
export type ApiClient = ApiClientOf<Endpoints>;
