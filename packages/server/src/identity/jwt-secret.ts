// The HS256 key of access tokens: JWT_SECRET when set (many replicas share it), otherwise generated once
// and kept in DATA_DIR/jwt-secret so tokens survive a restart.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';

export function loadJwtSecret(config: Pick<Config, 'JWT_SECRET' | 'DATA_DIR'>): Uint8Array {
  if (config.JWT_SECRET) return new TextEncoder().encode(config.JWT_SECRET);
  const file = path.join(config.DATA_DIR, 'jwt-secret');
  try {
    return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
  } catch {
    mkdirSync(config.DATA_DIR, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    try {
      writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
      return new TextEncoder().encode(secret);
    } catch {
      // Another process wrote it first: use theirs.
      return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
    }
  }
}
