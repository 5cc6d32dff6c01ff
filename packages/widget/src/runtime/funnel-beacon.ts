// The sign-up funnel (issue 18): each tracked workflow step (SPEC §2.10) the visitor reaches is sent to
// POST /v4/funnel/events by navigator.sendBeacon, fire-and-forget: it survives the redirect to the success
// page, the widget never waits for it, and a failure goes unnoticed. The body is a string (text/plain:
// CORS-safe, no preflight); the server parses the JSON. A browser without sendBeacon sends nothing.
// The session is anonymous: a random id kept for this browser tab (sessionStorage), not the account.
import { FUNNEL_EVENTS_PATH, type TrackedStep } from '@permitdesk/core';
import { newIdempotencyKey } from '@permitdesk/core/client';
import { trackedSteps, type FlowEvent, type FlowState } from '../flow/index.js';

const SESSION_KEY = 'permitdesk.funnel-session';

/** This tab's funnel session: the same across reloads of the tab, a new one in another tab. */
export function funnelSession(storage?: Storage): string {
  try {
    const tab = storage ?? sessionStorage; // throws where storage is blocked
    let id = tab.getItem(SESSION_KEY);
    if (!id) tab.setItem(SESSION_KEY, (id = newIdempotencyKey()));
    return id;
  } catch {
    return newIdempotencyKey(); // one id for this page
  }
}

/**
 * In a frame (PermitDesk's hosted /embed, framed by a partner or the construction platform): the page
 * framing this one, from the browser's ancestorOrigins where it has them, else the referrer (the framing
 * page, at least its origin under the default referrer policy). The server decides whether to count it.
 */
export function embedderOf(self: Window | undefined = globalThis.window): string | undefined {
  try {
    if (!self || self.parent === self) return undefined;
    return self.location.ancestorOrigins?.[0] ?? (self.document.referrer || undefined);
  } catch {
    return undefined;
  }
}

/** A recorder for one widget: one anonymous session, each step sent at most once from this page. */
export function createFunnelRecorder(apiBase: string, options: { storage?: Storage; fromURL?: string; embeddedIn?: string } = {}): (step: TrackedStep) => void {
  const url = new URL(FUNNEL_EVENTS_PATH, apiBase).href;
  const sent = new Set<TrackedStep>();
  const embeddedIn = options.embeddedIn ?? embedderOf();
  let session: string | undefined;
  return (step) => {
    if (sent.has(step)) return; // the server counts one per session and step anyway
    sent.add(step);
    const event = { step, session: (session ??= funnelSession(options.storage)), fromURL: options.fromURL ?? location.origin, ...(embeddedIn ? { embeddedIn } : {}) };
    navigator.sendBeacon?.(url, JSON.stringify(event));
  };
}

/** The flow's listener: the tracked steps each move completes, recorded (tracking.ts decides which). */
export function createFunnelTracker(apiBase: string): (previous: FlowState, event: FlowEvent, next: FlowState) => void {
  const record = createFunnelRecorder(apiBase);
  return (previous, event, next) => {
    for (const step of trackedSteps(previous, event, next)) record(step);
  };
}
