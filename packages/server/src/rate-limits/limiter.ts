// Per-client rate limits with growing delays, counted in a store every replica shares (database, or Redis
// when REDIS_URL is set). Two users: http/rate-limit.ts puts a per-client request limit in front of the
// sign-up, verification, password-recovery and e-mail lookup endpoints; the identity service counts
// sign-in failures per client and per account+client (no account is ever locked for everyone).
import type { Config } from '../config.js';
import type { Db } from '../db/schema.js';
import { HttpError } from '../http/errors.js';
import { createDatabaseStore, createRedisStore, type LimitPolicy, type RateLimitStore } from './stores.js';

export type { LimitPolicy } from './stores.js';

const MINUTE = 60_000;

/** Every limit in one place. Numbers are per client address (per account+client for `signInAccount`). */
export const RATE_LIMITS = {
  /** E-mail lookups (does an account exist, stored verification data, company e-mail domains). */
  lookup: { limit: 60, windowMs: 10 * MINUTE, delayMs: MINUTE, maxDelayMs: 60 * MINUTE },
  /** Calls that create an account or send a verification mail. */
  signUp: { limit: 40, windowMs: 10 * MINUTE, delayMs: MINUTE, maxDelayMs: 60 * MINUTE },
  /** Codes and links tried (each address also has its own code limit). */
  verification: { limit: 40, windowMs: 10 * MINUTE, delayMs: MINUTE, maxDelayMs: 60 * MINUTE },
  /** A public compliance link opened or its files downloaded (issue 13): generous for a person, a wall for a token guesser. */
  publicLink: { limit: 60, windowMs: 10 * MINUTE, delayMs: MINUTE, maxDelayMs: 60 * MINUTE },
  /** The widget's funnel events (issue 18): a visit sends a handful; this bounds how many sessions one client can add. */
  funnel: { limit: 120, windowMs: 10 * MINUTE, delayMs: MINUTE, maxDelayMs: 60 * MINUTE },
  /** Forgot password and its code. */
  recovery: { limit: 20, windowMs: 10 * MINUTE, delayMs: MINUTE, maxDelayMs: 60 * MINUTE },
  /** Wrong passwords from one client, whatever the account (stops spraying many addresses). */
  signInClient: { limit: 20, windowMs: 15 * MINUTE, delayMs: MINUTE, maxDelayMs: 60 * MINUTE },
  /** Wrong passwords for one account from one client: the 5th waits 30 s, then 1 min, 2 min... up to 15 min. */
  signInAccount: { limit: 4, windowMs: 15 * MINUTE, delayMs: 30_000, maxDelayMs: 15 * MINUTE },
} as const satisfies Record<string, LimitPolicy>;

export type LimitGroup = Exclude<keyof typeof RATE_LIMITS, 'signInClient' | 'signInAccount'>;

/** 429 with the seconds to wait; http/rate-limit.ts turns it into a Retry-After header. */
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
