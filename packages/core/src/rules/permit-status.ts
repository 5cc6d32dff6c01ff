// The status a permit shows (SPEC §4.3), derived from its stage, its inspections and its expiry date.
import type { Permit, PermitInspection } from '../schemas/permit.js';
import { calendarDaysBetween, dateParts } from './date-parts.js';
import type { DateInput, TimeZoneOption } from './date-parts.js';
import { STAGE, stageStatus } from './stages.js';
import type { PermitStatus } from './stages.js';

/** What the status rule reads from a permit; the full Permit satisfies it. */
export interface PermitStatusInput {
  stage: Permit['stage'];
  permitInspections: readonly Pick<PermitInspection, 'status'>[];
  expiresAt: DateInput | null;
}

/**
 * Whole calendar days from now to the expiry date, in the given time zone (default the runtime's):
 * 0 on the expiry day itself, negative once it has passed. Null when there is no (valid) expiry date.
 */
export function daysToExpiry(expiresAt: DateInput | null | undefined, now: DateInput, options: TimeZoneOption = {}): number | null {
  if (expiresAt == null) return null;
  const expiry = dateParts(expiresAt, options);
  const today = dateParts(now, options);
  if (!expiry || !today) return null;
  return calendarDaysBetween(today, expiry);
}

/** Stages where expiry and inspections decide the status: submitted (30) up to open (50). */
const isLiveStage = (stage: number): boolean => stage >= STAGE.Submitted && stage <= STAGE.Open;

/**
 * SPEC §4.3 says: "approved when all inspections are not open; expired when days to expiry is 0 or
 * less; closed at stage 60". Our reading, in this order:
 *  1. stage 60 → closed; 75 → pending cancellation; 55 → canceled; 52 → pending (their stage decides);
 *  2. a permit at stage 30..50 whose expiry date is today or past (days to expiry ≤ 0) → expired;
 *  3. a permit at stage 30..40, not yet issued, with at least one inspection and none of them 'open'
 *     → approved (the municipality's review is through; an empty list proves nothing, so it keeps the
 *     stage's status). Once issued (50) the permit stays open while work and inspections go on, so a
 *     permit whose inspections have all passed never falls back from open to approved;
 *  4. otherwise the stage's own status (70/71/72 → unsorted / no permit / no permit needed), and
 *     'unknown' for a stage not in PERMIT_STAGES.
 * Requested and processing permits (10, 20) have neither a municipality expiry nor inspections yet.
 */
export function derivePermitStatus(permit: PermitStatusInput, now: DateInput, options: TimeZoneOption = {}): PermitStatus {
  const { stage } = permit;
  if (stage === STAGE.Closed) return 'closed';
  if (stage === STAGE.PendingCancellation) return 'pending cancellation';
  if (stage === STAGE.Canceled) return 'canceled';
  if (stage === STAGE.Pending) return 'pending';
  if (isLiveStage(stage)) {
    const days = daysToExpiry(permit.expiresAt, now, options);
    if (days !== null && days <= 0) return 'expired';
    const inspections = permit.permitInspections;
    const notYetIssued = stage < STAGE.Open;
    if (notYetIssued && inspections.length > 0 && inspections.every((inspection) => inspection.status !== 'open')) return 'approved';
  }
  return stageStatus(stage);
}
