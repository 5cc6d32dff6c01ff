// What every stage of the sign-up flow works with: the options, the API, the store's flow, alert and
// busy flag, `send` (the pure `transition` plus tracking), timers that dispose() clears, and the
// pending verification kept on this device.
import { FLOW_MESSAGES, TIMINGS } from '@permitdesk/core';
import {
  createIdentityClient,
  isApiRequestError,
  type ApiClient,
  type IdentityClient,
  type SessionStore,
} from '@permitdesk/core/client';
import { pendingVerification, type PendingVerification } from './pending-verification.js';
import type { ApplicantRole, FlowContext, FlowState } from './state.js';
import { realTimers, type FlowTimers } from './timers.js';
import { transition, type FlowEvent } from './transition.js';
import { verificationCalls, type VerificationCalls } from './verification-calls.js';

export interface FlowAlert {
  type: 'success' | 'error' | 'info' | 'warning';
  title?: string;
  message: string;
  /** A path the alert links to (e.g. /sign-in). */
  link?: string;
}

/** The API areas the flow calls: the whole client, or one made of just these areas. */
export type SignupFlowClient = Pick<ApiClient, 'lookups' | 'verification' | 'identity'> & { account: Pick<ApiClient['account'], 'createUserApp'> };

export interface SignupFlowOptions {
  client: SignupFlowClient;
  session: SessionStore;
  /** Defaults to an identity client over `client`. */
  identity?: IdentityClient;
  /** Remembers the pending verification (e-mail and code) on this device; default: none. */
  storage?: Storage;
  timers?: FlowTimers;
  /** The page the user started on: the mailed link comes back there (default: the current page). */
  startUrl?: string;
  startWithRoles?: ApplicantRole | null;
  /** Where help requests go in 'Need help? Email {email}!' (default: support@ the start page's host). */
  supportEmail?: string;
  /** Navigation (default: location.assign). */
  onRedirect?: (path: string) => void;
  /**
   * Each move of the machine. The funnel (SPEC §2.10's tracked steps, tracking.ts) is computed from it by
   * whoever listens, so the widget can load that code apart from the path to the form.
   */
  onMove?: (previous: FlowState, event: FlowEvent, next: FlowState) => void;
}

/** The store's data (the actions come from the stages). */
export interface SignupFlowData {
  flow: FlowState;
  alert: FlowAlert | null;
  /** A call is running: buttons show spinners and stay disabled. */
  busy: boolean;
  /** Issue 18: the mailed link was opened here, away from the device that started: it may go on there. */
  handBack: boolean;
}

export interface StageKit {
  client: SignupFlowClient;
  session: SessionStore;
  identity: IdentityClient;
  verify: VerificationCalls;
  pending: PendingVerification;
  timers: FlowTimers;
  /** Keeps an idempotent stop function (the verification watch's) for clearTimers(); returns it. */
  track(stop: () => void): () => void;
  /** The start page without a previous link's parameters: where the mailed link comes back to. */
  startUrl: string;
  supportEmail: string;
  redirect(path: string): void;
  set(patch: Partial<SignupFlowData>): void;
  flow(): FlowState;
  ctx(): FlowContext;
  /** Moves the machine; each move goes to onMove. */
  send(event: FlowEvent): void;
  /** Shows an error alert. */
  fail(message: string, title?: string): void;
  /** Runs a call with the busy flag up and the alert cleared. */
  whileBusy<T>(work: () => Promise<T>): Promise<T>;
  later(ms: number, callback: () => void): void;
  wait(ms: number): Promise<void>;
  /** Shows the alert with a link to /sign-in and goes there after the SPEC's delay. */
  toSignIn(alert: FlowAlert): void;
  /** Stops the timers still waiting and the verification watch. */
  clearTimers(): void;
}

/** The location the mail links back to: the start page without a previous link's parameters. */
function cleanStartUrl(url: string | undefined): string {
  if (!url) return '';
  try {
    const u = new URL(url);
    for (const key of ['email', 'accepted', 'token']) u.searchParams.delete(key);
    return u.href;
  } catch {
    return url;
  }
}

/** The message a failed call carries, or the SPEC's generic one. */
export const messageOf = (error: unknown): string =>
  isApiRequestError(error) || error instanceof Error ? error.message : FLOW_MESSAGES.somethingWrong;

export function createStageKit(
  options: SignupFlowOptions,
  set: (patch: Partial<SignupFlowData>) => void,
  get: () => SignupFlowData,
): StageKit {
  const { client } = options;
  const timers = options.timers ?? realTimers;
  const pageHref = (globalThis as { location?: { href?: string } }).location?.href;
  const startUrl = cleanStartUrl(options.startUrl ?? pageHref);
  const redirect =
    options.onRedirect ?? ((path: string) => (globalThis as { location?: { assign(p: string): void } }).location?.assign(path));
  const handles = new Set<unknown>();
  const watches = new Set<() => void>();

  const later = (ms: number, callback: () => void) => {
    const handle = timers.setTimeout(() => {
      handles.delete(handle);
      callback();
    }, ms);
    handles.add(handle);
  };

  return {
    client,
    session: options.session,
    identity: options.identity ?? createIdentityClient(client),
    verify: verificationCalls(client),
    pending: pendingVerification(options.storage),
    timers,
    // A stop function may run twice (by itself, then here): the watch's is idempotent.
    track: (stop) => (watches.add(stop), stop),
    startUrl,
    supportEmail: options.supportEmail ?? `support@${startUrl ? new URL(startUrl).hostname : 'localhost'}`,
    redirect,
    set,
    flow: () => get().flow,
    ctx: () => get().flow.context,
    send(event) {
      const previous = get().flow;
      const next = transition(previous, event);
      if (next === previous) return;
      set({ flow: next });
      options.onMove?.(previous, event, next);
    },
    fail: (message, title) => set({ alert: { type: 'error', message, ...(title ? { title } : {}) } }),
    async whileBusy(work) {
      set({ busy: true, alert: null });
      try {
        return await work();
      } finally {
        set({ busy: false });
      }
    },
    later,
    wait: (ms) => new Promise<void>((resolve) => later(ms, resolve)),
    toSignIn(alert) {
      set({ alert: { ...alert, link: '/sign-in' } });
      later(TIMINGS.signInRedirectMs, () => redirect('/sign-in'));
    },
    clearTimers() {
      for (const handle of handles) timers.clearTimeout(handle);
      handles.clear();
      watches.forEach((stop) => stop());
    },
  };
}
