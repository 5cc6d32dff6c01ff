// The new-password-required challenge travels from the sign-in form to /force-change-password.
const KEY = 'newPasswordChallenge';

export function saveChallenge(challenge: { session: string; email: string }): void {
  sessionStorage.setItem(KEY, JSON.stringify(challenge));
}
export function readChallenge(): { session: string; email: string } | null {
  const raw = sessionStorage.getItem(KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as { session: string; email: string };
  } catch {
    return null;
  }
}
export function clearChallenge(): void {
  sessionStorage.removeItem(KEY);
}
