// Access tokens remembered after their first check (issue 17): the same token is answered without a new
// signature check, but never past its expiry, and no other text (a changed signature or claim) is taken
// from the memory.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS, createAccessTokens } from './access-tokens.js';

const user = { sub: '00000000-0000-4000-8000-000000000001', email: 'a@example.com', sid: 'family-1' };

function tokensAt(start: Date) {
  let now = start.getTime();
  const tokens = createAccessTokens(randomBytes(32), () => new Date(now));
  return { tokens, advance: (ms: number) => void (now += ms) };
}

describe('access token checks', () => {
  it('a checked token is answered again until its expiry, then refused as expired', async () => {
    const { tokens, advance } = tokensAt(new Date('2026-01-01T00:00:00Z'));
    const { token } = await tokens.sign(user);
    expect(await tokens.verify(token)).toEqual(user);
    advance((ACCESS_TOKEN_TTL_SECONDS - 1) * 1000);
    expect(await tokens.verify(token)).toEqual(user);
    advance(1000);
    await expect(tokens.verify(token)).rejects.toMatchObject({ status: 401, code: 'TOKEN_EXPIRED' });
    await expect(tokens.verify(token)).rejects.toMatchObject({ status: 401, code: 'TOKEN_EXPIRED' });
  });

  it('a token differing from a checked one in its signature or its claims is refused', async () => {
    const { tokens } = tokensAt(new Date('2026-01-01T00:00:00Z'));
    const { token } = await tokens.sign(user);
    await tokens.verify(token);
    const [header, payload, signature] = token.split('.');
    const flipped = `${header}.${payload}.${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
    await expect(tokens.verify(flipped)).rejects.toMatchObject({ status: 401 });
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url')}.${signature}`;
    await expect(tokens.verify(forged)).rejects.toMatchObject({ status: 401 });
    const other = createAccessTokens(randomBytes(32), () => new Date('2026-01-01T00:00:00Z'));
    await expect(other.verify(token)).rejects.toMatchObject({ status: 401 });
  });

  it('a caller changing the answer does not change what the next check answers', async () => {
    const { tokens } = tokensAt(new Date('2026-01-01T00:00:00Z'));
    const { token } = await tokens.sign(user);
    const first = await tokens.verify(token);
    first.sub = 'changed';
    expect(await tokens.verify(token)).toEqual(user);
  });
});
