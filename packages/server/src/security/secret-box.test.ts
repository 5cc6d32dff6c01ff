import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createSecretBox, secretKeyMaterial } from './secret-box.js';

const key = (text: string) => new TextEncoder().encode(text);

describe('secret box', () => {
  const box = createSecretBox({ purpose: 'platform-tokens', keys: [key('k'.repeat(32))] });

  it('opens what it sealed, and the sealed text does not contain the plain text', () => {
    const sealed = box.seal('connection:1', 'access-token-abc');
    expect(sealed).not.toContain('access-token-abc');
    expect(box.open('connection:1', sealed)).toBe('access-token-abc');
    expect(box.seal('connection:1', 'access-token-abc')).not.toBe(sealed); // a fresh IV each time
  });

  it('does not open for another context, another purpose, or a tampered value', () => {
    const sealed = box.seal('connection:1', 'secret');
    expect(() => box.open('connection:2', sealed)).toThrow();
    expect(() => createSecretBox({ purpose: 'webhook-secrets', keys: [key('k'.repeat(32))] }).open('connection:1', sealed)).toThrow();
    const [v, iv, tag, body] = sealed.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => box.open('connection:1', [v, iv, tag, flipped.toString('base64url')].join('.'))).toThrow();
    expect(() => box.open('connection:1', 'plain-text')).toThrow();
  });

  it('rotates: an old key still opens, reseal moves the value to the new key', () => {
    const oldBox = createSecretBox({ purpose: 'p', keys: [key('old'.repeat(11))] });
    const rotated = createSecretBox({ purpose: 'p', keys: [key('new'.repeat(11)), key('old'.repeat(11))] });
    const sealedOld = oldBox.seal('c', 'value');
    expect(rotated.open('c', sealedOld)).toBe('value');
    const resealed = rotated.reseal('c', sealedOld);
    expect(resealed).not.toBeNull();
    expect(() => oldBox.open('c', resealed!)).toThrow();
    expect(rotated.reseal('c', resealed!)).toBeNull();
  });

  it('takes its keys from SECRETS_KEY and SECRETS_KEY_PREVIOUS, else the server secret', () => {
    const server = randomBytes(32);
    expect(secretKeyMaterial(server)).toEqual([server]);
    const config = loadConfig({ SECRETS_KEY: 'a'.repeat(32), SECRETS_KEY_PREVIOUS: ` ${'b'.repeat(32)}, ${'c'.repeat(32)} ` });
    expect(config.SECRETS_KEY_PREVIOUS).toEqual(['b'.repeat(32), 'c'.repeat(32)]);
    expect(secretKeyMaterial(server, config.SECRETS_KEY, config.SECRETS_KEY_PREVIOUS)).toHaveLength(3);
    expect(loadConfig({}).SECRETS_KEY_PREVIOUS).toEqual([]);
    expect(() => loadConfig({ SECRETS_KEY: 'short' })).toThrow(/SECRETS_KEY/);
  });
});
