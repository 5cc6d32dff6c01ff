// TOTP secrets at rest: the shared secret box (security/secret-box.ts), the user id as context. The key is
// TWO_FACTOR_KEY when set, otherwise derived from the JWT secret with HKDF, so it never equals the signing key.
import { createSecretBox, type SecretBox } from '../security/secret-box.js';

export type { SecretBox };

export function createTwoFactorBox(baseKey: Uint8Array, dedicatedKey?: string): SecretBox {
  const material = dedicatedKey ? new TextEncoder().encode(dedicatedKey) : baseKey;
  return createSecretBox({ purpose: 'two-factor-secrets/aes-256-gcm', keys: [material] });
}
