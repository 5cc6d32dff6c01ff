// Public compliance links (issue 13), played by an attacker first: a guessed, tampered or malformed token,
// a revoked and an expired link (all one same answer), a file outside the link or not allowed, a member who
// is not a manager creating or revoking, another company's manager revoking. Then what works: the live
// wallet by link, the visit (network and approximate place, from a real geolocation service on a local
// port), the download, the owner's list and detail, and the per-client rate limit.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LINK_MESSAGES } from '@permitdesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyOf } from '../../test/permit-fixtures.js';
import { createTestContext, databaseTargets, type TestContext, type TestUser } from '../../test/harness.js';
import { putUploadBytes } from '../../test/uploads.js';
import { getLink } from './links.js';

const DAY = 86_400_000;
const UNAVAILABLE = { message: LINK_MESSAGES.unavailable, code: 'LINK_UNAVAILABLE' };

/** A stand-in for an ip-api style geolocation service: a real HTTP server answering one known network. */
async function geolocationService(): Promise<{ server: Server; template: string; asked: string[] }> {
  const asked: string[] = [];
  const server = createServer((req, res) => {
    const ip = decodeURIComponent(req.url!.split('/').pop()!);
    asked.push(ip);
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(ip.startsWith('203.0.113.') ? { city: 'Austin', regionName: 'Texas', countryCode: 'US' } : { status: 'fail' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, template: `http://127.0.0.1:${(server.address() as AddressInfo).port}/json/{ip}`, asked };
}

describe.each(databaseTargets())('public compliance links on %s', (target) => {
  let t: TestContext;
  let geo: Awaited<ReturnType<typeof geolocationService>>;
  let owner: TestUser; // Owner of Lakeside Roofing (A)
  let admin: TestUser;
  let pm: TestUser;
  let observer: TestUser;
  let otherOwner: TestUser; // Owner of Other Co (B)
  let A: number;
  let B: number;
  let licenseId: number; // with a file, valid
  let insuranceId: number; // with a file, expiring in 10 days
  let certificateId: number; // no file, expired
  let documentationId: number; // a documentation with a file
  let otherLicenseId: number; // B's
  const licenseBytes = new TextEncoder().encode('%PDF-1.4 Lakeside roofing license');

  let clientNo = 0;
  /** A fresh client address per call unless one is given (the rate limit is tested on its own). */
  const from = (ip?: string) => ({ 'x-forwarded-for': ip ?? `198.51.100.${(clientNo = (clientNo % 250) + 1)}` });
  const call = (user: TestUser | null, method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
    t.request(method, path, { token: user?.accessToken ?? null, body, headers: headers ?? from() });
  /** The body of a call that must succeed. */
  const ok = (promise: ReturnType<typeof call>) =>
    promise.then((res) => {
      expect(res.status, res.text).toBeLessThan(300);
      return res.body;
    });
  const attachFile = async (documentableType: string, documentableId: number, fileName: string, bytes: Uint8Array) => {
    const upload = await ok(call(owner, 'POST', `/v4/companies/${A}/documents`, { fileName, contentType: 'application/pdf', size: bytes.byteLength, documentableType, documentableId }));
    await putUploadBytes(t, upload, bytes);
  };
  const isoDay = (offsetDays: number) => new Date(t.services.clock().getTime() + offsetDays * DAY).toISOString().slice(0, 10);
  const create = (user: TestUser, companyId: number, body: Record<string, unknown>) => call(user, 'POST', `/v4/companies/${companyId}/compliance-links`, body);
  const createOk = async (body: Record<string, unknown> = { allItems: true, allowDownloads: true }) => (await ok(create(owner, A, body))) as { link: { id: number }; token: string; url: string };
  const open = (token: string, headers?: Record<string, string>) => call(null, 'GET', `/v4/public/compliance-links/${encodeURIComponent(token)}`, undefined, headers);
  const download = (token: string, body: Record<string, unknown>, headers?: Record<string, string>) => call(null, 'POST', `/v4/public/compliance-links/${encodeURIComponent(token)}/downloads`, body, headers);
  const revoke = (user: TestUser, companyId: number, linkId: number) => call(user, 'PUT', `/v4/companies/${companyId}/compliance-links/${linkId}/revoke`);

  beforeAll(async () => {
    geo = await geolocationService();
    t = await createTestContext({ target, env: { TRUST_PROXY: 'on', IP_GEOLOCATION: geo.template } });
    [owner, admin, pm, observer, otherOwner] = [
      await t.createUser({ name: 'Lena Lakeside' }), await t.createUser({ name: 'Adam Admin' }), await t.createUser({ name: 'Pia Pm' }),
      await t.createUser({ name: 'Otto Observer' }), await t.createUser({ name: 'Bert Other' }),
    ];
    A = await companyOf(t, owner, 'Lakeside Roofing');
    B = await companyOf(t, otherOwner, 'Other Co');
    await t.services.companies.addMember(A, admin.sub, 'administrator');
    await t.services.companies.addMember(A, pm.sub, 'pm');
    await t.services.companies.addMember(A, observer.sub, 'user');
    licenseId = (await ok(call(owner, 'POST', `/v4/companies/${A}/licenses`, { name: 'Roofing Contractor', licenseType: 'state', number: 'RC-5521', issuer: 'TDLR', stateCode: 'TX', expiresOn: isoDay(400) }))).licenseId;
    insuranceId = (await ok(call(owner, 'POST', `/v4/companies/${A}/insurances`, { name: 'General Liability', number: 'GL-77', expiresOn: isoDay(10) }))).insuranceId;
    certificateId = (await ok(call(owner, 'POST', `/v4/companies/${A}/certificates`, { name: 'OSHA 30-Hour', expiresOn: isoDay(-3) }))).certificateId;
    documentationId = (await ok(call(owner, 'POST', `/v4/companies/${A}/documentations`, { name: 'W-9', category: 'Sorted' }))).documentId;
    await attachFile('License', licenseId, 'roofing-license.pdf', licenseBytes);
    await attachFile('Insurance', insuranceId, 'coi.pdf', new TextEncoder().encode('%PDF-1.4 COI'));
    await attachFile('Company', documentationId, 'w9.pdf', new TextEncoder().encode('%PDF-1.4 W-9'));
    const otherCo = await ok(call(otherOwner, 'POST', `/v4/companies/${B}/licenses`, { name: 'B License', licenseType: 'state', number: 'B-1' }));
    otherLicenseId = otherCo.licenseId;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    geo?.server.close();
  });

  describe('attacks', () => {
    it('a guessed, tampered or malformed token gets the one same answer as a revoked link', async () => {
      const { token } = await createOk();
      const tampered = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
      const guessed = 'x'.repeat(43);
      for (const bad of [tampered, guessed, 'abc', 'x'.repeat(150), `${token}x`]) {
        const res = await open(bad);
        expect(res.status, bad).toBe(404);
        expect(res.body, bad).toEqual(UNAVAILABLE);
        const file = await download(bad, { kind: 'license', id: licenseId });
        expect(file.status, bad).toBe(404);
        expect(file.body).toEqual(UNAVAILABLE);
      }
    });

    it('a revoked link stops at once, with the same answer as an unknown one', async () => {
      const { token, link } = await createOk();
      expect((await open(token)).status).toBe(200);
      await ok(revoke(owner, A, link.id));
      const res = await open(token);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(UNAVAILABLE);
      expect((await download(token, { kind: 'license', id: licenseId })).body).toEqual(UNAVAILABLE);
      // Revoking twice is told plainly.
      const again = await revoke(owner, A, link.id);
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('LINK_ALREADY_REVOKED');
    });

    it('an expired link stops when its day comes, with the same answer', async () => {
      const { token, link } = await createOk({ allItems: true, allowDownloads: true, expiresInDays: 1 });
      expect((await open(token)).status).toBe(200);
      t.advanceTime(DAY + 1000);
      try {
        const res = await open(token);
        expect(res.status).toBe(404);
        expect(res.body).toEqual(UNAVAILABLE);
        // (the owner's session has lapsed by then too: the status is read below the HTTP layer)
        expect((await getLink(t.services.db, A, link.id, t.services.clock())).status).toBe('expired');
      } finally {
        t.advanceTime(-(DAY + 1000));
      }
    });

    it('refuses a file outside the link, another company\'s file, a file not allowed, and an item without a file', async () => {
      const { token } = await createOk({
        allItems: false, allowDownloads: true,
        items: [{ kind: 'license', id: licenseId }, { kind: 'insurance', id: insuranceId, downloadable: false }, { kind: 'certificate', id: certificateId }],
      });
      const outside = await download(token, { kind: 'documentation', id: documentationId });
      expect(outside.status).toBe(404);
      expect(outside.body.code).toBe('LINK_ITEM_NOT_FOUND');
      const foreign = await download(token, { kind: 'license', id: otherLicenseId });
      expect(foreign.status).toBe(404);
      expect(foreign.body.code).toBe('LINK_ITEM_NOT_FOUND');
      const notAllowed = await download(token, { kind: 'insurance', id: insuranceId });
      expect(notAllowed.status).toBe(403);
      expect(notAllowed.body).toEqual({ message: LINK_MESSAGES.notDownloadable, code: 'LINK_DOWNLOAD_FORBIDDEN' });
      const noFile = await download(token, { kind: 'certificate', id: certificateId });
      expect(noFile.status).toBe(404);
      expect(noFile.body.code).toBe('LINK_FILE_NOT_FOUND');

      // A link without downloads allows none.
      const viewOnly = await createOk({ allItems: true, allowDownloads: false });
      expect((await download(viewOnly.token, { kind: 'license', id: licenseId })).status).toBe(403);
      const page = (await ok(open(viewOnly.token))) as { items: { downloadable: boolean }[] };
      expect(page.items.every((item) => !item.downloadable)).toBe(true);
    });

    it('only the company\'s owner and administrators create, read and revoke its links', async () => {
      const { link } = await createOk();
      for (const member of [pm, observer, otherOwner]) {
        const made = await create(member, A, { allItems: true, allowDownloads: true });
        expect(made.status, member.name).toBe(403);
        expect((await call(member, 'GET', `/v4/companies/${A}/compliance-links`)).status).toBe(403);
        expect((await call(member, 'GET', `/v4/companies/${A}/compliance-links/${link.id}`)).status).toBe(403);
        expect((await revoke(member, A, link.id)).status, member.name).toBe(403);
      }
      expect((await create(null as unknown as TestUser, A, { allItems: true, allowDownloads: true })).status).toBe(401);
      // Another company's manager naming A's link through its own company: no such link there.
      const crossed = await revoke(otherOwner, B, link.id);
      expect(crossed.status).toBe(404);
      expect(crossed.body.code).toBe('LINK_NOT_FOUND');
      expect((await call(otherOwner, 'GET', `/v4/companies/${B}/compliance-links/${link.id}`)).status).toBe(404);
      // The link still works: nothing above touched it. The administrator may revoke it.
      const detail = await ok(call(admin, 'GET', `/v4/companies/${A}/compliance-links/${link.id}`));
      expect(detail.link.status).toBe('active');
      expect((await ok(revoke(admin, A, link.id))).status).toBe('revoked');
    });

    it('refuses items of another company\'s wallet and bad choices with clear messages', async () => {
      const foreign = await create(owner, A, { allItems: false, allowDownloads: true, items: [{ kind: 'license', id: otherLicenseId }] });
      expect(foreign.status).toBe(400);
      expect(foreign.body.message).toBe(LINK_MESSAGES.notOwnItem);
      const none = await create(owner, A, { allItems: false, allowDownloads: true, items: [] });
      expect(none.status).toBe(400);
      expect(none.body.message).toBe(LINK_MESSAGES.noItems);
      for (const expiresInDays of [0, 366, 1.5]) {
        const res = await create(owner, A, { allItems: true, allowDownloads: true, expiresInDays });
        expect(res.status, String(expiresInDays)).toBe(400);
        expect(res.body.message).toBe(LINK_MESSAGES.expiry);
      }
      const label = await create(owner, A, { allItems: true, allowDownloads: true, label: 'x'.repeat(121) });
      expect(label.status).toBe(400);
      expect(label.body.message).toBe(LINK_MESSAGES.label);
    });

    it('keeps no usable token: only its SHA-256 is stored, and no answer but the creation shows it', async () => {
      const { token, link, url } = await createOk({ allItems: true, allowDownloads: true, label: 'For the Smith kitchen' });
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(url).toBe(`${t.config.PUBLIC_URL}/c/${token}`);
      const row = await t.services.db.selectFrom('compliance_links').selectAll().where('id', '=', link.id).executeTakeFirstOrThrow();
      expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(row)).not.toContain(token);
      const keys = await t.services.db.selectFrom('idempotency_keys').select('body').execute();
      expect(JSON.stringify(keys)).not.toContain(token);
      expect(JSON.stringify(await ok(call(owner, 'GET', `/v4/companies/${A}/compliance-links`)))).not.toContain(token);
      expect(JSON.stringify(await ok(call(owner, 'GET', `/v4/companies/${A}/compliance-links/${link.id}`)))).not.toContain(token);
    });

    it('limits how often one client opens links (a token guesser hits a wall)', async () => {
      const ip = '192.0.2.77';
      let status = 0;
      for (let i = 0; i < 70 && status !== 429; i += 1) status = (await open('y'.repeat(43), from(ip))).status;
      expect(status).toBe(429);
      const { token } = await createOk();
      const res = await open(token, from(ip));
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
      // Another client is not held up.
      expect((await open(token)).status).toBe(200);
    });
  });

  describe('what works', () => {
    it('shows the live wallet with each item\'s state, downloads an allowed file, and the owner sees the visit and the download', async () => {
      const { token, link } = await createOk({ allItems: true, allowDownloads: true, label: 'For the Smith kitchen' });
      const visitor = from('203.0.113.45');
      const page = await ok(open(token, visitor));
      expect(page.company).toEqual({ name: 'Lakeside Roofing' });
      expect(page.label).toBe('For the Smith kitchen');
      const byName = Object.fromEntries((page.items as { name: string }[]).map((item) => [item.name, item]));
      expect(byName['Roofing Contractor']).toMatchObject({ kind: 'license', id: licenseId, state: 'valid', number: 'RC-5521', fileName: 'roofing-license.pdf', downloadable: true });
      expect(byName['General Liability']).toMatchObject({ kind: 'insurance', state: 'expiring', daysLeft: 10, downloadable: true });
      expect(byName['OSHA 30-Hour']).toMatchObject({ kind: 'certificate', state: 'expired', downloadable: false, fileName: null });
      expect(byName['W-9']).toMatchObject({ kind: 'documentation', id: documentationId, state: 'valid', downloadable: true });

      const file = await ok(download(token, { kind: 'license', id: licenseId, visit: page.visit }, visitor));
      const url = new URL(file.url);
      const bytes = await (await t.app.request(url.pathname + url.search)).arrayBuffer();
      expect(new Uint8Array(bytes)).toEqual(licenseBytes);

      const detail = await ok(call(owner, 'GET', `/v4/companies/${A}/compliance-links/${link.id}`));
      expect(detail.visits).toHaveLength(1);
      expect(detail.visits[0]).toMatchObject({ place: 'Austin, Texas, US', network: '203.0.113.0/24' });
      expect(detail.visits[0].downloads).toEqual([expect.objectContaining({ kind: 'license', itemId: licenseId, fileName: 'roofing-license.pdf', place: 'Austin, Texas, US' })]);
      // Never the whole address.
      expect(JSON.stringify(detail)).not.toContain('203.0.113.45');
      const stored = await t.services.db.selectFrom('compliance_link_visits').selectAll().where('link_id', '=', link.id).execute();
      expect(JSON.stringify(stored)).not.toContain('203.0.113.45');
      expect(geo.asked).toContain('203.0.113.45');

      const listed = ((await ok(call(owner, 'GET', `/v4/companies/${A}/compliance-links`))) as { id: number; lastVisitAt: string | null }[]).find((l) => l.id === link.id);
      expect(listed).toMatchObject({ status: 'active', visitsCount: 1, downloadsCount: 1, label: 'For the Smith kitchen' });
      expect(listed?.lastVisitAt).toBe(detail.visits[0].visitedAt);

      // The company's trail says who made it.
      const trail = await t.services.db.selectFrom('audit_events').select(['action', 'actor_user_id']).where('company_id', '=', A).where('action', '=', 'public_link_created').execute();
      expect(trail.some((row) => row.actor_user_id === owner.sub)).toBe(true);
    });

    it('a link of chosen items shows only those, follows their changes, and drops an item archived since', async () => {
      const { token, link } = await createOk({ allItems: false, allowDownloads: false, items: [{ kind: 'license', id: licenseId, downloadable: true }, { kind: 'documentation', id: documentationId }] });
      const page = await ok(open(token));
      expect(page.items.map((i: { kind: string }) => i.kind)).toEqual(['license', 'documentation']);
      expect(page.items.map((i: { downloadable: boolean }) => i.downloadable)).toEqual([true, false]);
      const detail = await ok(call(owner, 'GET', `/v4/companies/${A}/compliance-links/${link.id}`));
      expect(detail.link.items).toEqual([
        { kind: 'documentation', id: documentationId, name: 'W-9', downloadable: false },
        { kind: 'license', id: licenseId, name: 'Roofing Contractor', downloadable: true },
      ]);
      await ok(call(owner, 'DELETE', `/v4/companies/${A}/documentations/${documentationId}`));
      try {
        const after = await ok(open(token));
        expect(after.items.map((i: { kind: string }) => i.kind)).toEqual(['license']);
        expect((await download(token, { kind: 'documentation', id: documentationId })).status).toBe(404);
      } finally {
        await ok(call(owner, 'POST', `/v4/companies/${A}/documentations/${documentationId}/restore`));
      }
    });

    it('records a visit without a place when the source does not know the address', async () => {
      const { token, link } = await createOk();
      await ok(open(token, from('198.51.100.200')));
      const detail = await ok(call(owner, 'GET', `/v4/companies/${A}/compliance-links/${link.id}`));
      expect(detail.visits[0]).toMatchObject({ place: null, network: '198.51.100.0/24' });
    });
  });
});
