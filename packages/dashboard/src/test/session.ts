// A signed-in dashboard for a test: the session store holds the user's tokens and profile, with no refresh
// timer running; forgetSession() clears it again without calling the server.
import type { Profile } from '@permitdesk/core';
import { sessionStore } from '../session/session.js';
import { profile, tokens } from './fixtures.js';

export function signIn(user: Profile = profile()): void {
  sessionStore.getState().login(tokens(), user);
  sessionStore.getState().stopAutoRefresh();
}

export function forgetSession(): void {
  sessionStore.setState({ isAuthenticated: false, authToken: null, refreshToken: null, user: null });
}
