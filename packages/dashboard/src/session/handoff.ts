// The session handoff on arrival. The widget signs users in on a partner's origin, whose storage this
// site cannot read, so it sends them here (the /success page) with `handoff=<code>`: a single-use,
// 60-second code the server trades for a session of that user. The code leaves the address bar before
// anything renders (history.replaceState: not in history, not in a referrer), then is traded; a user
// signed in here as someone else is signed out and replaced by the handed-off user.
import type { Profile, SessionTokens } from '@permitdesk/core';
import type { SessionStore } from '@permitdesk/core/client';

export const HANDOFF_PARAM = 'handoff';

/** Takes the handoff code out of the current address; returns it, or null when there is none. */
export function takeHandoffCode(win: Pick<Window, 'location' | 'history'>): string | null {
  const url = new URL(win.location.href);
  const code = url.searchParams.get(HANDOFF_PARAM);
  if (code === null) return null;
  url.searchParams.delete(HANDOFF_PARAM);
  // The router's own state stays as it is.
  win.history.replaceState(win.history.state, '', url.pathname + url.search + url.hash);
  return code || null;
}

export type ExchangeHandoff = (body: { code: string; audience: string }) => Promise<{ tokens: SessionTokens; profile: Profile }>;

/** Trades the code and signs its user in; false when it was refused (the guard then asks for sign-in). */
export async function redeemHandoff(store: SessionStore, code: string, audience: string, exchange: ExchangeHandoff): Promise<boolean> {
  let session: Awaited<ReturnType<ExchangeHandoff>>;
  try {
    session = await exchange({ code, audience });
  } catch {
    return false;
  }
  const current = store.getState();
  // Someone else was signed in on this browser: their session ends (revoked, storage cleared) first.
  if (current.isAuthenticated && current.user?.sub !== session.profile.sub) await current.logout('user');
  store.getState().login(session.tokens, session.profile);
  return true;
}
