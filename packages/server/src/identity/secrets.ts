// One-time secrets: 6-digit codes and opaque tokens, kept only as keyed hashes.
import { createHmac, randomBytes, randomInt } from 'node:crypto';

export const newSixDigitCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');
export const newOpaqueToken = (): string => randomBytes(32).toString('base64url');

export function createSecretHasher(secret: Uint8Array) {
  const key = createHmac('sha256', secret).update('permitdesk/identity-secrets').digest();
  return (purpose: string, value: string): string => createHmac('sha256', key).update(`${purpose}\n${value}`).digest('base64url');
}
export type SecretHasher = ReturnType<typeof createSecretHasher>;
