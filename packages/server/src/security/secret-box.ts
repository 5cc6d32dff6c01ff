// Secrets the server must read back (TOTP seeds, a platform's OAuth tokens, webhook signing secrets) are
// sealed with AES-256-GCM: a random 96-bit IV, and a context (the owning row's id) as additional data, so
// a value copied onto another row does not open. Each use has its own key, derived with HKDF from the
// operator's key and the use's purpose. Rotation: the new key first, the old ones after it; a value sealed
// under an old key still opens, and `reseal` moves it to the current key (callers re-seal on their next write).
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

export interface SecretBox {
  seal(context: string, plain: string): string;
  /** Throws when the value was not sealed by one of this box's keys for this context. */
  open(context: string, sealed: string): string;
  /** The value sealed under the current key, or null when it already is. */
  reseal(context: string, sealed: string): string | null;
}

export interface SecretBoxOptions {
  /** What the secrets are for ('platform-tokens'); two uses never share a key. */
  purpose: string;
  /** Key material, current first, then the previous keys still accepted. */
  keys: readonly Uint8Array[];
}

const FORMAT = 'v1';

export function createSecretBox({ purpose, keys }: SecretBoxOptions): SecretBox {
  if (keys.length === 0) throw new Error('A secret box needs at least one key');
  const derived = keys.map((material) => Buffer.from(hkdfSync('sha256', material, 'permitdesk', purpose, 32)));
  const [current] = derived as [Buffer, ...Buffer[]];

  function seal(context: string, plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', current, iv);
    cipher.setAAD(Buffer.from(context));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [FORMAT, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
  }

  /** The plain text and the index of the key that opened it. */
  function openWithIndex(context: string, sealed: string): { plain: string; keyIndex: number } {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== FORMAT || !iv || !tag || body === undefined) throw new Error('Unknown sealed secret format');
    for (const [keyIndex, key] of derived.entries()) {
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(context));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        const plain = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
        return { plain, keyIndex };
      } catch {
        // not this key (or tampered): try the next one
      }
    }
    throw new Error('The sealed secret does not open with any configured key');
  }

  return {
    seal,
    open: (context, sealed) => openWithIndex(context, sealed).plain,
    reseal(context, sealed) {
      const { plain, keyIndex } = openWithIndex(context, sealed);
      return keyIndex === 0 ? null : seal(context, plain);
    },
  };
}

/** Key material from the operator's keys (SECRETS_KEY, then SECRETS_KEY_PREVIOUS), or the server secret when none is set. */
export function secretKeyMaterial(serverSecret: Uint8Array, current?: string, previous: readonly string[] = []): Uint8Array[] {
  const encode = (key: string) => new TextEncoder().encode(key);
  return current ? [encode(current), ...previous.map(encode)] : [serverSecret];
}
