// The tracked workflow steps of SPEC §2.10 and the funnel's stages (issue 18): plain constants, no schema,
// so the widget's bundle takes only these (schemas/funnel.ts holds the event's and the report's schemas).

/** Tracked workflow steps (SPEC §2.10), in the SPEC's order: the one list widget, server and dashboard share. */
export const TRACKED_STEPS = [
  'do-it-yourselfer',
  'contractor',
  'sign-in',
  'sign-up',
  'permit-started',
  'existing-customer',
  'success-page',
] as const;
export type TrackedStep = (typeof TRACKED_STEPS)[number];

/**
 * The funnel's stages, in the order a visitor goes through them: some steps are alternatives (a role, or
 * an account found; signed in or signed up). A session has reached a stage when it recorded any step of
 * that stage or of a later one (someone already signed in goes straight to the form), so each stage
 * counts no more sessions than the one before it and the drop-out between them is never negative.
 */
export const FUNNEL_STAGES = [
  { key: 'start', label: 'Chose a role or was recognised', steps: ['do-it-yourselfer', 'contractor', 'existing-customer'] },
  { key: 'account', label: 'Signed in or signed up', steps: ['sign-in', 'sign-up'] },
  { key: 'form', label: 'Started the permit request', steps: ['permit-started'] },
  { key: 'done', label: 'Submitted (success page)', steps: ['success-page'] },
] as const satisfies ReadonlyArray<{ key: string; label: string; steps: readonly TrackedStep[] }>;
/** Where the widget sends a funnel event (POST; the catalogue's funnel.record): a plain string, so the widget's bundle needs no schema for it. */
export const FUNNEL_EVENTS_PATH = '/v4/funnel/events';

