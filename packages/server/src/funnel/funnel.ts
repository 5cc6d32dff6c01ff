// The sign-up funnel (issue 18): the widget's visitors' tracked workflow steps (SPEC §2.10), stored once
// per anonymous session and step (funnel_events), and the permit team's report over a date range.
import {
  FUNNEL_DEFAULT_DAYS,
  FUNNEL_MAX_DAYS,
  FUNNEL_RANGE_MESSAGE,
  FUNNEL_STAGES,
  FUNNEL_STAGE_OF_STEP,
  TRACKED_STEPS,
  funnelStages,
  type FunnelReport,
  type TrackedStep,
} from '@permitdesk/core';
import { sql } from 'kysely';
import { platformOrigins, trustedOrigins, type Config } from '../config.js';
import type { Db } from '../db/schema.js';
import { badRequest } from '../http/errors.js';

const DAY_MS = 86_400_000;
const MAX_ORIGIN_LENGTH = 300;

/** scheme://host[:port] of an http(s) address, or null (paths, queries and anything else are dropped). */
export function originOf(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.origin.length <= MAX_ORIGIN_LENGTH ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * The origin a visit is counted under (issue 18). The widget on PermitDesk's own hosted pages (/embed and
 * the construction platform's /embed/construction-platform) runs on PermitDesk's origin: such a visit is
 * counted under the page framing it when that origin may frame them (EMBED_ORIGINS, PLATFORM_ORIGINS),
 * so the funnel shows where visitors came from. A partner's own page keeps its origin, whatever it claims
 * to be framed by; an unlisted framer counts as PermitDesk's own page.
 */
export function funnelOrigin(config: Pick<Config, 'PUBLIC_URL' | 'EMBED_ORIGINS' | 'PLATFORM_ORIGINS'>, page: string | null, embeddedIn: string | null): string | null {
  const own = new URL(config.PUBLIC_URL).origin;
  if (page !== own || embeddedIn === null || embeddedIn === own) return page;
  return trustedOrigins(config).includes(embeddedIn) || platformOrigins(config).includes(embeddedIn) ? embeddedIn : page;
}

export interface FunnelEventInput {
  step: TrackedStep;
  session: string;
  origin: string | null;
}

/** Records that a session reached a step; a repeat of the same session and step changes nothing. */
export async function recordFunnelEvent(db: Db, event: FunnelEventInput, now: Date): Promise<void> {
  await db
    .insertInto('funnel_events')
    .values({ session: event.session, step: event.step, origin: event.origin, created_at: now })
    .onConflict((oc) => oc.columns(['session', 'step']).doNothing())
    .execute();
}

/** Visits are kept a month longer than the longest report reaches back, then dropped by a daily job. */
export const FUNNEL_KEEP_DAYS = FUNNEL_MAX_DAYS + 30;
export const FUNNEL_PRUNE_JOB = 'funnel.prune';
export const FUNNEL_PRUNE_DAILY_AT = '03:30';

/** Deletes the visits older than FUNNEL_KEEP_DAYS; answers how many went. */
export async function pruneFunnelEvents(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - FUNNEL_KEEP_DAYS * DAY_MS);
  const result = await db.deleteFrom('funnel_events').where('created_at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The report's days: [from, to] inclusive (UTC), default the last 30 days up to today. */
export function funnelRange(query: { from?: string; to?: string }, now: Date): { from: string; to: string; start: Date; end: Date } {
  const to = query.to ?? isoDay(now);
  const from = query.from ?? isoDay(new Date(Date.parse(`${to}T00:00:00Z`) - (FUNNEL_DEFAULT_DAYS - 1) * DAY_MS));
  const start = new Date(`${from}T00:00:00Z`);
  const end = new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS);
  const days = (end.getTime() - start.getTime()) / DAY_MS;
  if (Number.isNaN(days) || days < 1 || days > FUNNEL_MAX_DAYS) throw badRequest(FUNNEL_RANGE_MESSAGE, 'VALIDATION_ERROR', { from: FUNNEL_RANGE_MESSAGE });
  return { from, to, start, end };
}

/** The name of an origin the server knows: the construction platform's (PLATFORM_ORIGINS), PermitDesk's own. */
function originName(config: Pick<Config, 'PUBLIC_URL' | 'PLATFORM_ORIGINS' | 'PLATFORM_NAME'>, origin: string): string | undefined {
  if (platformOrigins(config).includes(origin)) return config.PLATFORM_NAME;
  if (origin === new URL(config.PUBLIC_URL).origin) return 'PermitDesk';
  return undefined;
}

export async function funnelReport(
  db: Db,
  config: Pick<Config, 'PUBLIC_URL' | 'PLATFORM_ORIGINS' | 'PLATFORM_NAME'>,
  query: { from?: string; to?: string; origin?: string },
  now: Date,
): Promise<FunnelReport> {
  const { from, to, start, end } = funnelRange(query, now);
  const origin = query.origin ? query.origin : null;
  const inRange = db
    .selectFrom('funnel_events')
    .where('created_at', '>=', start)
    .where('created_at', '<', end);
  const filtered = origin === null ? inRange : inRange.where('origin', '=', origin);

  const stepRows = await filtered.select(['step', (eb) => eb.fn.countAll<string>().as('sessions')]).groupBy('step').execute();
  const perStep = new Map(stepRows.map((row) => [row.step, Number(row.sessions)]));

  // Each session's furthest stage, then how many sessions stopped at each.
  const stageCase = sql<number>`max(case step ${sql.join(
    TRACKED_STEPS.map((step) => sql`when ${step} then ${FUNNEL_STAGE_OF_STEP[step]}::int`),
    sql` `,
  )} end)`;
  const furthestRows = await db
    .selectFrom(filtered.select(['session', stageCase.as('furthest')]).groupBy('session').as('s'))
    .select(['s.furthest', (eb) => eb.fn.countAll<string>().as('sessions')])
    .groupBy('s.furthest')
    .execute();
  const furthest = FUNNEL_STAGES.map((_, index) => Number(furthestRows.find((row) => Number(row.furthest) === index)?.sessions ?? 0));

  const originRows = await inRange
    .where('origin', 'is not', null)
    .select(['origin', (eb) => eb.fn.count<string>('session').distinct().as('sessions')])
    .groupBy('origin')
    .orderBy('sessions', 'desc')
    .orderBy('origin')
    .limit(100)
    .execute();

  return {
    from,
    to,
    origin,
    origins: originRows.map((row) => {
      const name = originName(config, row.origin!);
      return { origin: row.origin!, sessions: Number(row.sessions), ...(name ? { name } : {}) };
    }),
    steps: TRACKED_STEPS.map((step) => ({ step, sessions: perStep.get(step) ?? 0 })),
    stages: funnelStages(furthest),
  };
}
