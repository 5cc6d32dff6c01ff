// Issue 18 item 2: the device that started the sign-up, waiting on 'We sent a link…', asks whether the
// address was verified on any device (POST /signup-flow/status with the flow key it holds). A chunk of
// its own, fetched once a mail is sent (size-budget.mjs ON_DEMAND): no step needs it to be drawn.
import type { Verified } from './email-stage.js';
import type { StageKit } from './stage-kit.js';
import { watchVerification, type VisibilitySource, type WatchResult } from './verification-watch.js';

/** Shown on the device that started while the link opened elsewhere waits for the hand-back. */
export const VERIFIED_ELSEWHERE = "Verified on another device. Go on there, or choose 'Continue on the device where I started' there.";

/** One question; verified, the flow goes on exactly as after a typed code. 'stopped': nothing to wait for. */
export async function checkVerification({ client, flow, ctx, set, send }: StageKit, verified: Verified): Promise<WatchResult> {
  const { email, totp } = ctx();
  // Still on 'We sent a link…' for the same address and key (the user may have moved on meanwhile).
  const waiting = () => flow().step === 'enter-email' && ctx().checkStatus === 'sent' && ctx().totp === totp && ctx().email === email;
  if (!totp || !waiting()) return 'stopped';
  const status = await client.verification.signupFlowStatus({ body: { email, totp }, silent: true }).catch((error: unknown) => {
    // 403: this key opens nothing any more (a new mail from elsewhere, the sign-up gone): stop asking.
    // (Read off the error, not through core's isApiRequestError: this chunk imports nothing at run time,
    // so the build's precompute step, which bundles the flow with esbuild, needs no lazy module wrappers.)
    if ((error as { status?: unknown } | null)?.status === 403) return null;
    throw error;
  });
  if (!status || !waiting()) return 'stopped';
  if (status.elsewhere) {
    set({ alert: { type: 'info', message: VERIFIED_ELSEWHERE } });
    return 'elsewhere';
  }
  if (!status.signupFlow) return 'waiting';
  set({ alert: null });
  send({ type: 'VERIFY_RETURN', email });
  await verified(status.signupFlow);
  return 'verified';
}

/** Asks now and then (verification-watch.ts) until final; the stop is kept for the flow's dispose(). */
export function watch(kit: StageKit, verified: Verified): () => void {
  const doc = (globalThis as { document?: VisibilitySource }).document;
  return kit.track(watchVerification(() => checkVerification(kit, verified), kit.timers, doc));
}
