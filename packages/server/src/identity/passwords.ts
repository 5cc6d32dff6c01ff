// Password hashing with scrypt (node:crypto). The parameters live here and nowhere else; each hash
// records them, so raising them later still verifies old hashes.
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** N = 2^15, r = 8, p = 1: ~32 MiB and tens of milliseconds per hash (OWASP's scrypt minimum is 2^17 with r=8, p=1 at 128 MiB; we trade some for two-core machines). */
export const SCRYPT_PARAMS = { N: 2 ** 15, r: 8, p: 1, keyLength: 32, saltLength: 16 } as const;

const scrypt = (password: string, salt: Buffer, keyLength: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key))),
  );

const maxmem = (N: number, r: number) => 128 * N * r * 2;

/** 'scrypt$N$r$p$salt$hash' (base64url parts). */
export async function hashPassword(password: string): Promise<string> {
  const { N, r, p, keyLength, saltLength } = SCRYPT_PARAMS;
  const salt = randomBytes(saltLength);
  const key = await scrypt(password.normalize('NFKC'), salt, keyLength, { N, r, p, maxmem: maxmem(N, r) });
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, keyText] = stored.split('$');
  if (scheme !== 'scrypt' || !saltText || !keyText) return false;
  const expected = Buffer.from(keyText, 'base64url');
  const N = Number(n);
  const R = Number(r);
  const key = await scrypt(password.normalize('NFKC'), Buffer.from(saltText, 'base64url'), expected.length, {
    N, r: R, p: Number(p), maxmem: maxmem(N, R),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash of a random password, to spend the same time on unknown accounts as on known ones. */
let dummyHash: Promise<string> | null = null;
export const dummyPasswordHash = (): Promise<string> => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));
