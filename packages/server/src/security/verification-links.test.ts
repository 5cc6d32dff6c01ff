// Issue 10 item 2: the verification link can point anywhere. An attacker starts a sign-up for the
// victim's address with `location` on their own host, the product mails the victim a real link there,
// the attacker reads the token when the victim clicks and finishes the sign-up with their own password.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, databaseTargets, type TestContext } from '../test/harness.js';

const EVIL = 'https://attacker.example/steal';
const PARTNER = 'https://partner.example/permits?ref=widget';

async function mailedLink(ctx: TestContext, email: string): Promise<URL> {
  const [mail] = await ctx.mailbox(email);
  return new URL(mail!.links.find((href) => href.includes('accepted=1')) ?? '');
}

const accountPayload = (email: string, totp: string) => ({
  email, fullName: 'Mallory Attacker', firstName: 'Mallory', lastName: 'Attacker', password: 'Attacker-pass-1',
  phoneNumber: '+15125550142', companyName: '', totp,
});

describe.each(databaseTargets())('verification links on %s', (target) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ target, env: { EMBED_ORIGINS: 'https://partner.example' } });
  });
  afterAll(() => ctx?.close());

  it('mails a link to our own /verified page whatever location the caller gives (GET /verify-reoon)', async () => {
    const victim = ctx.email('victim');
    const started = await ctx.request('GET', `/verify-reoon/${victim}`, { query: { firstName: 'Vic', location: EVIL } });
    expect(started.status).toBe(200);
    const link = await mailedLink(ctx, victim);
    expect(link.origin).toBe('http://permitdesk.test');
    expect(link.pathname).toBe('/verified');
    expect(link.searchParams.get('accepted')).toBe('1');
    // The untrusted address is not kept as a return address either.
    const token = link.searchParams.get('token')!;
    const data = await ctx.request('GET', `/verify_email_reoon/${victim}`, { query: { totp: token } });
    expect(data.body.location).toBe('http://permitdesk.test/verified');
  });

  it('mails a link to our own page on POST /sendMailToVerifyAccount too', async () => {
    const victim = ctx.email('victim2');
    const sent = await ctx.request('POST', '/sendMailToVerifyAccount', { body: { toEmail: victim, firstName: 'Vic', location: EVIL, source: 'home' } });
    expect(sent.status).toBe(200);
    const link = await mailedLink(ctx, victim);
    expect(`${link.origin}${link.pathname}`).toBe('http://permitdesk.test/verified');
    expect(link.href).not.toContain('attacker.example');
  });

  it('keeps an allow-listed partner page as the return address, and never puts it in the link', async () => {
    const email = ctx.email('partner');
    await ctx.request('GET', `/verify-reoon/${email}`, { query: { firstName: 'Pat', location: PARTNER } });
    const link = await mailedLink(ctx, email);
    expect(`${link.origin}${link.pathname}`).toBe('http://permitdesk.test/verified');
    expect(link.href).not.toContain('partner.example');
    const data = await ctx.request('GET', `/verify_email_reoon/${email}`, { query: { totp: link.searchParams.get('token')! } });
    expect(data.body.location).toBe(PARTNER);
  });

  it('does not let whoever started a sign-up for another address finish it once the owner opens the link', async () => {
    const victim = ctx.email('victim3');
    // The attacker starts the flow and keeps its key.
    const attacker = await ctx.request('GET', `/verify-reoon/${victim}`, { query: { firstName: 'Vic' } });
    const attackerKey = attacker.body.totp as string;
    // The victim opens the mailed link on our page.
    const link = await mailedLink(ctx, victim);
    const opened = await ctx.request('POST', '/confirmVerifiedUrl', { body: { email: victim, token: link.searchParams.get('token') } });
    expect(opened.body.verified).toBe(true);
    // The attacker's key no longer opens the flow nor creates the account.
    expect((await ctx.request('GET', `/signup-flow/${victim}`, { query: { totp: attackerKey } })).status).toBe(403);
    const created = await ctx.request('POST', '/create-user-app', { body: accountPayload(victim, attackerKey) });
    expect(created.status).toBe(403);
    // The victim's device can.
    const mine = await ctx.request('POST', '/create-user-app', { body: { ...accountPayload(victim, opened.body.signupFlow.totp), fullName: 'Vic Tim' } });
    expect(mine.status, mine.text).toBe(200);
  });

  // Issue 18 item 2: the device that started waits (POST /signup-flow/status) for the link opened elsewhere.
  it('tells the waiting device nothing without its key, and hands the sign-up back only when the mailbox owner says so', async () => {
    const email = ctx.email('xdevice');
    const started = await ctx.request('GET', `/verify-reoon/${email}`, { query: { firstName: 'Ann' } });
    const firstKey = started.body.totp as string;
    const status = (totp: string, to = email) => ctx.request('POST', '/signup-flow/status', { body: { email: to, totp } });

    // Waiting: its own key says not yet; a forged key, and an address without a sign-up, get the same 403.
    expect((await status(firstKey)).body).toEqual({ verified: false, elsewhere: false, signupFlow: null });
    const forged = await status('forged-key-0123456789');
    const unknown = await status(firstKey, ctx.email('nobody'));
    expect(forged.status).toBe(403);
    expect(unknown.status).toBe(403);
    expect(unknown.body).toEqual(forged.body);
    expect(forged.text).not.toContain('Ann');

    // The link opened on a second device (no key of its own): the first device only learns "elsewhere".
    const link = await mailedLink(ctx, email);
    const opened = await ctx.request('POST', '/confirmVerifiedUrl', { body: { email, token: link.searchParams.get('token') } });
    expect(opened.body).toMatchObject({ verified: true, otherDevice: true });
    expect((await status(firstKey)).body).toEqual({ verified: false, elsewhere: true, signupFlow: null });
    expect((await ctx.request('POST', '/create-user-app', { body: accountPayload(email, firstKey) })).status).toBe(403);

    // Only a key in use on the verified flow hands it back; the link's token or the suspended key do not.
    expect((await ctx.request('POST', '/signup-flow/hand-over', { body: { email, totp: firstKey } })).status).toBe(403);
    expect((await ctx.request('POST', '/signup-flow/hand-over', { body: { email, totp: link.searchParams.get('token') } })).status).toBe(403);
    const handed = await ctx.request('POST', '/signup-flow/hand-over', { body: { email, totp: opened.body.signupFlow.totp } });
    expect(handed.body).toEqual({ ok: true });

    // Now the first device gets the record, exactly as if it had verified here.
    const after = await status(firstKey);
    expect(after.body).toMatchObject({ verified: true, elsewhere: false, signupFlow: { totp: firstKey, verified: true } });
  });

  it('keeps the key of the browser that opened the link in another tab of the device that started', async () => {
    const email = ctx.email('sametab');
    const started = await ctx.request('GET', `/verify-reoon/${email}`, { query: { firstName: 'Ann' } });
    const key = started.body.totp as string;
    const link = await mailedLink(ctx, email);
    const opened = await ctx.request('POST', '/confirmVerifiedUrl', { body: { email, token: link.searchParams.get('token'), totp: key } });
    expect(opened.body).toMatchObject({ verified: true, otherDevice: false });
    expect((await ctx.request('POST', '/signup-flow/status', { body: { email, totp: key } })).body).toMatchObject({ verified: true });
    // A key that is not the flow's is not kept: the attacker's guess changes nothing.
    const other = ctx.email('sametab2');
    const attacker = await ctx.request('GET', `/verify-reoon/${other}`, { query: { firstName: 'Vic' } });
    const otherLink = await mailedLink(ctx, other);
    const victim = await ctx.request('POST', '/confirmVerifiedUrl', { body: { email: other, token: otherLink.searchParams.get('token'), totp: key } });
    expect(victim.body.otherDevice).toBe(true);
    expect((await ctx.request('POST', '/signup-flow/status', { body: { email: other, totp: attacker.body.totp } })).body).toMatchObject({ verified: false, elsewhere: true });
  });
});
