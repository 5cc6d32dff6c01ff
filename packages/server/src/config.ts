// Environment variables, validated with valibot once at start: a bad value stops the server with a
// message naming the variable. Other areas add their variables to `configSchema` (additive edits).
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import * as v from 'valibot';

/** The repository root (packages/server/src → ../../..), where `.data` lives by default. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const optionalText = v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty()));
const optionalUrl = v.optional(v.pipe(v.string(), v.trim(), v.url('must be a URL')));

export const configSchema = v.object({
  PORT: v.optional(v.pipe(v.string(), v.regex(/^\d{1,5}$/, 'must be a port number'), v.transform(Number)), '3000'),
  /** Interface to listen on: 127.0.0.1 outside production (the dev mailbox must not face the network), else 0.0.0.0. */
  HOST: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty())),
  /** Where users reach this server (links in mails, signed file URLs). Defaults to http://localhost:PORT. */
  PUBLIC_URL: optionalUrl,
  NODE_ENV: v.optional(v.picklist(['development', 'production', 'test'], 'must be development, production or test'), 'development'),
  DATA_DIR: v.optional(v.pipe(v.string(), v.nonEmpty()), path.join(REPO_ROOT, '.data')),
  /** PostgreSQL connection string; PGlite in DATA_DIR/pglite when unset. */
  DATABASE_URL: v.optional(v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\//, 'must start with postgres://'))),
  /**
   * PostgreSQL: each connection prepares the statements it runs (named statements, issue 17). off behind a
   * pooler that hands one client's statements to different server connections (PgBouncer in transaction
   * mode without max_prepared_statements).
   */
  DATABASE_PREPARED_STATEMENTS: v.optional(v.picklist(['on', 'off'], 'must be on or off'), 'on'),
  /** PostgreSQL connections each replica keeps open (node-postgres pool); keep replicas × this under max_connections. */
  DATABASE_POOL_SIZE: v.optional(
    v.pipe(v.string(), v.regex(/^[1-9]\d{0,2}$/, 'must be a whole number from 1 to 999'), v.transform(Number)),
    '10',
  ),
  /** HS256 key for access tokens; generated once into DATA_DIR/jwt-secret when unset. */
  JWT_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, 'must be at least 32 characters'))),
  /** Key of the TOTP secrets at rest (AES-256-GCM); derived from JWT_SECRET (or the generated secret) when unset. */
  TWO_FACTOR_KEY: v.optional(v.pipe(v.string(), v.minLength(32, 'must be at least 32 characters'))),
  /** Key (≥ 32 characters) of the secrets the server reads back (platform tokens, webhook secrets): AES-256-GCM; derived from JWT_SECRET when unset. */
  SECRETS_KEY: v.optional(v.pipe(v.string(), v.minLength(32, 'must be at least 32 characters'))),
  /** Rotation: the previous SECRETS_KEY values, comma-separated, still accepted for reading. */
  SECRETS_KEY_PREVIOUS: v.optional(
    v.pipe(v.string(), v.transform((keys) => keys.split(',').map((key) => key.trim()).filter(Boolean))),
    '',
  ),
  /** nodemailer transport URL (smtp://user:pass@host:587); mail goes to the dev mailbox when unset. */
  SMTP_URL: v.optional(v.pipe(v.string(), v.regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://'))),
  MAIL_FROM: v.optional(v.string(), 'PermitDesk <no-reply@permitdesk.local>'),
  SUPPORT_EMAIL: v.optional(v.pipe(v.string(), v.email('must be an e-mail address')), 'support@permitdesk.local'),
  S3_BUCKET: optionalText,
  S3_REGION: v.optional(v.string(), 'us-east-1'),
  S3_ENDPOINT: optionalUrl,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  GOOGLE_MAPS_API_KEY: optionalText,
  /**
   * Address providers, comma-separated in fallback order (e.g. census,nominatim): builtin (the offline US
   * gazetteer: city/ZIP level, street not verified), census (the Census Bureau's keyless street geocoder;
   * its incorporated place and county pick the municipality), nominatim / photon (a self-hosted
   * OpenStreetMap geocoder at NOMINATIM_URL / PHOTON_URL), google (needs GOOGLE_MAPS_API_KEY). Each gets 1 s;
   * the built-in gazetteer answers when they are slow, down or find nothing. Unset: google with a key, else builtin.
   */
  GEOCODER: v.optional(
    v.pipe(
      v.string(),
      v.transform((list) => list.split(',').map((name) => name.trim().toLowerCase()).filter(Boolean)),
      v.array(v.picklist(['builtin', 'census', 'nominatim', 'photon', 'google']), 'must list builtin, census, nominatim, photon or google, comma-separated'),
      v.minLength(1, 'must list builtin, census, nominatim, photon or google, comma-separated'),
    ),
  ),
  /** A self-hosted Nominatim (https://nominatim.org), for GEOCODER=nominatim. */
  NOMINATIM_URL: optionalUrl,
  /** A self-hosted Photon (https://github.com/komoot/photon), for GEOCODER=photon. */
  PHOTON_URL: optionalUrl,
  /**
   * Where a public compliance link's visit is placed (issue 13): none (default: no place is recorded),
   * headers (the city/region/country a CDN in front adds: Cloudflare cf-ipcity/cf-region/cf-ipcountry,
   * CloudFront cloudfront-viewer-*), or an http(s) URL template with {ip} answering JSON with
   * city/region/country (a self-hosted ip-api/ipinfo-style service).
   */
  IP_GEOLOCATION: v.optional(
    v.union(
      [v.picklist(['none', 'headers']), v.pipe(v.string(), v.trim(), v.url(), v.regex(/^https?:\/\/.*\{ip\}/))],
      'must be none, headers, or an http(s) URL template containing {ip}',
    ),
    'none',
  ),
  EMAIL_VERIFIER_URL: optionalUrl,
  EMAIL_VERIFIER_KEY: optionalText,
  /** MX lookups in the built-in e-mail verifier: on by default, off under NODE_ENV=test. */
  EMAIL_MX_LOOKUP: v.optional(v.picklist(['on', 'off'], 'must be on or off')),
  LOG_LEVEL: v.optional(v.picklist(['debug', 'info', 'warn', 'error', 'silent'], 'must be debug, info, warn, error or silent'), 'info'),
  /** Demo projects loaded at the first start (demo company, its users and the operator); none when unset. */
  DEMO_DATA_PROJECTS: v.optional(v.pipe(v.string(), v.regex(/^\d{1,7}$/, 'must be a whole number'), v.transform(Number))),
  /** 0: the demo data without the demo company's month of work (cli/demo-showcase.ts): the browser suites' fixed demo. */
  DEMO_SHOWCASE: v.optional(v.picklist(['0', '1'], 'must be 0 or 1'), '1'),
  /** Comma-separated allowed CORS origins; any origin when unset (the widget API is public). */
  CORS_ORIGINS: optionalText,
  /**
   * Comma-separated partner origins (https://partner.example): the only pages that may frame /embed, post
   * messages to it, and be kept as a return address after e-mail verification. PUBLIC_URL's own origin
   * is always trusted.
   */
  EMBED_ORIGINS: v.optional(
    v.pipe(
      v.string(),
      v.check((list) => list.split(',').map((o) => o.trim()).filter(Boolean).every(isOrigin), 'must be comma-separated origins such as https://partner.example'),
    ),
  ),
  /**
   * The construction-management platform (issue 14): its name as users see it, its OAuth 2.0 endpoints
   * and API base, this server's client id and secret there, and the origins of its pages (the only ones
   * that may frame /embed/construction-platform and post messages to it). Unset: no platform.
   */
  PLATFORM_NAME: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(100)), 'Construction platform'),
  PLATFORM_AUTHORIZE_URL: optionalUrl,
  PLATFORM_TOKEN_URL: optionalUrl,
  PLATFORM_REVOKE_URL: optionalUrl,
  PLATFORM_API_URL: optionalUrl,
  PLATFORM_CLIENT_ID: optionalText,
  PLATFORM_CLIENT_SECRET: optionalText,
  /** Space-separated OAuth scopes asked for; none when unset. */
  PLATFORM_SCOPE: optionalText,
  /** Where the platform receives PermitDesk's signed events (permit, inspection, quote, compliance); none when unset. */
  PLATFORM_EVENTS_URL: optionalUrl,
  /** Comma-separated origins of the platform's pages (https://app.platform.example). */
  PLATFORM_ORIGINS: v.optional(
    v.pipe(
      v.string(),
      v.check((list) => list.split(',').map((o) => o.trim()).filter(Boolean).every(isOrigin), 'must be comma-separated origins such as https://app.platform.example'),
    ),
  ),
  /** 1: start the fake platform of the repository with the server (development and demos) and use it. */
  PLATFORM_FAKE: v.optional(v.picklist(['0', '1'], 'must be 0 or 1'), '0'),
  /** Port of the fake platform (PLATFORM_FAKE=1). */
  PLATFORM_FAKE_PORT: v.optional(v.pipe(v.string(), v.regex(/^\d{1,5}$/, 'must be a port number'), v.transform(Number)), '4010'),
  /** On SIGTERM: how long in-flight requests may take to finish before the process closes anyway (ms). */
  SHUTDOWN_DRAIN_MS: v.optional(v.pipe(v.string(), v.regex(/^\d{1,7}$/, 'must be a whole number of milliseconds'), v.transform(Number)), '25000'),
  /** Bearer token that /metrics (Prometheus) requires on the main port; /metrics answers 404 when neither this nor METRICS_PORT is set. */
  METRICS_TOKEN: v.optional(v.pipe(v.string(), v.minLength(16, 'must be at least 16 characters'))),
  /** Serve /metrics (no token) on this separate port instead, e.g. reachable only from the monitoring network. */
  METRICS_PORT: v.optional(v.pipe(v.string(), v.regex(/^\d{1,5}$/, 'must be a port number'), v.transform(Number))),
  /** redis://host:6379: keep rate-limit counters in Redis instead of the database (shared by replicas either way). */
  REDIS_URL: v.optional(v.pipe(v.string(), v.regex(/^rediss?:\/\//, 'must start with redis:// or rediss://'))),
  /**
   * Proxies in front of the server whose X-Forwarded-For is believed: off (default: the socket's address
   * is the client), on (one proxy), or a number of hops. Rate limits count per client address.
   */
  TRUST_PROXY: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^(on|off|\d{1,2})$/, 'must be on, off or a number of proxy hops'),
      v.transform((value) => (value === 'on' ? 1 : value === 'off' ? 0 : Number(value))),
    ),
    'off',
  ),
});

export type Config = v.InferOutput<typeof configSchema> & { HOST: string; PUBLIC_URL: string; DATA_DIR: string };

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the configuration from an environment; throws ConfigError listing every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const known = Object.fromEntries(
    Object.keys(configSchema.entries)
      .map((key) => [key, env[key] === '' ? undefined : env[key]] as const)
      .filter(([, value]) => value !== undefined),
  );
  const result = v.safeParse(configSchema, known);
  if (!result.success) {
    const lines = result.issues.map((issue) => `  ${v.getDotPath(issue) ?? '?'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const out = result.output;
  // A geocoder named without where it lives (or its key) is a mistake to say at start, not a silent fallback.
  const needs = { nominatim: 'NOMINATIM_URL', photon: 'PHOTON_URL', google: 'GOOGLE_MAPS_API_KEY' } as const;
  const missing = (out.GEOCODER ?? []).flatMap((name) => (name in needs && !out[needs[name as keyof typeof needs]] ? [needs[name as keyof typeof needs]] : []));
  if (missing.length > 0) throw new ConfigError(`Invalid configuration:\n${missing.map((key) => `  ${key}: is required by GEOCODER`).join('\n')}`);
  return {
    ...out,
    HOST: out.HOST ?? (out.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    DATA_DIR: path.resolve(out.DATA_DIR),
    PUBLIC_URL: (out.PUBLIC_URL ?? `http://localhost:${out.PORT}`).replace(/\/+$/, ''),
  };
}

function isOrigin(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === text.replace(/\/+$/, '');
  } catch {
    return false;
  }
}

/** The origins trusted as partners: PUBLIC_URL's own, then EMBED_ORIGINS (normalised, no trailing slash). */
export function trustedOrigins(config: Pick<Config, 'PUBLIC_URL' | 'EMBED_ORIGINS'>): string[] {
  const listed = (config.EMBED_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean).map((o) => new URL(o).origin);
  return [...new Set([new URL(config.PUBLIC_URL).origin, ...listed])];
}

/** True when `url` (any absolute URL) lies on a trusted origin. */
export function isTrustedUrl(config: Pick<Config, 'PUBLIC_URL' | 'EMBED_ORIGINS'>, url: string): boolean {
  try {
    return trustedOrigins(config).includes(new URL(url).origin);
  } catch {
    return false;
  }
}

/** The platform's page origins (PLATFORM_ORIGINS, normalised). */
export function platformOrigins(config: Pick<Config, 'PLATFORM_ORIGINS'>): string[] {
  return [...new Set((config.PLATFORM_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean).map((o) => new URL(o).origin))];
}

export const isProduction = (config: Pick<Config, 'NODE_ENV'>): boolean => config.NODE_ENV === 'production';
