// Per-client rate limits with growing delays, counted in a store every replica shares (database, or Redis
// when REDIS_URL is set). Two uses: `registerRateLimits` puts a per-client request limit in front of the
// sign-up, verification, password-recovery and e-mail lookup endpoints; the identity service counts
// sign-in failures per client and per account+client (no account is ever locked for everyone).
import { getConnInfo } from '@hono/node-server/conninfo';
import { endpoints, type EndpointDef } from '@permitdesk/core';
import type { Config } from '../config.js';
import type { Db } from '../db/schema.js';
import type { App, AppContext } from './context.js';
import { HttpError } from './errors.js';
import { createDatabaseStore, createRedisStore, type LimitPolicy, type RateLimitStore } from './rate-limit-stores.js';

export type { LimitPolicy } from './rate-limit-stores.js';

const MINUTE = 60_000;

/** Every limit in one place. Numbers are per client address (per account+client for `signInAccount`). */
export const RATE_LIMITS = {
  /** E-mail lookups (does an account exist, stored verification data, company e-mail domains). */
  lookup: { limit: 60, windowMs: 10 * MINUTE, delayMs: MINUTE, maxDelayMs: 60 * MINUTE },
  /** Calls that create an account or send a verification mail. */
  signUp: { limit: 40, windowMs: 10 * MINUTE, delayMs: MINUTE, maxDelayMs: 60 * MINUTE },
  /** Codes and links tried (each address also has its own code limit). */
  verification: { limit: 40, windowMs: 10 * MINUTE, delayMs: MINUTE, maxDelayMs: 60 * MINUTE },
  /** Forgot password and its code. */
  recovery: { limit: 20, windowMs: 10 * MINUTE, delayMs: MINUTE, maxDelayMs: 60 * MINUTE },
  /** Wrong passwords from one client, whatever the account (stops spraying many addresses). */
  signInClient: { limit: 20, windowMs: 15 * MINUTE, delayMs: MINUTE, maxDelayMs: 60 * MINUTE },
  /** Wrong passwords for one account from one client: the 5th waits 30 s, then 1 min, 2 min... up to 15 min. */
  signInAccount: { limit: 4, windowMs: 15 * MINUTE, delayMs: 30_000, maxDelayMs: 15 * MINUTE },
} as const satisfies Record<string, LimitPolicy>;

export type LimitGroup = Exclude<keyof typeof RATE_LIMITS, 'signInClient' | 'signInAccount'>;

const v = endpoints.verification;
const id = endpoints.identity;
/** The endpoints limited per client, and the group whose counter each one uses. */
export const LIMITED_ENDPOINTS: ReadonlyArray<readonly [EndpointDef, LimitGroup]> = [
  [v.checkExists, 'lookup'],
  [v.verificationData, 'lookup'],
  [v.userByEmail, 'lookup'],
  [v.getSignupFlow, 'lookup'],
  [endpoints.companyLookups.emailDomain, 'lookup'],
  [endpoints.integrations.userByEmail, 'lookup'],
  [v.checkEmail, 'signUp'],
  [v.sendVerifyMail, 'signUp'],
  [v.saveVerification, 'signUp'],
  [endpoints.account.createUserApp, 'signUp'],
  [id.signUp, 'signUp'],
  [id.resendCode, 'signUp'],
  [v.verifyOtp, 'verification'],
  [v.confirmVerifiedUrl, 'verification'],
  [v.updateSignupFlowTotp, 'verification'],
  [v.deleteSignupFlow, 'verification'],
  [id.confirmRegistration, 'verification'],
  [id.forgotPassword, 'recovery'],
  [id.confirmPassword, 'recovery'],
];

/** 429 with the seconds to wait; registerRateLimits turns it into a Retry-After header. */
export class RateLimitedError extends HttpError {
  constructor(
    readonly retryAfterSeconds: number,
    message = `Too many requests from your network. Please try again in ${waitText(retryAfterSeconds)}.`,
    code = 'RATE_LIMITED',
  ) {
    super(429, message, code);
  }
}

const waitText = (seconds: number) =>
  seconds < 90 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;

export interface RateLimiter {
  /** Throws RateLimitedError (with `message` and `code` when given) while `key` is delayed. */
  check(key: string, error?: { message: string; code: string }): Promise<void>;
  /** Counts one hit (a request, or a failure); the seconds of the delay it started, or 0. */
  hit(key: string, policy: LimitPolicy): Promise<number>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

const secondsUntil = (until: Date | null, now: Date) => (until ? Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000)) : 0);

export function createRateLimiter(store: RateLimitStore, clock: () => Date): RateLimiter {
  return {
    async check(key, error) {
      const now = clock();
      const seconds = secondsUntil(await store.blockedUntil(key, now), now);
      if (seconds > 0) throw error ? new RateLimitedError(seconds, error.message, error.code) : new RateLimitedError(seconds);
    },
    async hit(key, policy) {
      const now = clock();
      return secondsUntil(await store.hit(key, policy, now), now);
    },
    reset: (key) => store.reset(key),
    close: () => store.close(),
  };
}

/** Redis when REDIS_URL is set, else the database: either way every replica counts together. */
export async function openRateLimiter(config: Pick<Config, 'REDIS_URL'>, db: Db, clock: () => Date): Promise<RateLimiter> {
  const store = config.REDIS_URL ? await createRedisStore(config.REDIS_URL) : createDatabaseStore(db);
  return createRateLimiter(store, clock);
}

/**
 * The client's address: the socket's peer, or, behind TRUST_PROXY trusted proxies, the address those
 * proxies wrote into X-Forwarded-For (each appends the peer it saw, so the client is `hops` from the end).
 * Without TRUST_PROXY the header is ignored: any caller can write it. 'local' for in-process requests.
 */
export function clientAddress(c: AppContext, trustProxy: number): string {
  let peer = 'local';
  try {
    peer = getConnInfo(c).remote.address ?? 'local';
  } catch {
    /* no socket: an in-process request */
  }
  if (trustProxy <= 0) return peer;
  const forwarded = (c.req.header('x-forwarded-for') ?? '').split(',').map((part) => part.trim()).filter(Boolean);
  return forwarded[Math.max(0, forwarded.length - trustProxy)] ?? peer;
}

/** '/verify-reoon/{email}' → /^\/verify-reoon\/[^/]+$/ */
const pathPattern = (path: string) => new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+')}$`);

/**
 * Puts the per-client limits in front of LIMITED_ENDPOINTS (one middleware, so the catalogue's routes
 * stay one per endpoint), and a Retry-After on every 429 that has one.
 */
export function registerRateLimits(app: App): void {
  const limited = LIMITED_ENDPOINTS.map(([def, group]) => ({ method: def.method, pattern: pathPattern(def.path), group }));
  app.use(async (c, next) => {
    const match = limited.find((l) => l.method === c.req.method && l.pattern.test(c.req.path));
    if (match) {
      const { rateLimits, config } = c.get('services');
      const key = `${match.group}:${clientAddress(c, config.TRUST_PROXY)}`;
      try {
        await rateLimits.check(key);
      } catch (error) {
        if (!(error instanceof RateLimitedError)) throw error;
        return c.json(error.toJSON(), 429, { 'Retry-After': String(error.retryAfterSeconds) });
      }
      await rateLimits.hit(key, RATE_LIMITS[match.group]);
    }
    await next();
    // 429s thrown further on (the sign-in delays) get the header too.
    if (c.error instanceof RateLimitedError) c.header('Retry-After', String(c.error.retryAfterSeconds));
  });
}
