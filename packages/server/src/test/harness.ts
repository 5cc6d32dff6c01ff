// createTestContext: the real app on a fresh, migrated and seeded database (in-memory PGlite, or a
// throw-away PostgreSQL database when DATABASE_URL is set), with helpers to call it like a client.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AuthenticateResult, Profile, SessionTokens } from '@permitdesk/core';
import { createApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { openPostgres, type DatabaseHandle } from '../db/database.js';
import type { App } from '../http/context.js';
import { createLogger } from '../http/logger.js';
import type { OutboxMessage } from '../mail/mail-service.js';
import { closeServices, createServices, type AppServices } from '../services.js';
import { freshPglite, freshPostgres } from './templates.js';

export type DatabaseTarget = 'pglite' | 'postgres';

/**
 * 'pglite' always, plus 'postgres' when DATABASE_URL is set: use with describe.each. Under CI=true a
 * missing DATABASE_URL is an error, so CI cannot drop the PostgreSQL pass without saying so.
 */
export const databaseTargets = (): DatabaseTarget[] => {
  if (process.env.DATABASE_URL) return ['pglite', 'postgres'];
  if (process.env.CI === 'true') throw new Error('CI=true needs DATABASE_URL: the database suites must also run on PostgreSQL');
  return ['pglite'];
};

export interface TestResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  body?: unknown;
  token?: string | null;
  headers?: Record<string, string>;
  query?: Record<string, string | number | boolean | undefined>;
}

export interface TestUser {
  sub: string;
  email: string;
  password: string;
  name: string;
  accessToken: string;
  refreshToken: string;
  profile: Profile;
}

export interface TestContext {
  target: DatabaseTarget;
  /** postgres: the URL of this context's database (pg_dump it, open it again); null on PGlite. */
  databaseUrl: string | null;
  app: App;
  services: AppServices;
  config: Config;
  request<T = any>(method: string, path: string, options?: RequestOptions): Promise<TestResponse<T>>;
  /** Signs a new user up through the API: sign-up, code from the mailbox, confirm, authenticate. */
  signUp(input?: { email?: string; password?: string; name?: string; phoneNumber?: string }): Promise<TestUser>;
  signIn(email: string, password: string): Promise<TestUser>;
  /** A confirmed user created through the identity service directly (fast), signed in. */
  createUser(input?: { email?: string; password?: string; name?: string }): Promise<TestUser>;
  /** Messages of the outbox for an address, newest first. */
  mailbox(to: string): Promise<OutboxMessage[]>;
  /** The 6-digit code of the newest mail to an address. */
  lastCode(to: string): Promise<string>;
  /** A fresh unique address. */
  email(prefix?: string): string;
  /** Moves the services' clock forward. */
  advanceTime(ms: number): void;
  close(): Promise<void>;
}

export interface TestContextOptions {
  target?: DatabaseTarget;
  env?: Record<string, string>;
  /**
   * Every request from a client address of its own (TRUST_PROXY and X-Forwarded-For), for suites that
   * ask what an endpoint answers rather than how often one client may call it (the per-client rate
   * limits would answer 429 to one client making thousands of calls).
   */
  distinctClients?: boolean;
  /** The services' logger (a test capturing the log lines); silent by default. */
  log?: import('../http/logger.js').Logger;
  /** postgres: open this existing database (a restored backup) instead of a fresh copy; it is not dropped. */
  databaseUrl?: string;
}

export async function createTestContext(options: TestContextOptions = {}): Promise<TestContext> {
  const target = options.target ?? 'pglite';
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'permitdesk-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://permitdesk.test',
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    ...(options.distinctClients ? { TRUST_PROXY: 'on' } : {}),
    ...options.env,
  });

  let database: DatabaseHandle;
  let drop = async () => {};
  let databaseUrl: string | null = null;
  if (target === 'postgres' && options.databaseUrl) {
    databaseUrl = options.databaseUrl;
    database = await openPostgres(databaseUrl);
  } else if (target === 'postgres') {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('The postgres target needs DATABASE_URL');
    const fresh = await freshPostgres(url);
    database = fresh.handle;
    drop = fresh.drop;
    databaseUrl = fresh.url;
  } else {
    database = await freshPglite();
  }

  let offsetMs = 0;
  const clock = () => new Date(Date.now() + offsetMs);
  const services = await createServices(config, { database, clock, log: options.log ?? createLogger('silent') });
  const app = createApp(services);
  let counter = 0;
  let clients = 0;
  const clientHeader = (): Record<string, string> => {
    if (!options.distinctClients) return {};
    clients += 1;
    return { 'x-forwarded-for': `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}` };
  };

  const request: TestContext['request'] = async (method, urlPath, opts = {}) => {
    const url = new URL(urlPath, 'http://permitdesk.test');
    for (const [key, value] of Object.entries(opts.query ?? {})) if (value !== undefined) url.searchParams.set(key, String(value));
    const headers: Record<string, string> = { accept: 'application/json', ...clientHeader(), ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: RequestInit['body'];
    if (opts.body !== undefined) {
      body = typeof opts.body === 'string' || opts.body instanceof Uint8Array ? (opts.body as RequestInit['body']) : JSON.stringify(opts.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await app.request(url.pathname + url.search, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON: the text is the body */
    }
    return { status: res.status, headers: res.headers, body: parsed as never, text };
  };

  const mailbox = (to: string) => services.mail.list({ to });
  const lastCode = async (to: string) => {
    const [latest] = await mailbox(to);
    const code = latest?.text.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`No code in the newest mail to ${to}`);
    return code;
  };
  const email = (prefix = 'user') => `${prefix}.${Date.now().toString(36)}.${++counter}@example.com`;

  const asUser = (password: string, result: AuthenticateResult | { tokens: SessionTokens; profile: Profile }): TestUser => {
    if ('status' in result && result.status !== 'ok') throw new Error(`Sign-in ended with ${result.status}`);
    const { tokens, profile } = result as { tokens: SessionTokens; profile: Profile };
    return { sub: profile.sub, email: profile.email, password, name: profile.name, accessToken: tokens.accessToken, refreshToken: tokens.refreshToken ?? '', profile };
  };

  const signIn: TestContext['signIn'] = async (address, password) => {
    const res = await request<AuthenticateResult>('POST', '/auth/authenticate', { body: { email: address, password } });
    if (res.status !== 200) throw new Error(`Sign-in failed: ${res.status} ${res.text}`);
    return asUser(password, res.body);
  };

  return {
    target,
    databaseUrl,
    app,
    services,
    config,
    request,
    mailbox,
    lastCode,
    email,
    signIn,
    async signUp(input = {}) {
      const address = input.email ?? email('signup');
      const password = input.password ?? 'Secret-pass1';
      const name = input.name ?? 'Test User';
      const res = await request('POST', '/auth/sign-up', { body: { email: address, password, fullName: name, ...(input.phoneNumber ? { phoneNumber: input.phoneNumber } : {}) } });
      if (res.status !== 200) throw new Error(`Sign-up failed: ${res.status} ${res.text}`);
      const confirm = await request('POST', '/auth/confirm-registration', { body: { email: address, code: await lastCode(address) } });
      if (confirm.status !== 200) throw new Error(`Confirmation failed: ${confirm.status} ${confirm.text}`);
      return signIn(address, password);
    },
    async createUser(input = {}) {
      const address = input.email ?? email('member');
      const password = input.password ?? 'Secret-pass1';
      const user = await services.identity.createUser({ email: address, password, name: input.name ?? 'Member User', confirmed: true });
      return asUser(password, await services.identity.issueSession(user.id));
    },
    advanceTime(ms) {
      offsetMs += ms;
    },
    async close() {
      await closeServices(services);
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
