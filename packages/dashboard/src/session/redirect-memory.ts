// Where to go after sign-in (the "stored redirect URL" of SPEC §2.6) and the query string an invitation
// path saved (SPEC §2.3), kept in localStorage so they survive a confirmation e-mail in another tab.
export const STORAGE_KEYS = { redirectUrl: 'redirectUrl', invitationQuery: 'invitationQuery', loginNotice: 'loginRequiredNotice' } as const;

const storage = (): Storage | null => (typeof localStorage === 'undefined' ? null : localStorage);

export function rememberTarget(target: string): void {
  storage()?.setItem(STORAGE_KEYS.redirectUrl, target);
}
export function peekTarget(): string | null {
  return storage()?.getItem(STORAGE_KEYS.redirectUrl) ?? null;
}
/** The stored target, forgotten once read; only same-site paths are followed. */
export function takeTarget(): string | null {
  const target = peekTarget();
  storage()?.removeItem(STORAGE_KEYS.redirectUrl);
  return target && target.startsWith('/') && !target.startsWith('//') ? target : null;
}
/** The email_address parameter of the stored redirect URL: it prefills and locks the sign-in email. */
export function emailFromTarget(): string | null {
  const target = peekTarget();
  if (!target) return null;
  const query = target.includes('?') ? target.slice(target.indexOf('?')) : '';
  return new URLSearchParams(query).get('email_address');
}

export function saveInvitationQuery(search: string): void {
  storage()?.setItem(STORAGE_KEYS.invitationQuery, search);
}
export function readInvitationQuery(): URLSearchParams {
  return new URLSearchParams(storage()?.getItem(STORAGE_KEYS.invitationQuery) ?? '');
}

/** The 'Login Required' notice travels to /sign-up/invite with the redirect. */
export function saveLoginNotice(notice: { title: string; message: string }): void {
  storage()?.setItem(STORAGE_KEYS.loginNotice, JSON.stringify(notice));
}
export function takeLoginNotice(): { title: string; message: string } | null {
  const raw = storage()?.getItem(STORAGE_KEYS.loginNotice);
  storage()?.removeItem(STORAGE_KEYS.loginNotice);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as { title: string; message: string };
  } catch {
    return null;
  }
}
