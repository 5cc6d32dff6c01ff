// The sign-up funnel (issue 18): the tracked workflow steps of SPEC §2.10, the event the widget sends when
// a visitor reaches one (recorded once per anonymous session and step), and the permit team's report.
import * as v from 'valibot';
import { dateSchema } from './common.js';
import { FUNNEL_STAGES, TRACKED_STEPS, type TrackedStep } from '../rules/funnel-steps.js';

export type FunnelStageKey = (typeof FUNNEL_STAGES)[number]['key'];

export const UNKNOWN_FUNNEL_STEP_MESSAGE = `Unknown funnel step: use one of ${TRACKED_STEPS.join(', ')}.`;
export const FUNNEL_SESSION_MESSAGE = 'The funnel session is 8 to 64 letters, digits, dashes or underscores.';
export const FUNNEL_FROM_URL_MESSAGE = 'The page address is at most 2048 characters.';
/** The largest body POST /v4/funnel/events accepts (bytes): an event is a step, a session id and an address. */
export const FUNNEL_EVENT_MAX_BYTES = 4096;
/** The longest date range the report covers (days). */
export const FUNNEL_MAX_DAYS = 366;
export const FUNNEL_DEFAULT_DAYS = 30;
export const FUNNEL_RANGE_MESSAGE = `Choose a date range whose start is not after its end, of at most ${FUNNEL_MAX_DAYS} days.`;

/** What the widget sends when a visitor reaches a tracked step (no account, no personal data). */
export const funnelEventSchema = v.strictObject({
  step: v.picklist(TRACKED_STEPS, UNKNOWN_FUNNEL_STEP_MESSAGE),
  /** The widget's anonymous session id (random, kept for the browser tab). */
  session: v.pipe(v.string(FUNNEL_SESSION_MESSAGE), v.regex(/^[A-Za-z0-9_-]{8,64}$/, FUNNEL_SESSION_MESSAGE)),
  /** The partner page the widget runs on; only its origin is kept. */
  fromURL: v.optional(v.nullable(v.pipe(v.string(FUNNEL_FROM_URL_MESSAGE), v.maxLength(2048, FUNNEL_FROM_URL_MESSAGE)))),
  /**
   * In a frame: the page framing the widget's page (PermitDesk's hosted /embed pages run on PermitDesk's
   * origin). The server counts the visit under it only for its own hosted pages, and only when that
   * origin may frame them (EMBED_ORIGINS, PLATFORM_ORIGINS).
   */
  embeddedIn: v.optional(v.nullable(v.pipe(v.string(FUNNEL_FROM_URL_MESSAGE), v.maxLength(2048, FUNNEL_FROM_URL_MESSAGE)))),
});
export type FunnelEvent = v.InferInput<typeof funnelEventSchema>;

/** The report's filter: days (inclusive, UTC; default the last 30 days) and one partner origin. */
export const funnelQuerySchema = v.object({
  from: v.optional(dateSchema),
  to: v.optional(dateSchema),
  origin: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(300))),
});
export type FunnelQuery = v.InferInput<typeof funnelQuerySchema>;

export const funnelReportSchema = v.object({
  from: dateSchema,
  to: dateSchema,
  /** The partner origin the report is limited to; null: every origin. */
  origin: v.nullable(v.string()),
  /** Partner origins seen in the range (for the filter), most sessions first. */
  origins: v.array(v.object({
    origin: v.string(),
    sessions: v.number(),
    /** What the origin is, when the server knows it: the construction platform (PLATFORM_NAME), PermitDesk itself. */
    name: v.optional(v.string()),
  })),
  /** Sessions that recorded each step, in the SPEC's order. */
  steps: v.array(v.object({ step: v.picklist(TRACKED_STEPS), sessions: v.number() })),
  /** The funnel: sessions that got at least this far, and the share of the previous stage's that did not (0..1; null for the first). */
  stages: v.array(v.object({
    key: v.picklist(FUNNEL_STAGES.map((s) => s.key)),
    label: v.string(),
    sessions: v.number(),
    dropOut: v.nullable(v.number()),
  })),
});
export type FunnelReport = v.InferOutput<typeof funnelReportSchema>;

/** The stage index of each step (FUNNEL_STAGES). */
export const FUNNEL_STAGE_OF_STEP = Object.fromEntries(
  FUNNEL_STAGES.flatMap((stage, index) => stage.steps.map((step) => [step, index] as const)),
) as Record<TrackedStep, number>;

/**
 * The funnel from how many sessions got no further than each stage (`furthest[i]`: sessions whose
 * furthest step is in stage i): a stage counts the sessions that reached it or a later one.
 */
export function funnelStages(furthest: readonly number[]): FunnelReport['stages'] {
  const reached = FUNNEL_STAGES.map((_, index) => furthest.slice(index).reduce((sum, n) => sum + n, 0));
  return FUNNEL_STAGES.map((stage, index) => {
    const previous = index === 0 ? null : reached[index - 1]!;
    const sessions = reached[index]!;
    return {
      key: stage.key,
      label: stage.label,
      sessions,
      dropOut: previous === null ? null : previous === 0 ? 0 : (previous - sessions) / previous,
    };
  });
}
