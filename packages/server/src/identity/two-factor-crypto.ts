// TOTP secrets at rest: AES-256-GCM with a random 96-bit IV, the user id as additional data (a secret
// copied onto another user's row does not decrypt). The key is TWO_FACTOR_KEY when set, otherwise
// derived from the JWT secret with HKDF, so it never equals the signing key itself.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

export interface SecretBox {
  seal(userId: string, plain: string): string;
  open(userId: string, sealed: string): string;
}

export function createSecretBox(baseKey: Uint8Array, dedicatedKey?: string): SecretBox {
  const material = dedicatedKey ? new TextEncoder().encode(dedicatedKey) : baseKey;
  const key = Buffer.from(hkdfSync('sha256', material, 'permitdesk', 'two-factor-secrets/aes-256-gcm', 32));
  return {
    seal(userId, plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(userId));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
    },
    open(userId, sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('Unknown two-factor secret format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(userId));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
