// The shipped policy documents exist, parse, and an operator's folder replaces them.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { POLICY_KINDS, policySchema } from '@permitdesk/core';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { readPolicy } from './policies.store.js';

describe('readPolicy', () => {
  it.each(POLICY_KINDS)('ships %s with a title and a body', async (kind) => {
    const policy = await readPolicy(kind);
    expect(policy).not.toBeNull();
    expect(v.is(policySchema, policy)).toBe(true);
    expect(policy!.html).not.toContain('<h1');
    expect(policy!.html.length).toBeGreaterThan(200);
  });

  it('reads an operator folder instead, and answers null for a missing document', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'policies-'));
    await writeFile(join(dir, 'privacy-policy.html'), '<h1>Our <em>Privacy</em></h1><p>Short.</p>');
    expect(await readPolicy('privacy-policy', dir)).toMatchObject({ kind: 'privacy-policy', title: 'Our Privacy', html: '<p>Short.</p>' });
    expect(await readPolicy('cookie-policy', dir)).toBeNull();
  });
});
