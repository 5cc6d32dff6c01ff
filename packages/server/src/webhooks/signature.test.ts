import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signWebhook, verifyWebhookSignature } from './signature.js';

const secret = 'whsec_test_0123456789abcdef';
const body = '{"type":"permit.stage_changed","data":{"permitId":7}}';
const at = new Date('2026-11-27T12:00:00Z');
const ts = at.getTime() / 1000;

describe('webhook signatures', () => {
  it('matches an independent HMAC-SHA256 over "timestamp.body"', () => {
    const independent = createHmac('sha256', secret).update(`${ts}.${body}`).digest('hex');
    expect(signWebhook(secret, ts, body)).toBe(`v1=${independent}`);
  });

  it('accepts its own signature inside the window, also among several v1 values', () => {
    const signature = signWebhook(secret, ts, body);
    expect(verifyWebhookSignature(secret, { timestamp: String(ts), signature, body }, at)).toBe('valid');
    const rotated = `v1=${'0'.repeat(64)}, ${signature}`;
    expect(verifyWebhookSignature(secret, { timestamp: String(ts), signature: rotated, body }, new Date(at.getTime() + 299_000))).toBe('valid');
  });

  it('refuses a changed body, another secret, a moved timestamp, garbage and missing headers', () => {
    const signature = signWebhook(secret, ts, body);
    expect(verifyWebhookSignature(secret, { timestamp: String(ts), signature, body: body.replace('7', '8') }, at)).toBe('invalid');
    expect(verifyWebhookSignature('another-secret', { timestamp: String(ts), signature, body }, at)).toBe('invalid');
    expect(verifyWebhookSignature(secret, { timestamp: String(ts + 1), signature, body }, at)).toBe('invalid');
    expect(verifyWebhookSignature(secret, { timestamp: String(ts), signature: 'v1=zz', body }, at)).toBe('invalid');
    expect(verifyWebhookSignature(secret, { timestamp: null, signature, body }, at)).toBe('invalid');
    expect(verifyWebhookSignature(secret, { timestamp: '1e9', signature, body }, at)).toBe('invalid');
  });

  it('calls a correctly signed but old (or future) request stale', () => {
    const signature = signWebhook(secret, ts, body);
    expect(verifyWebhookSignature(secret, { timestamp: String(ts), signature, body }, new Date(at.getTime() + 301_000))).toBe('stale');
    expect(verifyWebhookSignature(secret, { timestamp: String(ts), signature, body }, new Date(at.getTime() - 301_000))).toBe('stale');
  });
});
