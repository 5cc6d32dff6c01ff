// The key of the codes' HMAC: derived from the server's token secret (JWT_SECRET or the generated one),
// so every replica agrees and a leaked table alone does not reveal the 6-digit codes.
import { createHmac } from 'node:crypto';
import type { Config } from '../config.js';
import { loadJwtSecret } from '../identity/jwt-secret.js';

const keys = new WeakMap<object, string>();

export function codeKey(config: Config): string {
  let key = keys.get(config);
  if (!key) {
    // A separate key per purpose: the token secret itself never signs codes.
    key = createHmac('sha256', loadJwtSecret(config)).update('permitdesk:signup-code').digest('hex');
    keys.set(config, key);
  }
  return key;
}
