// Who may open a route (SPEC §2.1–§2.3), decided by a pure function so the whole table can be tested.
export type Access =
  /** Anyone. */
  | 'public'
  /** Signed-in users; anonymous users go to /sign-in and the target is remembered. */
  | 'protected'
  /** Sign-in and sign-up paths: signed-in users go to /project-radar. */
  | 'guest'
  /** Invitation paths: anonymous users go to /sign-up/invite, the query string is saved. */
  | 'invitation'
  /** '/': /project-radar when signed in, otherwise /sign-in. */
  | 'root';

export const LOGIN_REQUIRED = {
  title: 'Login Required',
  message: 'You must be logged in to access this page.',
} as const;

export const HOME_SIGNED_IN = '/project-radar';
export const SIGN_IN_PATH = '/sign-in';
export const INVITE_SIGN_UP_PATH = '/sign-up/invite';

export type GuardDecision =
  | { kind: 'allow' }
  | {
      kind: 'redirect';
      to: string;
      /** The target to return to after sign-in (path + query). */
      remember?: string;
      /** The invitation path's query string, kept for the sign-up page. */
      savedQuery?: string;
      /** A notice the destination shows (the invitation paths' 'Login Required'). */
      notice?: { title: string; message: string };
    };

export function decideAccess(access: Access, isAuthenticated: boolean, location: { pathname: string; search: string }): GuardDecision {
  const target = location.pathname + location.search;
  switch (access) {
    case 'public':
      return { kind: 'allow' };
    case 'root':
      return { kind: 'redirect', to: isAuthenticated ? HOME_SIGNED_IN : SIGN_IN_PATH };
    case 'guest':
      return isAuthenticated ? { kind: 'redirect', to: HOME_SIGNED_IN } : { kind: 'allow' };
    case 'protected':
      return isAuthenticated ? { kind: 'allow' } : { kind: 'redirect', to: SIGN_IN_PATH, remember: target };
    case 'invitation':
      return isAuthenticated
        ? { kind: 'allow' }
        : { kind: 'redirect', to: INVITE_SIGN_UP_PATH, remember: target, savedQuery: location.search, notice: LOGIN_REQUIRED };
  }
}
