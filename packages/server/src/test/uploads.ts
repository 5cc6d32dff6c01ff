// Sending a presigned upload's bytes through the app, as a browser would PUT them to the signed URL.
import { expect } from 'vitest';
import type { TestContext } from './harness.js';

export async function putUploadBytes(t: TestContext, upload: { uploadUrl: string; headers: Record<string, string> }, bytes: Uint8Array): Promise<void> {
  const url = new URL(upload.uploadUrl);
  const res = await t.app.request(url.pathname + url.search, { method: 'PUT', headers: upload.headers, body: bytes });
  expect(res.status).toBeLessThan(300);
}
