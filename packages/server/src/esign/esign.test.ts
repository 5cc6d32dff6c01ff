// E-signature envelopes through the API (issue 13, part 2): signers in order, the mailed passcode and its
// lock, tokens (tampered, replaced, reused, another signer's passcode, a later signer's turn), void,
// decline, expiry, reminders, the signed PDF with its certificate page, its download and the hash check,
// and form 50's cancellation waiting for its signature.
import { createHash } from 'node:crypto';
import { ESIGN_MESSAGES, STAGE, formChoices } from '@permitdesk/core';
import { Secret, TOTP } from 'otpauth';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyOf, jobSite, operator, requestPermit, type JobSite } from '../test/permit-fixtures.js';
import { createTestContext, databaseTargets, type TestContext, type TestUser } from '../test/harness.js';
import { remindWaitingSigners, ESIGN_REMIND_AFTER_DAYS } from './auto-remind.js';

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

async function samplePdf(pages = 1): Promise<string> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([612, 792]).drawText(`Agreement page ${i + 1}`, { x: 50, y: 700 });
  return Buffer.from(await doc.save()).toString('base64');
}

describe.each(databaseTargets())('e-signature on %s', (target) => {
  let t: TestContext;
  let owner: TestUser;
  let stranger: TestUser;
  let team: TestUser;
  let companyId: number;
  let site: JobSite;

  beforeAll(async () => {
    t = await createTestContext({ target });
    owner = await t.createUser({ name: 'Olive Owner' });
    stranger = await t.createUser({ name: 'Sid Stranger' });
    team = await operator(t);
    companyId = await companyOf(t, owner, 'Signing Builders');
    site = await jobSite(t);
  }, 60_000);
  afterAll(() => t?.close());

  const send = async (signers: { name: string; email: string }[], extra: Record<string, unknown> = {}) => {
    const res = await t.request('POST', '/v4/esign/envelopes', {
      token: owner.accessToken,
      body: { companyId, title: 'Subcontract agreement', source: { kind: 'pdf', fileName: 'agreement.pdf', pdfBase64: await samplePdf() }, signers, ...extra },
    });
    expect(res.status, res.text).toBe(200);
    return res.body;
  };
  /** The /sign/{token} link of the newest signing mail to an address. */
  const tokenOf = async (email: string): Promise<string | undefined> => {
    const mail = (await t.mailbox(email)).find((m) => m.template === 'esign_request');
    const link = mail?.links.find((l) => l.includes('/sign/'));
    return link?.split('/sign/')[1];
  };
  const call = (method: string, token: string, tail = '', body?: unknown) => t.request(method, `/v4/esign/sign/${token}${tail}`, { body });
  const verifyWithMailedCode = async (token: string, email: string) => {
    expect((await call('POST', token, '/passcode')).status).toBe(200);
    const res = await call('POST', token, '/verify', { passcode: await t.lastCode(email) });
    expect(res.status, res.text).toBe(200);
    return res.body;
  };
  const signers = () => [
    { name: 'Ann First', email: t.email('ann') },
    { name: 'Ben Second', email: t.email('ben') },
  ];

  it('has two signers sign in order, stamps the PDF with a certificate page, and verifies its hash', async () => {
    const [ann, ben] = signers();
    const envelope = await send([ann!, ben!]);
    expect(envelope.status).toBe('sent');
    expect(envelope.signers.map((s: { status: string }) => s.status)).toEqual(['invited', 'waiting']);
    // Signer 2 has no link before signer 1 signed.
    expect(await tokenOf(ben!.email)).toBeUndefined();
    const annToken = (await tokenOf(ann!.email))!;
    expect(annToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const view = await call('GET', annToken);
    expect(view.body).toMatchObject({ title: 'Subcontract agreement', senderName: 'Signing Builders', signer: { name: 'Ann First', verified: false } });
    expect(view.body.order).toEqual([{ position: 1, name: 'Ann First', status: 'invited' }, { position: 2, name: 'Ben Second', status: 'waiting' }]);
    expect(view.text).not.toContain(ben!.email);
    // No document before the passcode.
    expect((await call('GET', annToken, '/document')).body.message).toBe(ESIGN_MESSAGES.notVerified);
    expect((await call('POST', annToken, '/sign', { signature: { kind: 'typed', text: 'Ann First' }, agree: true })).status).toBe(403);

    const wrong = await call('POST', annToken, '/verify', { passcode: '000000' === (await t.lastCode(ann!.email).catch(() => '')) ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(ESIGN_MESSAGES.passcodeWrong);
    expect((await verifyWithMailedCode(annToken, ann!.email)).signer.verified).toBe(true);
    const doc = await call('GET', annToken, '/document');
    expect(doc.status).toBe(200);
    expect(Buffer.from(doc.body.pdfBase64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');

    const signed = await call('POST', annToken, '/sign', { signature: { kind: 'typed', text: 'Ann First' }, agree: true });
    expect(signed.status, signed.text).toBe(200);
    expect(signed.body.signer.status).toBe('signed');
    // Reusing the link after signing.
    expect((await call('POST', annToken, '/sign', { signature: { kind: 'typed', text: 'Ann First' }, agree: true })).body.message).toBe(ESIGN_MESSAGES.alreadySigned);

    const benToken = (await tokenOf(ben!.email))!;
    expect(benToken).toBeDefined();
    // Another signer's passcode does not open this signer's envelope.
    const annSecret = (await t.services.db.selectFrom('esign_signers').select('passcode_secret').where('email', '=', ann!.email).executeTakeFirstOrThrow()).passcode_secret;
    const annCode = new TOTP({ digits: 6, period: 300, secret: Secret.fromBase32(annSecret) }).generate({ timestamp: t.services.clock().getTime() });
    expect((await call('POST', benToken, '/verify', { passcode: annCode })).status).toBe(400);
    await verifyWithMailedCode(benToken, ben!.email);
    const done = await call('POST', benToken, '/sign', { signature: { kind: 'drawn', image: PNG }, agree: true }, );
    expect(done.status, done.text).toBe(200);
    expect(done.body.envelopeStatus).toBe('completed');

    const listed = await t.request('GET', '/v4/esign/envelopes', { token: owner.accessToken, query: { companyId } });
    const completed = listed.body.find((e: { id: string }) => e.id === envelope.id);
    expect(completed.status).toBe('completed');
    expect(completed.signedSha256).toMatch(/^[0-9a-f]{64}$/);
    expect((await t.mailbox(owner.email)).some((m) => m.template === 'esign_outcome' && m.subject === 'Signed: Subcontract agreement')).toBe(true);

    // SPEC's download call serves the signed PDF; its bytes hash to the stored SHA-256.
    expect((await t.request('GET', `/v4/documents-esign/download/${envelope.id}`, { token: stranger.accessToken })).status).toBe(404);
    const download = await t.request('GET', `/v4/documents-esign/download/${envelope.id}`, { token: owner.accessToken });
    expect(download.status, download.text).toBe(200);
    const url = new URL(download.body.url);
    const bytes = new Uint8Array(await (await t.app.request(url.pathname + url.search)).arrayBuffer());
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(completed.signedSha256);
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(2); // the document and its certificate page

    const verified = await t.request('POST', '/v4/esign/verify', { body: { sha256: completed.signedSha256 } });
    expect(verified.body.match).toMatchObject({ title: 'Subcontract agreement', signers: [{ name: 'Ann First' }, { name: 'Ben Second' }] });
    expect(verified.text).not.toContain(ann!.email);
    expect((await t.request('POST', '/v4/esign/verify', { body: { sha256: completed.originalSha256 } })).body.match).toBeNull();
    expect((await t.request('POST', '/v4/esign/verify', { body: { sha256: 'not-a-hash' } })).status).toBe(400);
  });

  it('locks the envelope for a signer after five wrong passcodes, until the sender reminds them', async () => {
    const [ann] = signers();
    const envelope = await send([ann!]);
    const token = (await tokenOf(ann!.email))!;
    for (let i = 1; i <= 4; i++) expect((await call('POST', token, '/verify', { passcode: '000001' })).status).toBe(400);
    const locked = await call('POST', token, '/verify', { passcode: '000001' });
    expect(locked.status).toBe(409);
    expect(locked.body.message).toBe(ESIGN_MESSAGES.locked);
    expect((await call('POST', token, '/passcode')).body.message).toBe(ESIGN_MESSAGES.locked);
    expect((await call('GET', token)).body.signer.locked).toBe(true);

    const reminded = await t.request('PUT', `/v4/esign/envelopes/${envelope.id}/remind`, { token: owner.accessToken });
    expect(reminded.status, reminded.text).toBe(200);
    expect(reminded.body.reminderCount).toBe(1);
    expect((await call('GET', token)).status).toBe(404); // the old link stops working
    const fresh = (await tokenOf(ann!.email))!;
    expect(fresh).not.toBe(token);
    expect((await verifyWithMailedCode(fresh, ann!.email)).signer.locked).toBe(false);
  });

  it('answers a tampered token 404, and a voided envelope with a clear message', async () => {
    const [ann] = signers();
    const envelope = await send([ann!]);
    const token = (await tokenOf(ann!.email))!;
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect((await call('GET', tampered)).status).toBe(404);
    expect((await call('GET', 'short')).body.message).toBe(ESIGN_MESSAGES.notFound);
    await verifyWithMailedCode(token, ann!.email);

    expect((await t.request('PUT', `/v4/esign/envelopes/${envelope.id}/void`, { token: stranger.accessToken, body: {} })).status).toBe(404);
    const voided = await t.request('PUT', `/v4/esign/envelopes/${envelope.id}/void`, { token: owner.accessToken, body: { reason: 'Wrong version' } });
    expect(voided.body.status).toBe('voided');
    const refused = await call('POST', token, '/sign', { signature: { kind: 'typed', text: 'Ann' }, agree: true });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(ESIGN_MESSAGES.voided);
    expect((await call('GET', token)).body.envelopeStatus).toBe('voided');
    expect((await t.request('PUT', `/v4/esign/envelopes/${envelope.id}/void`, { token: owner.accessToken, body: {} })).body.message).toBe(ESIGN_MESSAGES.notOpen);
  });

  it('stops at a decline, with the reason told to the sender; later signers are never invited', async () => {
    const [ann, ben] = signers();
    const envelope = await send([ann!, ben!]);
    const token = (await tokenOf(ann!.email))!;
    await verifyWithMailedCode(token, ann!.email);
    expect((await call('POST', token, '/decline', { reason: '' })).status).toBe(400);
    const declined = await call('POST', token, '/decline', { reason: 'The price is wrong' });
    expect(declined.body).toMatchObject({ envelopeStatus: 'declined', signer: { status: 'declined', declineReason: 'The price is wrong' } });
    expect(await tokenOf(ben!.email)).toBeUndefined();
    expect((await t.mailbox(owner.email)).some((m) => m.template === 'esign_outcome' && m.text.includes('The price is wrong'))).toBe(true);
    const list = await t.request('GET', '/v4/esign/envelopes', { token: owner.accessToken, query: { companyId } });
    expect(list.body.find((e: { id: string }) => e.id === envelope.id).status).toBe('declined');
  });

  it('refuses bad input with the messages, and outsiders', async () => {
    const post = (body: unknown, user = owner) => t.request('POST', '/v4/esign/envelopes', { token: user.accessToken, body });
    const base = { companyId, title: 'X', signers: [{ name: 'A', email: t.email('a') }] };
    const notPdf = await post({ ...base, source: { kind: 'pdf', fileName: 'x.pdf', pdfBase64: Buffer.from('hello').toString('base64') } });
    expect(notPdf.status).toBe(400);
    expect(notPdf.body.message).toBe(ESIGN_MESSAGES.pdfUnreadable);
    expect((await post({ ...base, signers: [], source: { kind: 'pdf', fileName: 'x.pdf', pdfBase64: await samplePdf() } })).body.message).toBe(ESIGN_MESSAGES.noSigners);
    expect((await post({ ...base, source: { kind: 'template', template: 'cancellation' } })).body.message).toBe(ESIGN_MESSAGES.templateNeedsPermit);
    expect((await post({ ...base, source: { kind: 'pdf', fileName: 'x.pdf', pdfBase64: await samplePdf() } }, stranger)).status).toBe(403);
    expect((await t.request('GET', '/v4/esign/envelopes', { token: stranger.accessToken, query: { companyId } })).status).toBe(403);
  });

  it('sends a cancellation (form 50) to its requester for signature and keeps it open until it is signed', async () => {
    const { permitId } = await requestPermit(t, owner, site, { companyId });
    const entry = await t.request('GET', '/v4/forms/50/entry-data', { token: owner.accessToken, query: { permitId } });
    const cancelled = await t.request('POST', '/v4/forms/50/entries', {
      token: owner.accessToken,
      body: { formId: 50, ...formChoices(entry.body), answers: { Reason: 'project-canceled', Details: 'Sold the house.', Acknowledge: true } },
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    // The form itself sent the cancellation document to the person who asked for it.
    const sent = await t.request('GET', '/v4/esign/envelopes', { token: owner.accessToken, query: { permitId } });
    expect(sent.body).toHaveLength(1);
    expect(sent.body[0]).toMatchObject({ purpose: 'cancellation', permitId, companyId, status: 'sent', title: 'Permit cancellation request' });
    expect(sent.body[0].signers.map((s: { name: string; status: string }) => [s.name, s.status])).toEqual([['Olive Owner', 'invited']]);
    const decide = () => t.request('PUT', `/v4/operator/permits/${permitId}/cancellation`, { token: team.accessToken, body: { decision: 'approve' } });
    const early = await decide();
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(ESIGN_MESSAGES.cancellationUnsigned);

    const token = (await tokenOf(owner.email))!;
    await verifyWithMailedCode(token, owner.email);
    expect((await call('POST', token, '/sign', { signature: { kind: 'typed', text: 'Olive Owner' }, agree: true })).status).toBe(200);
    const approved = await decide();
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body.stage).toBe(STAGE.Canceled);
    const onPermit = await t.request('GET', '/v4/esign/envelopes', { token: owner.accessToken, query: { permitId } });
    expect(onPermit.body[0].status).toBe('completed');
  });
  // Last: moving the clock also ends the users' sessions.
  it('expires after the days given', async () => {
    const [ann] = signers();
    await send([ann!], { expiresInDays: 1 });
    const token = (await tokenOf(ann!.email))!;
    t.advanceTime(2 * 24 * 3600 * 1000);
    expect((await call('GET', token)).body.envelopeStatus).toBe('expired');
    expect((await call('POST', token, '/passcode')).body.message).toBe(ESIGN_MESSAGES.expired);
  });
  it('reminds the signer whose turn it is once, after three days of waiting (the daily e-sign job), even with two runs at once', async () => {
    expect(ESIGN_REMIND_AFTER_DAYS).toBe(3);
    const HOUR = 3600 * 1000;
    const cara = { name: 'Cara Slow', email: t.email('cara') };
    const dan = { name: 'Dan Later', email: t.email('dan') };
    const eve = { name: 'Eve Expired', email: t.email('eve') };
    // A sender of its own: the clock moves on by weeks here (the other tests' access tokens would lapse).
    const sender = await t.createUser({ name: 'Rita Reminder' });
    const senderCompany = await companyOf(t, sender, 'Reminding Builders');
    const sendAs = async (list: { name: string; email: string }[], expiresInDays: number) => {
      const res = await t.request('POST', '/v4/esign/envelopes', {
        token: sender.accessToken,
        body: { companyId: senderCompany, title: 'Subcontract agreement', source: { kind: 'pdf', fileName: 'agreement.pdf', pdfBase64: await samplePdf() }, signers: list, expiresInDays },
      });
      expect(res.status, res.text).toBe(200);
      return res.body;
    };
    const envelope = await sendAs([cara, dan], 30);
    await sendAs([eve], 2);
    const requests = async (email: string) => (await t.mailbox(email)).filter((m) => m.template === 'esign_request').map((m) => (m.data as { reminder: boolean }).reminder);
    // Two runs at once (two replicas' jobs); other tests' envelopes wait too, so the mails tell what was sent.
    const runTwice = () => Promise.all([remindWaitingSigners(t.services, t.services.clock()), remindWaitingSigners(t.services, t.services.clock())]);
    const firstLink = (await tokenOf(cara.email))!;
    t.advanceTime(3 * 24 * HOUR - HOUR);
    await runTwice();
    expect(await requests(cara.email)).toEqual([false]);
    t.advanceTime(HOUR);
    await runTwice();
    expect((await requests(cara.email)).sort()).toEqual([false, true]);
    // Eve's envelope expired meanwhile: nobody is reminded of it; Dan's turn has not come.
    expect(await requests(eve.email)).toEqual([false]);
    expect(await requests(dan.email)).toEqual([]);
    const row = await t.services.db.selectFrom('esign_envelopes').select(['reminder_count', 'last_reminded_at']).where('id', '=', envelope.id).executeTakeFirstOrThrow();
    expect(row.reminder_count).toBe(1);
    // Once per step: the days after, nothing more; the reminder's link is the one that works.
    t.advanceTime(24 * HOUR);
    await runTwice();
    t.advanceTime(10 * 24 * HOUR);
    await runTwice();
    expect((await requests(cara.email)).sort()).toEqual([false, true]);
    const link = (await tokenOf(cara.email))!;
    expect(link).not.toBe(firstLink);
    expect((await call('GET', firstLink)).status).toBe(404);
    // Cara signs: Dan's turn, reminded once three days after his invitation.
    await verifyWithMailedCode(link, cara.email);
    expect((await call('POST', link, '/sign', { signature: { kind: 'typed', text: 'Cara Slow' }, agree: true })).status).toBe(200);
    expect(await requests(dan.email)).toEqual([false]);
    t.advanceTime(2 * 24 * HOUR);
    await runTwice();
    expect(await requests(dan.email)).toEqual([false]);
    t.advanceTime(24 * HOUR);
    await runTwice();
    await runTwice();
    expect((await requests(dan.email)).sort()).toEqual([false, true]);
    expect((await requests(cara.email)).sort()).toEqual([false, true]);
    // In the company's activity, by the system.
    const trail = await t.services.db.selectFrom('audit_events').select('after').where('action', '=', 'esign_reminded').where('actor_role', '=', 'system').where('company_id', '=', senderCompany).orderBy('id').execute();
    expect(trail.map((row) => (typeof row.after === 'string' ? JSON.parse(row.after) : row.after) as { signer: string; automatic: boolean }).map((a) => [a.signer, a.automatic])).toEqual([['Cara Slow', true], ['Dan Later', true]]);
  });

});
