// The pending verification (e-mail and code) this device remembers, so a return through the mailed
// link works without the token in the URL.
import * as v from 'valibot';

/** Storage key of the pending verification: { email, totp }. */
export const PENDING_VERIFICATION_KEY = 'permitdesk.signup.pending';
const pendingSchema = v.object({ email: v.string(), totp: v.string() });

export interface PendingVerification {
  read(): { email: string; totp: string } | null;
  save(email: string, totp: string): void;
  clear(): void;
}

/** Without a storage nothing is remembered. */
export function pendingVerification(storage: Storage | undefined): PendingVerification {
  return {
    read() {
      const text = storage?.getItem(PENDING_VERIFICATION_KEY);
      if (!text) return null;
      try {
        const parsed = v.safeParse(pendingSchema, JSON.parse(text));
        return parsed.success ? parsed.output : null;
      } catch {
        return null;
      }
    },
    save: (email, totp) => storage?.setItem(PENDING_VERIFICATION_KEY, JSON.stringify({ email, totp })),
    clear: () => storage?.removeItem(PENDING_VERIFICATION_KEY),
  };
}
