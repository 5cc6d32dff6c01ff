// File storage: signed, expiring URLs served by the server (local folder), the 50,000,000-byte limit,
// the files table, and the S3 adapter's presigned URLs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, databaseTargets, type TestContext } from '../test/harness.js';
import { newFileKey, UPLOAD_MAX_BYTES } from './file-storage.js';
import { createFilesRecord } from './files-table.js';
import { createS3Storage } from './s3-storage.js';

describe.each(databaseTargets())('storage on %s', (target) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ target });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The path and query of a signed URL, for app.request. */
  const local = (url: string) => {
    const u = new URL(url);
    return u.pathname + u.search;
  };
  const put = (url: string, body: RequestInit['body'], headers: Record<string, string> = { 'content-type': 'application/pdf' }) =>
    t.app.request(local(url), { method: 'PUT', body, headers, ...(body instanceof ReadableStream ? { duplex: 'half' } : {}) } as RequestInit);

  it('uploads through a signed PUT URL and downloads through a signed GET URL', async () => {
    expect(t.services.storage.kind).toBe('local');
    const key = newFileKey('companies/1/licenses', 'State License (2024).pdf');
    expect(key).toMatch(/^companies\/1\/licenses\/[0-9a-f-]{36}\/State-License-2024-\.pdf$/);
    const content = new TextEncoder().encode('%PDF-1.4 pretend license');
    const upload = await t.services.storage.presignUpload(key, { contentType: 'application/pdf', fileName: 'State License (2024).pdf', size: content.length });
    expect(upload.url.startsWith('http://permitdesk.test/files/')).toBe(true);
    expect(upload.maxBytes).toBe(50_000_000);

    const res = await put(upload.url, content);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ key, size: content.length, contentType: 'application/pdf' });
    expect(await t.services.storage.head(key)).toEqual({ key, size: content.length, contentType: 'application/pdf' });

    const row = await t.services.db.selectFrom('files').selectAll().where('key', '=', key).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ uploaded: true, content_type: 'application/pdf', file_name: 'State License (2024).pdf' });
    expect(Number(row.size)).toBe(content.length);

    const download = await t.services.storage.presignDownload(key, { fileName: 'license.pdf' });
    const got = await t.app.request(local(download.url));
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('application/pdf');
    // A PDF is shown in the browser (sandboxed); other types are downloaded.
    expect(got.headers.get('content-disposition')).toBe('inline; filename="license.pdf"');
    expect(new Uint8Array(await got.arrayBuffer())).toEqual(content);

    await t.services.storage.delete(key);
    expect(await t.services.storage.head(key)).toBeNull();
    expect(await t.services.db.selectFrom('files').select('id').where('key', '=', key).executeTakeFirst()).toBeUndefined();
  });

  it('refuses tampered URLs', async () => {
    const key = newFileKey('tests', 'a.txt');
    const upload = await t.services.storage.presignUpload(key, { contentType: 'text/plain', size: 5 });
    expect((await put(upload.url, 'hello', { 'content-type': 'text/plain' })).status).toBe(200);
    const download = new URL((await t.services.storage.presignDownload(key)).url);

    const otherKey = new URL(download);
    otherKey.pathname = otherKey.pathname.replace('a.txt', 'b.txt');
    const laterExpiry = new URL(download);
    laterExpiry.searchParams.set('exp', String(Number(download.searchParams.get('exp')) + 3600));
    const badSig = new URL(download);
    badSig.searchParams.set('sig', `${download.searchParams.get('sig')!.slice(0, -2)}xx`);
    const asUpload = new URL(download);
    asUpload.searchParams.set('op', 'put');
    for (const url of [otherKey, laterExpiry, badSig]) {
      const res = await t.app.request(local(url.toString()));
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ message: 'This file link is not valid.', code: 'URL_INVALID' });
    }
    // A download URL cannot be used to overwrite the file.
    expect((await put(asUpload.toString(), 'evil', { 'content-type': 'text/plain' })).status).toBe(403);
    // Nor an upload URL with another content type.
    const typed = await t.services.storage.presignUpload(newFileKey('tests', 'c.txt'), { contentType: 'text/plain', size: 8 });
    expect((await put(typed.url, '<script>', { 'content-type': 'text/html' })).status).toBe(400);
    // Keys that climb out of the folder are refused.
    await expect(t.services.storage.presignDownload('../secrets')).rejects.toMatchObject({ status: 400 });
  });

  it('refuses expired URLs', async () => {
    const upload = await t.services.storage.presignUpload(newFileKey('tests', 'late.txt'), { contentType: 'text/plain', size: 8, expiresInSeconds: 60 });
    const stored = await t.services.storage.presignUpload(newFileKey('tests', 'early.txt'), { contentType: 'text/plain', size: 5 });
    expect((await put(stored.url, 'early', { 'content-type': 'text/plain' })).status).toBe(200);
    const download = await t.services.storage.presignDownload(stored.key, { expiresInSeconds: 60 });
    t.advanceTime(61_000);
    const res = await put(upload.url, 'too late', { 'content-type': 'text/plain' });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: 'This file link has expired.', code: 'URL_EXPIRED' });
    expect((await t.app.request(local(download.url))).status).toBe(403);
  });

  it('answers a PUT whose connection dropped mid-way with 400 UPLOAD_INTERRUPTED (not a 500), keeps nothing and lets the URL be used again', async () => {
    const key = newFileKey('tests', 'dropped.pdf');
    const content = new TextEncoder().encode('%PDF-1.4 sent again after a dropped line');
    const upload = await t.services.storage.presignUpload(key, { contentType: 'application/pdf', size: content.length });
    // What Node's HTTP server does to a request body when the client goes away: the stream errors with 'aborted'.
    const dropped = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(content.subarray(0, 8));
        controller.error(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
      },
    });
    const res = await put(upload.url, dropped);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe('UPLOAD_INTERRUPTED');
    expect(await t.services.storage.head(key)).toBeNull();
    expect((await put(upload.url, content)).status).toBe(200);
  });

  it('refuses uploads over 50,000,000 bytes with 413, declared or streamed', async () => {
    const key = newFileKey('tests', 'huge.pdf');
    const upload = await t.services.storage.presignUpload(key, { contentType: 'application/pdf', size: UPLOAD_MAX_BYTES });
    const declared = await put(upload.url, 'x', { 'content-type': 'application/pdf', 'content-length': String(UPLOAD_MAX_BYTES + 1) });
    expect(declared.status).toBe(413);

    // No length announced: the stream is counted as it arrives.
    const chunk = new Uint8Array(1_000_000);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > UPLOAD_MAX_BYTES) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const streamed = await put(upload.url, stream, { 'content-type': 'application/pdf' });
    expect(streamed.status).toBe(413);
    expect(((await streamed.json()) as { code: string }).code).toBe('FILE_TOO_LARGE');
    expect(await t.services.storage.head(key)).toBeNull();
  });

  it('presigns S3 uploads and downloads when S3 is configured', async () => {
    const s3 = createS3Storage(
      { S3_BUCKET: 'permitdesk-files', S3_REGION: 'us-east-2', S3_ENDPOINT: 'https://s3.example.test', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE', S3_SECRET_ACCESS_KEY: 'secret' },
      createFilesRecord(t.services.db, t.services.clock),
      t.services.clock,
    );
    const key = newFileKey('companies/2', 'cert.pdf');
    const upload = await s3.presignUpload(key, { contentType: 'application/pdf', size: 1200, expiresInSeconds: 120 });
    const url = new URL(upload.url);
    expect(url.host).toBe('s3.example.test');
    expect(url.pathname).toBe(`/permitdesk-files/${key}`);
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toContain('content-type');
    expect(upload.headers).toEqual({ 'content-type': 'application/pdf', 'if-none-match': '*' });
    expect(url.searchParams.get('X-Amz-Expires')).toBe('120');
    expect(await t.services.db.selectFrom('files').select('uploaded').where('key', '=', key).executeTakeFirst()).toEqual({ uploaded: false });

    // A multipart upload's part URL signs the part's length: S3 refuses a part of another size.
    const part = new URL((await s3.presignPart({ id: 'x', key, storageUploadId: 'upload-7', ownerUserId: null, size: 9_000_000, partSize: 8_388_608, expiresAt: new Date() }, 2, 611_392, 120)).url);
    expect(part.pathname).toBe(`/permitdesk-files/${key}`);
    expect(Object.fromEntries(['partNumber', 'uploadId', 'X-Amz-SignedHeaders', 'X-Amz-Expires'].map((name) => [name, part.searchParams.get(name)]))).toEqual({
      partNumber: '2',
      uploadId: 'upload-7',
      'X-Amz-SignedHeaders': 'content-length;host',
      'X-Amz-Expires': '120',
    });
  });
});
