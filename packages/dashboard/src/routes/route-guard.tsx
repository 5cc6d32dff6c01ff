// The guard of a route-table entry: once the session is known (an expired token refreshed first), it
// applies decideAccess() for this navigation; a redirect remembers what it must before <Navigate>.
import { use, useLayoutEffect, type ReactNode } from 'react';
import { Navigate, useLocation, type Location } from 'react-router';
import { rememberTarget, saveInvitationQuery, saveLoginNotice } from '../session/redirect-memory.js';
import { pendingSessionStart, sessionStore, whenSessionReady } from '../session/session.js';
import { decideAccess, type GuardDecision } from './access.js';
import type { PageRoute } from './route-table.js';

// One decision per navigation, as the data router's loader ran once per navigation: signing in or out
// on a page does not re-run its guard. The router keeps one location object per navigation.
const decisions = new WeakMap<Location, GuardDecision>();

// The refresh of an expired token, once per token: renders retried after it settles (or other pages
// opened with the same dead token) go on with what the refresh left, as the loader did after its await.
let sessionCheck: { token: string; settled: Promise<void> } | null = null;

/** Suspends while an expired token is refreshed: until then the session is not known. use() may run
 *  conditionally, unlike hooks: only a navigation not yet decided waits. */
function waitForSession(): void {
  // A session handed over by the widget is traded first; a signed-in one gets its access token.
  const start = pendingSessionStart();
  if (start) use(start);
  const state = sessionStore.getState();
  if (!state.isAuthenticated || !state.authToken || !state.isExpired()) return;
  if (sessionCheck?.token !== state.authToken) {
    sessionCheck = { token: state.authToken, settled: whenSessionReady().catch(() => undefined) };
  }
  use(sessionCheck.settled);
}

export function RouteGuard({ route, children }: { route: Pick<PageRoute, 'access'>; children: ReactNode }) {
  const location = useLocation();
  let decision = decisions.get(location);
  if (!decision) {
    waitForSession();
    decision = decideAccess(route.access, sessionStore.getState().isAuthenticated, location);
    decisions.set(location, decision);
  }
  return decision.kind === 'allow' ? children : <GuardRedirect decision={decision} />;
}

function GuardRedirect({ decision }: { decision: Extract<GuardDecision, { kind: 'redirect' }> }) {
  // A layout effect runs before <Navigate>'s own effect navigates: the destination reads these.
  useLayoutEffect(() => {
    if (decision.remember) rememberTarget(decision.remember);
    if (decision.savedQuery !== undefined) saveInvitationQuery(decision.savedQuery);
    if (decision.notice) saveLoginNotice(decision.notice);
  }, [decision]);
  return <Navigate replace to={decision.to} />;
}
