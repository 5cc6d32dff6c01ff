// Where rate-limit counters live, so that every replica sees the same ones: the database (table
// rate_limits, one upsert per hit) or Redis when REDIS_URL is set (one Lua script per hit). Both keep the
// same three numbers per key and apply the same rule, computed from the app's clock.
import { sql } from 'kysely';
import type { Db } from '../db/schema.js';

/** How many hits a key gets, and how long it waits once past that. */
export interface LimitPolicy {
  /** Hits allowed within the window before delays start. */
  limit: number;
  windowMs: number;
  /** The first delay past the limit; each further hit doubles it... */
  delayMs: number;
  /** ...up to this. */
  maxDelayMs: number;
}

export interface RateLimitStore {
  /** Counts one hit at `now`; returns the end of the delay it started (null while under the limit). */
  hit(key: string, policy: LimitPolicy, now: Date): Promise<Date | null>;
  /** The end of the key's current delay, or null. */
  blockedUntil(key: string, now: Date): Promise<Date | null>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * The rule, stated once: a counter lives `windowMs` from its first hit; hit n past the limit delays the
 * key by delayMs·2^(n−limit−1) (at most maxDelayMs), and the counter is then kept until a window after
 * that delay ends, so a client that keeps trying waits longer each time.
 */
export const delayFor = (count: number, policy: LimitPolicy): number =>
  count > policy.limit ? Math.min(policy.maxDelayMs, policy.delayMs * 2 ** (count - policy.limit - 1)) : 0;

export function createDatabaseStore(db: Db): RateLimitStore {
  let hits = 0;
  return {
    async hit(key, policy, now) {
      const ms = (value: unknown) => sql`(${value} * interval '1 millisecond')`;
      // The new count, from the old row (ON CONFLICT sees the old values only).
      const count = sql`(CASE WHEN r.expires_at <= ${now}::timestamptz THEN 1 ELSE r.count + 1 END)`;
      const delay = sql`(CASE WHEN ${count} > ${policy.limit}::int
        THEN LEAST(${policy.maxDelayMs}::float8, ${policy.delayMs}::float8 * power(2::float8, (${count} - ${policy.limit}::int - 1)::float8))
        ELSE 0 END)`;
      const firstDelay = delayFor(1, policy);
      const { rows } = await sql<{ blocked_until: Date | string | null }>`
        INSERT INTO rate_limits AS r (key, count, expires_at, blocked_until)
        VALUES (${key}, 1, ${now}::timestamptz + ${ms(policy.windowMs + firstDelay)},
                ${firstDelay > 0 ? new Date(now.getTime() + firstDelay) : null}::timestamptz)
        ON CONFLICT (key) DO UPDATE SET
          count = ${count},
          blocked_until = CASE WHEN ${delay} > 0 THEN ${now}::timestamptz + ${ms(delay)} ELSE NULL END,
          expires_at = GREATEST(
            CASE WHEN r.expires_at <= ${now}::timestamptz THEN ${now}::timestamptz + ${ms(policy.windowMs)} ELSE r.expires_at END,
            ${now}::timestamptz + ${ms(sql`(${delay} + ${policy.windowMs}::float8)`)})
        RETURNING blocked_until`.execute(db);
      // Forgotten counters are swept now and then, not on every hit (the index keeps it cheap).
      if (++hits % 500 === 0) await sql`DELETE FROM rate_limits WHERE expires_at <= ${now}::timestamptz`.execute(db);
      const until = rows[0]?.blocked_until;
      return until ? new Date(until) : null;
    },
    async blockedUntil(key, now) {
      const { rows } = await sql<{ blocked_until: Date | string | null }>`
        SELECT blocked_until FROM rate_limits WHERE key = ${key} AND blocked_until > ${now}::timestamptz`.execute(db);
      const until = rows[0]?.blocked_until;
      return until ? new Date(until) : null;
    },
    async reset(key) {
      await sql`DELETE FROM rate_limits WHERE key = ${key}`.execute(db);
    },
    async close() {},
  };
}

/** The same rule in Lua: a hash {count, expires, until} per key (ms of the app's clock), expired by Redis. */
const HIT_SCRIPT = `
local now, limit, window, delay, maxDelay = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5])
local count = tonumber(redis.call('HGET', KEYS[1], 'count') or '0')
local expires = tonumber(redis.call('HGET', KEYS[1], 'expires') or '0')
if expires <= now then count = 0; expires = now + window end
count = count + 1
local untilMs = 0
if count > limit then
  untilMs = now + math.min(maxDelay, delay * 2 ^ (count - limit - 1))
  expires = math.max(expires, untilMs + window)
end
redis.call('HSET', KEYS[1], 'count', count, 'expires', expires, 'until', untilMs)
redis.call('PEXPIRE', KEYS[1], math.max(1, expires - now))
return tostring(untilMs)`;

/** A Redis store over @redis/client (connects at once; REDIS_URL as given). */
export async function createRedisStore(url: string): Promise<RateLimitStore> {
  const { createClient } = await import('@redis/client');
  const client = createClient({ url });
  client.on('error', () => {}); // reconnects by itself; a failed command still rejects
  await client.connect();
  const prefix = 'permitdesk:rate:';
  return {
    async hit(key, policy, now) {
      const until = Number(
        await client.eval(HIT_SCRIPT, {
          keys: [prefix + key],
          arguments: [now.getTime(), policy.limit, policy.windowMs, policy.delayMs, policy.maxDelayMs].map(String),
        }),
      );
      return until > 0 ? new Date(until) : null;
    },
    async blockedUntil(key, now) {
      const until = Number((await client.hGet(prefix + key, 'until')) ?? 0);
      return until > now.getTime() ? new Date(until) : null;
    },
    async reset(key) {
      await client.del(prefix + key);
    },
    async close() {
      await client.close();
    },
  };
}
