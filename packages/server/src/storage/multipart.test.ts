// Large uploads in parts (issue 18 item 6), on the local storage and on S3 (s3rver): the upload request
// answers a multipart plan above 8 MiB; its user PUTs the parts (a failed part sent again), completes with
// the ETags (the file checked like a single PUT: a refused file is removed) or aborts; nobody else can
// complete, renew or abort it; the sweep aborts an upload left open past its time.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MULTIPART_PART_BYTES, MULTIPART_THRESHOLD_BYTES, type MultipartPlan, type PresignedUpload } from '@permitdesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyOf, jobSite, requestPermit } from '../test/permit-fixtures.js';
import { createTestContext, type TestContext, type TestUser } from '../test/harness.js';
import { MULTIPART_TTL_SECONDS, sweepMultipartUploads } from './multipart.js';

const BUCKET = 'permitdesk-multipart';
/** A PDF just over the threshold: two parts, the second 1,000 bytes. */
const SIZE = MULTIPART_THRESHOLD_BYTES + 1000;
function pdfBytes(size = SIZE): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set(new TextEncoder().encode('%PDF-1.4\n'));
  for (let i = 9; i < size; i++) bytes[i] = 0x20 + (i % 90);
  return bytes;
}

/**
 * Where the two storages answer differently. s3rver (S3 in these tests) neither enforces a presigned
 * part's signed length nor implements AbortMultipartUpload, so a short part is taken (real S3: 403) and
 * is refused at completion, and a part PUT after an abort is taken (real S3: 404 NoSuchUpload).
 */
const ANSWERS = {
  local: { shortPart: 400, shortComplete: 'PART_MISSING', partAfterAbort: 404 },
  s3: { shortPart: 200, shortComplete: 'FILE_SIZE_MISMATCH', partAfterAbort: 200 },
} as const;

interface S3Server {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}

describe.each(['local', 's3'] as const)('multipart uploads on the %s storage', (kind) => {
  let t: TestContext;
  let owner: TestUser;
  let attacker: TestUser;
  let permitId: number;
  let s3: S3Server | null = null;
  let s3Dir = '';

  beforeAll(async () => {
    let env: Record<string, string> = {};
    if (kind === 's3') {
      s3Dir = await mkdtemp(path.join(os.tmpdir(), 'permitdesk-s3rver-'));
      const S3rver = ((await import('s3rver' as string)) as { default: new (options: object) => S3Server }).default;
      s3 = new S3rver({ port: 0, address: '127.0.0.1', directory: s3Dir, silent: true, configureBuckets: [{ name: BUCKET }] });
      const { port } = await s3.run();
      env = { S3_BUCKET: BUCKET, S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' };
    }
    t = await createTestContext({ env });
    expect(t.services.storage.kind).toBe(kind);
    owner = await t.createUser({ name: 'Mona Multipart' });
    attacker = await t.createUser({ name: 'Mallory Other' });
    await companyOf(t, attacker, 'Mallory Masonry');
    const companyId = await companyOf(t, owner, 'Mona Masonry');
    ({ permitId } = await requestPermit(t, owner, await jobSite(t), { companyId }));
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
    if (s3Dir) await rm(s3Dir, { recursive: true, force: true });
  });

  /** A PUT to a presigned URL: the app itself for the local storage, s3rver over HTTP for S3. */
  const putTo = (url: string, body: Uint8Array, headers: Record<string, string> = {}): Promise<Response> => {
    if (kind === 's3') return fetch(url, { method: 'PUT', body, headers });
    const u = new URL(url);
    return Promise.resolve(t.app.request(u.pathname + u.search, { method: 'PUT', body, headers }));
  };
  async function register(size = SIZE): Promise<PresignedUpload & { multipart: MultipartPlan }> {
    const res = await t.request('POST', `/v4/permits/${permitId}/upload-document`, { token: owner.accessToken, body: { fileName: 'plans.pdf', contentType: 'application/pdf', size } });
    expect(res.status, res.text).toBe(200);
    return res.body;
  }
  const sliceOf = (bytes: Uint8Array, plan: MultipartPlan, partNumber: number) => bytes.subarray((partNumber - 1) * plan.partSize, partNumber * plan.partSize);
  async function putParts(plan: MultipartPlan, bytes: Uint8Array) {
    const parts = [];
    for (const part of plan.parts) {
      const res = await putTo(part.uploadUrl, sliceOf(bytes, plan, part.partNumber));
      expect(res.status, await res.clone().text()).toBe(200);
      parts.push({ partNumber: part.partNumber, etag: res.headers.get('etag')! });
    }
    return parts;
  }
  const complete = (user: TestUser | null, uploadId: string, parts: { partNumber: number; etag: string }[]) =>
    t.request('POST', `/v4/uploads/${uploadId}/complete`, { token: user?.accessToken ?? null, body: { parts } });
  const download = async (documentId: number) => {
    const res = await t.request('GET', '/v4/s3/presigned', { token: owner.accessToken, query: { file: String(documentId) } });
    return res;
  };
  const keyOf = async (documentId: number) =>
    (await t.services.db.selectFrom('permit_documents').select('storage_key').where('id', '=', documentId).executeTakeFirstOrThrow()).storage_key;

  it('answers a single PUT at the threshold and a multipart plan above it', async () => {
    const single = await register(MULTIPART_THRESHOLD_BYTES);
    expect(single.multipart).toBeUndefined();
    const upload = await register();
    expect(upload.multipart.partSize).toBe(MULTIPART_PART_BYTES);
    expect(upload.multipart.parts.map((part) => [part.partNumber, part.size])).toEqual([
      [1, MULTIPART_PART_BYTES],
      [2, SIZE - MULTIPART_PART_BYTES],
    ]);
    expect(upload.uploadUrl).toBe(upload.multipart.parts[0]!.uploadUrl);
  });

  it("refuses another user's completion, renewal and abort (404), then completes for its own user", async () => {
    const upload = await register();
    const bytes = pdfBytes();
    const parts = await putParts(upload.multipart, bytes);
    const id = upload.multipart.uploadId;

    for (const res of [
      await complete(attacker, id, parts),
      await t.request('POST', `/v4/uploads/${id}/parts`, { token: attacker.accessToken, body: { partNumbers: [1] } }),
      await t.request('DELETE', `/v4/uploads/${id}`, { token: attacker.accessToken }),
    ]) {
      expect(res.status, res.text).toBe(404);
      expect(res.body.code).toBe('UPLOAD_NOT_FOUND');
    }
    expect((await complete(null, id, parts)).status).toBe(401);
    // Nor does the storage key in place of the upload id.
    expect((await complete(attacker, await keyOf(upload.documentId), parts)).status).toBe(404);
    expect(await t.services.storage.head(await keyOf(upload.documentId))).toBeNull();

    const done = await complete(owner, id, parts);
    expect(done.status, done.text).toBe(200);
    expect(done.body).toEqual({ size: SIZE, contentType: 'application/pdf' });
    const link = await download(upload.documentId);
    expect(link.status, link.text).toBe(200);
    // Completed once: a second completion finds no open upload.
    expect((await complete(owner, id, parts)).status).toBe(404);
  });

  it('takes a part again after a failed PUT of it and stores the whole file', async () => {
    const upload = await register();
    const bytes = pdfBytes();
    const [first, second] = upload.multipart.parts;
    // Part 2 arrives; completing without part 1 is refused and leaves the upload open.
    const part2 = await putTo(second!.uploadUrl, sliceOf(bytes, upload.multipart, 2));
    expect(part2.status).toBe(200);
    const early = await complete(owner, upload.multipart.uploadId, [{ partNumber: 2, etag: part2.headers.get('etag')! }]);
    expect(early.status).toBe(400);
    expect(early.body.code).toBe('PARTS_INCOMPLETE');
    // Part 1 is cut short (the connection dropped), then goes again with a fresh URL (as after its URL expired).
    expect((await putTo(first!.uploadUrl, sliceOf(bytes, upload.multipart, 1).subarray(0, 4096))).status).toBe(ANSWERS[kind].shortPart);
    const fresh = await t.request('POST', `/v4/uploads/${upload.multipart.uploadId}/parts`, { token: owner.accessToken, body: { partNumbers: [1] } });
    expect(fresh.status, fresh.text).toBe(200);
    expect(fresh.body.parts).toHaveLength(1);
    const part1 = await putTo(fresh.body.parts[0].uploadUrl, sliceOf(bytes, upload.multipart, 1));
    expect(part1.status).toBe(200);
    const done = await complete(owner, upload.multipart.uploadId, [
      { partNumber: 1, etag: part1.headers.get('etag')! },
      { partNumber: 2, etag: part2.headers.get('etag')! },
    ]);
    expect(done.status, done.text).toBe(200);
    const link = await download(upload.documentId);
    expect(link.status).toBe(200);
    const url = new URL(link.body.url);
    const got = kind === 's3' ? await fetch(url) : await t.app.request(url.pathname + url.search);
    expect(Buffer.from(await got.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
  });

  it('refuses a file of another size than announced and keeps nothing', async () => {
    const upload = await register();
    const bytes = pdfBytes();
    const part1 = await putTo(upload.multipart.parts[0]!.uploadUrl, sliceOf(bytes, upload.multipart, 1));
    const short = await putTo(upload.multipart.parts[1]!.uploadUrl, sliceOf(bytes, upload.multipart, 2).subarray(0, 10));
    expect(short.status).toBe(ANSWERS[kind].shortPart);
    const res = await complete(owner, upload.multipart.uploadId, [
      { partNumber: 1, etag: part1.headers.get('etag')! },
      { partNumber: 2, etag: short.headers.get('etag') ?? '"none"' },
    ]);
    expect(res.status, res.text).toBe(400);
    expect(res.body.code).toBe(ANSWERS[kind].shortComplete);
    expect(await t.services.storage.head(await keyOf(upload.documentId))).toBeNull();
    expect((await download(upload.documentId)).status).toBe(404);
  });

  it('refuses an assembled file that is not an accepted type and removes it', async () => {
    const upload = await register();
    // Announced as a PDF; its bytes are HTML.
    const bytes = new TextEncoder().encode(`<html><body>${'<p>hello</p>'.repeat(SIZE)}`).subarray(0, SIZE);
    const parts = await putParts(upload.multipart, bytes);
    const res = await complete(owner, upload.multipart.uploadId, parts);
    expect(res.status, res.text).toBe(400);
    expect(res.body.code).toBe('FILE_TYPE_NOT_ALLOWED');
    expect(await t.services.storage.head(await keyOf(upload.documentId))).toBeNull();
    expect((await download(upload.documentId)).status).toBe(404);
    // The upload is over.
    expect((await complete(owner, upload.multipart.uploadId, parts)).status).toBe(404);
  });

  it('aborts for its user: the parts are dropped and the upload cannot be completed', async () => {
    const upload = await register();
    const parts = await putParts(upload.multipart, pdfBytes());
    const res = await t.request('DELETE', `/v4/uploads/${upload.multipart.uploadId}`, { token: owner.accessToken });
    expect(res.status, res.text).toBe(200);
    expect((await complete(owner, upload.multipart.uploadId, parts)).status).toBe(404);
    const late = await putTo(upload.multipart.parts[0]!.uploadUrl, sliceOf(pdfBytes(), upload.multipart, 1));
    expect(late.status).toBe(ANSWERS[kind].partAfterAbort);
    expect(await t.services.storage.head(await keyOf(upload.documentId))).toBeNull();
  });

  it('sweeps uploads left open past their time', async () => {
    const upload = await register();
    const parts = await putParts(upload.multipart, pdfBytes());
    expect(await sweepMultipartUploads(t.services)).toBe(0);
    t.advanceTime((MULTIPART_TTL_SECONDS + 60) * 1000);
    expect(await sweepMultipartUploads(t.services)).toBeGreaterThanOrEqual(1);
    expect(await t.services.db.selectFrom('multipart_uploads').select('id').where('id', '=', upload.multipart.uploadId).executeTakeFirst()).toBeUndefined();
    // A day later: signed in again.
    const again = await t.signIn(owner.email, owner.password);
    expect((await complete(again, upload.multipart.uploadId, parts)).status).toBe(404);
    expect((await putTo(upload.multipart.parts[1]!.uploadUrl, sliceOf(pdfBytes(), upload.multipart, 2))).status).toBe(kind === 's3' ? ANSWERS.s3.partAfterAbort : 403);
  });
});

describe('multipart part URLs of the local storage', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t?.close());

  it('refuses a part URL with any signed parameter changed (another upload, part or size)', async () => {
    const owner = await t.createUser();
    const companyId = await companyOf(t, owner, 'Tamper Tiles');
    const { permitId } = await requestPermit(t, owner, await jobSite(t), { companyId });
    const plans = await Promise.all(
      [1, 2].map(async () => (await t.request('POST', `/v4/permits/${permitId}/upload-document`, { token: owner.accessToken, body: { fileName: 'plans.pdf', contentType: 'application/pdf', size: SIZE } })).body.multipart as MultipartPlan),
    );
    const url = new URL(plans[0]!.parts[1]!.uploadUrl);
    const other = new URL(plans[1]!.parts[1]!.uploadUrl);
    const changed = (name: string, value: string) => {
      const u = new URL(url);
      u.searchParams.set(name, value);
      return u.pathname + u.search;
    };
    for (const path of [changed('upload', other.searchParams.get('upload')!), changed('part', '1'), changed('size', String(MULTIPART_PART_BYTES)), changed('op', 'put')]) {
      const res = await t.app.request(path, { method: 'PUT', body: new Uint8Array(1000) });
      expect(res.status, path).toBe(403);
    }
    expect((await t.app.request(url.pathname + url.search, { method: 'PUT', body: new Uint8Array(1000) })).status).toBe(200);
  });

  // (s3rver does not compare ETags at completion; S3 answers InvalidPart, which is PART_MISSING too.)
  it('refuses a completion naming an ETag that is not the part sent, keeping the upload open', async () => {
    const owner = await t.createUser();
    const companyId = await companyOf(t, owner, 'Etag Electric');
    const { permitId } = await requestPermit(t, owner, await jobSite(t), { companyId });
    const plan = (await t.request('POST', `/v4/permits/${permitId}/upload-document`, { token: owner.accessToken, body: { fileName: 'plans.pdf', contentType: 'application/pdf', size: SIZE } })).body.multipart as MultipartPlan;
    const bytes = pdfBytes();
    const etags: string[] = [];
    for (const part of plan.parts) {
      const u = new URL(part.uploadUrl);
      const res = await t.app.request(u.pathname + u.search, { method: 'PUT', body: bytes.subarray((part.partNumber - 1) * plan.partSize, part.partNumber * plan.partSize) });
      expect(res.status).toBe(200);
      etags.push(res.headers.get('etag')!);
    }
    const completeWith = (first: string) =>
      t.request('POST', `/v4/uploads/${plan.uploadId}/complete`, { token: owner.accessToken, body: { parts: [{ partNumber: 1, etag: first }, { partNumber: 2, etag: etags[1]! }] } });
    const wrong = await completeWith(etags[1]!);
    expect(wrong.status, wrong.text).toBe(400);
    expect(wrong.body.code).toBe('PART_MISSING');
    // An ETag naming a path outside the upload's parts reads nothing.
    for (const etag of ['"/../../../../../../etc/hostname"', '../1-' + etags[0]!.replace(/"/g, ''), `${etags[0]}/..`]) {
      const climbing = await completeWith(etag);
      expect(climbing.status, etag).toBe(400);
      expect(climbing.body.code).toBe('PART_MISSING');
    }
    expect((await completeWith(etags[0]!)).status).toBe(200);
  });
});
