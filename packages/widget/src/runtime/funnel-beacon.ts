// The sign-up funnel (issue 18): each tracked workflow step (SPEC §2.10) the visitor reaches is sent to
// POST /v4/funnel/events, fire-and-forget: navigator.sendBeacon (it survives the redirect to the success
// page), else a keepalive fetch; a failure is ignored (the widget never waits for it or shows it).
// The session is anonymous: a random id kept for this browser tab (sessionStorage), not the account.
import { funnelEndpoints, type TrackedStep } from '@permitdesk/core';

const SESSION_KEY = 'permitdesk.funnel-session';

function randomId(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  if (c?.getRandomValues) c.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i += 1) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** This tab's funnel session: the same across reloads of the tab, a new one in another tab. */
export function funnelSession(storage: Storage | undefined = tabStorage()): string {
  try {
    const kept = storage?.getItem(SESSION_KEY);
    if (kept && /^[A-Za-z0-9_-]{8,64}$/.test(kept)) return kept;
    const id = randomId();
    storage?.setItem(SESSION_KEY, id);
    return id;
  } catch {
    return randomId(); // storage blocked: one id for this page
  }
}

function tabStorage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

export interface FunnelRecorder {
  (step: TrackedStep): void;
}

/** A recorder for one widget: one anonymous session, each step sent at most once from this page. */
export function createFunnelRecorder(apiBase: string, options: { storage?: Storage; fromURL?: string } = {}): FunnelRecorder {
  const url = new URL(funnelEndpoints.record.path, apiBase).href;
  let session: string | null = null;
  const sent = new Set<TrackedStep>();
  return (step) => {
    if (sent.has(step)) return; // the server counts one per session and step anyway
    sent.add(step);
    session ??= funnelSession(options.storage ?? tabStorage());
    // text/plain: a CORS-safe body for sendBeacon and fetch alike (no preflight); the server parses the JSON.
    const body = JSON.stringify({ step, session, fromURL: options.fromURL ?? globalThis.location?.origin });
    try {
      const nav = globalThis.navigator as Navigator | undefined;
      if (typeof nav?.sendBeacon === 'function' && nav.sendBeacon(url, body)) return;
      void globalThis
        .fetch(url, { method: 'POST', body, keepalive: true, credentials: 'omit', headers: { 'content-type': 'text/plain' } })
        .catch(() => undefined);
    } catch {
      // never disturb the visitor for a count
    }
  };
}
