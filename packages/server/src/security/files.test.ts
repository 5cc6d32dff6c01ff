// Issue 10, item 1: uploaded files must never run as our pages. Hostile types are refused (by the declared
// type and name at the upload request, and by the stored bytes at the PUT), every file is served with its
// sniffed type, nosniff and a sandboxing CSP (attachment unless PDF or a raster image), every parameter of
// a file URL is signed, an upload URL works once and the stored size must be the declared one.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';
import { UPLOAD_TYPES_MESSAGE } from '@permitdesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyOf, jobSite, requestPermit } from '../test/permit-fixtures.js';
import { createTestContext, databaseTargets, type TestContext, type TestUser } from '../test/harness.js';
import { newFileKey } from '../storage/file-storage.js';
import { createFilesRecord } from '../storage/files-table.js';
import { createS3Storage } from '../storage/s3-storage.js';

const text = (s: string) => new TextEncoder().encode(s);
const concat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);
const PDF = text('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n');
const EXE = concat(new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, 0, 0]), new Uint8Array(64));
const SCRIPT = '<script>localStorage.setItem("pwned", "1"); document.title = document.cookie</script>';

/** A zip of stored (uncompressed) entries: enough for the sniffer to read its entry names and content. */
function zip(entries: Record<string, string>): Uint8Array {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const data = Buffer.from(content);
    const fileName = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(data.length, 20);
    entry.writeUInt32LE(data.length, 24);
    entry.writeUInt16LE(fileName.length, 28);
    entry.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    central.push(entry, fileName);
    offset += 30 + fileName.length + data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(central.length / 2, 8);
  end.writeUInt16LE(central.length / 2, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}
const DOCX = zip({
  '[Content_Types].xml':
    '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  'word/document.xml': '<w:document/>',
});
const PLAIN_ZIP = zip({ 'readme.txt': 'not an office document' });
const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

describe.each(databaseTargets())('hostile files on %s', (target) => {
  let t: TestContext;
  let owner: TestUser;
  let permitId: number;
  let companyId: number;

  beforeAll(async () => {
    t = await createTestContext({ target });
    owner = await t.createUser({ name: 'Fiona Files' });
    companyId = await companyOf(t, owner, 'Fiona Framing');
    ({ permitId } = await requestPermit(t, owner, await jobSite(t), { companyId }));
  });
  afterAll(() => t?.close());

  const local = (url: string) => {
    const u = new URL(url);
    return u.pathname + u.search;
  };
  const register = (fileName: string, contentType: string, size: number) =>
    t.request('POST', `/v4/permits/${permitId}/upload-document`, { token: owner.accessToken, body: { fileName, contentType, size } });
  const put = (upload: { uploadUrl: string; headers: Record<string, string> }, bytes: Uint8Array, headers: Record<string, string> = {}) =>
    t.app.request(local(upload.uploadUrl), { method: 'PUT', headers: { ...upload.headers, ...headers }, body: bytes });
  const downloadUrl = async (documentId: number) => {
    const res = await t.request('GET', '/v4/s3/presigned', { token: owner.accessToken, query: { file: String(documentId) } });
    expect(res.status, res.text).toBe(200);
    return new URL(res.body.url);
  };
  /** Registers, PUTs and answers the document id and the PUT's response. */
  async function upload(fileName: string, contentType: string, bytes: Uint8Array) {
    const registered = await register(fileName, contentType, bytes.length);
    expect(registered.status, registered.text).toBe(200);
    return { documentId: registered.body.documentId as number, registered: registered.body, res: await put(registered.body, bytes) };
  }

  it('refuses a declared HTML, SVG or XHTML file, or a name with such an extension, at the upload request', async () => {
    for (const [fileName, contentType] of [
      ['page.html', 'text/html'],
      ['drawing.svg', 'image/svg+xml'],
      ['page.xhtml', 'application/xhtml+xml'],
      ['plan.pdf', 'text/html; charset=utf-8'],
      ['drawing.svg', 'application/pdf'],
      ['setup.exe', 'application/octet-stream'],
    ]) {
      const res = await register(fileName!, contentType!, 100);
      expect(res.status, `${fileName} ${contentType}`).toBe(400);
      expect(res.body.message).toBe(UPLOAD_TYPES_MESSAGE);
    }
    const company = await t.request('POST', `/v4/companies/${companyId}/documents`, {
      token: owner.accessToken,
      body: { fileName: 'w9.svg', contentType: 'image/svg+xml', size: 100, documentableType: 'Company' },
    });
    expect(company.status).toBe(400);
    expect(company.body.message).toBe(UPLOAD_TYPES_MESSAGE);
  });

  it('refuses stored bytes that are not an accepted type, whatever was declared, and keeps nothing', async () => {
    for (const [fileName, contentType, bytes] of [
      ['plan.pdf', 'application/pdf', text(`<html><body>${SCRIPT}</body></html>`)],
      ['photo.png', 'image/png', text(`<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)">${SCRIPT}</svg>`)],
      ['notes.txt', 'text/plain', text(`<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml">${SCRIPT}</html>`)],
      ['notes.txt', 'text/plain', text(`  <!DOCTYPE html>${SCRIPT}`)],
      ['plan.pdf', 'application/pdf', EXE],
      ['report.docx', DOCX_TYPE, PLAIN_ZIP],
      ['notes.txt', 'text/plain', concat(text('abc'), new Uint8Array([0, 1, 2]))],
      ['notes.csv', 'text/csv', new Uint8Array([0x61, 0xff, 0xfe, 0x62])],
    ] as const) {
      const { documentId, res } = await upload(fileName, contentType, bytes);
      expect(res.status, `${fileName}: ${new TextDecoder().decode(bytes).slice(0, 30)}`).toBe(400);
      expect(await res.json()).toEqual({ message: UPLOAD_TYPES_MESSAGE, code: 'FILE_TYPE_NOT_ALLOWED' });
      const early = await t.request('GET', '/v4/s3/presigned', { token: owner.accessToken, query: { file: String(documentId) } });
      expect(early.status).toBe(404);
    }
  });

  it('serves a PDF and a PNG inline, with their sniffed type, nosniff and a sandboxing CSP', async () => {
    for (const [fileName, declared, bytes, served] of [
      ['Site plan.pdf', 'application/pdf', PDF, 'application/pdf'],
      // Declared as a JPEG, stored as a PNG: served as what it is.
      ['photo.jpg', 'image/jpeg', PNG, 'image/png'],
      ['scan', 'application/octet-stream', PNG, 'image/png'],
    ] as const) {
      const { documentId, res } = await upload(fileName, declared, bytes);
      expect(res.status, fileName).toBe(200);
      const got = await t.app.request(local((await downloadUrl(documentId)).toString()));
      expect(got.status).toBe(200);
      expect(got.headers.get('content-type')).toBe(served);
      expect(got.headers.get('content-disposition')).toBe(`inline; filename="${fileName}"`);
      expect(got.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
      expect(got.headers.get('x-content-type-options')).toBe('nosniff');
      expect(new Uint8Array(await got.arrayBuffer())).toEqual(bytes);
      // Listed with what it is, too.
      const listed = await t.request('GET', '/v4/documents', { token: owner.accessToken, query: { documentable_id: permitId, documentable_type: 'Permit' } });
      expect(listed.body.find((d: { documentId: number }) => d.documentId === documentId).contentType).toBe(served);
    }
  });

  it('serves a PNG with HTML after its magic bytes as an image, never as a page', async () => {
    const { documentId, res } = await upload('polyglot.png', 'image/png', concat(PNG, text(`<html>${SCRIPT}</html>`)));
    expect(res.status).toBe(200);
    const got = await t.app.request(local((await downloadUrl(documentId)).toString()));
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    expect(got.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
  });

  it('serves Office documents and text as attachments', async () => {
    for (const [fileName, declared, bytes, served] of [
      ['Specs.docx', DOCX_TYPE, DOCX, DOCX_TYPE],
      ['notes.txt', 'text/plain', text('hello'), 'text/plain; charset=utf-8'],
      ['schedule.csv', '', text('day,task\nmon,framing\n'), 'text/csv; charset=utf-8'],
    ] as const) {
      const { documentId, res } = await upload(fileName, declared, bytes);
      expect(res.status, fileName).toBe(200);
      const got = await t.app.request(local((await downloadUrl(documentId)).toString()));
      expect(got.status).toBe(200);
      expect(got.headers.get('content-type')).toBe(served);
      expect(got.headers.get('content-disposition')).toBe(`attachment; filename="${fileName}"`);
      expect(got.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
      expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('refuses a download URL with any parameter changed, added or its key changed', async () => {
    const { documentId } = await upload('Permit.pdf', 'application/pdf', PDF);
    const url = await downloadUrl(documentId);
    expect([...url.searchParams.keys()].sort()).toEqual(['ct', 'disp', 'exp', 'name', 'op', 'sig']);
    const changed = (change: (u: URL) => void) => {
      const u = new URL(url);
      change(u);
      return u;
    };
    for (const tampered of [
      changed((u) => u.searchParams.set('name', 'Permit.html')),
      changed((u) => u.searchParams.set('disp', 'attachment')),
      changed((u) => u.searchParams.set('ct', 'text/html')),
      changed((u) => u.searchParams.set('exp', String(Number(u.searchParams.get('exp')) + 3600))),
      changed((u) => u.searchParams.set('op', 'put')),
      changed((u) => u.searchParams.append('name', 'evil.html')),
      changed((u) => u.searchParams.delete('name')),
      changed((u) => (u.pathname = u.pathname.replace('Permit.pdf', 'Other.pdf'))),
    ]) {
      const res = await t.app.request(local(tampered.toString()));
      expect(res.status, tampered.search).toBe(403);
      expect(((await res.json()) as { code: string }).code).toBe('URL_INVALID');
    }
    expect((await t.app.request(local(url.toString()))).status).toBe(200);
  });

  it('takes an upload URL once', async () => {
    const { registered, res } = await upload('once.pdf', 'application/pdf', PDF);
    expect(res.status).toBe(200);
    const again = await put(registered, text('%PDF-1.4 replaced'));
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: 'This upload link has already been used. Ask for a new one to upload again.', code: 'UPLOAD_URL_USED' });
    const got = await t.app.request(local((await downloadUrl(registered.documentId)).toString()));
    expect(new Uint8Array(await got.arrayBuffer())).toEqual(PDF);
  });

  it('refuses stored bytes of another size than the declared one, and removes them', async () => {
    const registered = (await register('short.pdf', 'application/pdf', PDF.length + 10)).body;
    const res = await put(registered, PDF);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: `The file is not the size that was announced (${PDF.length + 10} bytes).`, code: 'FILE_SIZE_MISMATCH' });
    const key = decodeURIComponent(new URL(registered.uploadUrl).pathname.replace(/^\/files\//, ''));
    expect(await t.services.storage.head(key)).toBeNull();
    const early = await t.request('GET', '/v4/s3/presigned', { token: owner.accessToken, query: { file: String(registered.documentId) } });
    expect(early.status).toBe(404);
    expect(early.body.code).toBe('FILE_NOT_UPLOADED');
    // The right bytes can still be sent with that link: nothing was stored.
    const padded = concat(PDF, text('%padding!!'));
    expect((await put(registered, padded)).status).toBe(200);
  });

  it('answers 404 for a download before the upload', async () => {
    const registered = (await register('later.pdf', 'application/pdf', PDF.length)).body;
    const early = await t.request('GET', '/v4/s3/presigned', { token: owner.accessToken, query: { file: String(registered.documentId) } });
    expect(early.status).toBe(404);
    expect(early.body).toEqual({ message: 'The file has not been uploaded yet.', code: 'FILE_NOT_UPLOADED' });
  });

  describe('on S3', () => {
    // S3 is outside the machine: a small stand-in speaking its REST protocol (path-style, conditional PUT).
    let s3: Server;
    let endpoint: string;
    const objects = new Map<string, { body: Buffer; type: string }>();
    const bodyOf = async (req: IncomingMessage) => Buffer.concat(await req.toArray());
    beforeAll(async () => {
      s3 = createServer(async (req, res) => {
        const path = decodeURIComponent(new URL(req.url!, 'http://s3').pathname);
        const object = objects.get(path);
        if (req.method === 'PUT') {
          if (req.headers['if-none-match'] === '*' && object) return res.writeHead(412).end();
          objects.set(path, { body: await bodyOf(req), type: String(req.headers['content-type']) });
          return res.writeHead(200, { etag: '"1"' }).end();
        }
        if (req.method === 'DELETE') return objects.delete(path), res.writeHead(204).end();
        if (!object) return res.writeHead(404).end();
        const range = /bytes=(\d+)-(\d+)/.exec(String(req.headers.range ?? ''));
        const body = range ? object.body.subarray(Number(range[1]), Number(range[2]) + 1) : object.body;
        res.writeHead(range ? 206 : 200, { 'content-type': object.type, 'content-length': String(req.method === 'HEAD' ? object.body.length : body.length) });
        res.end(req.method === 'HEAD' ? undefined : body);
      });
      await new Promise<void>((resolve) => s3.listen(0, '127.0.0.1', resolve));
      endpoint = `http://127.0.0.1:${(s3.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => s3.close(() => resolve())));

    const storage = () =>
      createS3Storage(
        { S3_BUCKET: 'files', S3_REGION: 'us-east-2', S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: 'AKIAEXAMPLE', S3_SECRET_ACCESS_KEY: 'secret' },
        createFilesRecord(t.services.db, t.services.clock),
        t.services.clock,
      );

    it('signs the length, a create-only condition, and the served type and disposition into its URLs', async () => {
      const key = newFileKey('permits/s3', 'Plan.pdf');
      const upload = await storage().presignUpload(key, { contentType: 'application/pdf', fileName: 'Plan.pdf', size: PDF.length });
      const signed = new URL(upload.url).searchParams.get('X-Amz-SignedHeaders')!.split(';');
      expect(signed).toEqual(expect.arrayContaining(['content-length', 'content-type', 'if-none-match']));
      expect(upload.headers).toEqual({ 'content-type': 'application/pdf', 'if-none-match': '*' });
      expect(new URL(upload.url).searchParams.has('x-amz-checksum-crc32')).toBe(false);
      const first = await fetch(upload.url, { method: 'PUT', headers: upload.headers, body: PDF });
      expect(first.status).toBe(200);
      expect((await fetch(upload.url, { method: 'PUT', headers: upload.headers, body: PDF })).status).toBe(412);

      const download = new URL((await storage().presignDownload(key, { fileName: 'Plan.pdf' })).url);
      expect(download.searchParams.get('response-content-type')).toBe('application/pdf');
      expect(download.searchParams.get('response-content-disposition')).toBe('inline; filename="Plan.pdf"');
      expect(download.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    });

    it('checks the stored bytes before the first download and removes a refused file', async () => {
      const key = newFileKey('permits/s3', 'plan.pdf');
      const hostile = text(`<html>${SCRIPT}</html>`);
      const upload = await storage().presignUpload(key, { contentType: 'application/pdf', fileName: 'plan.pdf', size: hostile.length });
      expect((await fetch(upload.url, { method: 'PUT', headers: upload.headers, body: hostile })).status).toBe(200);
      await expect(storage().presignDownload(key, { fileName: 'plan.pdf' })).rejects.toMatchObject({ status: 400, message: UPLOAD_TYPES_MESSAGE });
      expect(objects.has(`/files/${key}`)).toBe(false);

      const docx = newFileKey('permits/s3', 'Specs.docx');
      const office = await storage().presignUpload(docx, { contentType: DOCX_TYPE, fileName: 'Specs.docx', size: DOCX.length });
      expect((await fetch(office.url, { method: 'PUT', headers: office.headers, body: DOCX })).status).toBe(200);
      const download = new URL((await storage().presignDownload(docx, { fileName: 'Specs.docx' })).url);
      expect(download.searchParams.get('response-content-type')).toBe(DOCX_TYPE);
      expect(download.searchParams.get('response-content-disposition')).toBe('attachment; filename="Specs.docx"');
    });
  });
});
