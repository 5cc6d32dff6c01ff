// A large file in parts: three at a time, progress summed over the parts, a part sent again after a lost
// connection, a 5xx or an expired URL (with a fresh URL), never after a refusal; Cancel stops every part
// and aborts the upload. The storage is a fake XMLHttpRequest the test answers by hand; the server calls
// are a recording MultipartCalls.
import type { MultipartPlan, PresignedUpload } from '@permitdesk/core';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { FakeXhr } from '../test/fake-xhr.js';
import { PART_RETRY_DELAYS_MS, putFile, UploadError, type MultipartCalls } from './transfer.js';

const PART = 10;
const file = new File(['a'.repeat(35)], 'plans.pdf', { type: 'application/pdf' });
const plan: MultipartPlan = {
  uploadId: '7d3a8b8e-4a8e-4f0a-9a53-0c5d2f1f8a11',
  partSize: PART,
  parts: [1, 2, 3, 4].map((n) => ({ partNumber: n, uploadUrl: `https://s3.test/part/${n}`, size: n === 4 ? 5 : PART, expiresAt: '2026-01-01T00:00:00.000Z' })),
};
const upload: PresignedUpload = { documentId: 1, uploadUrl: plan.parts[0]!.uploadUrl, method: 'PUT', headers: {}, expiresAt: '2026-01-01T00:00:00.000Z', multipart: plan };

function recordingCalls() {
  const log: string[] = [];
  const calls: MultipartCalls = {
    complete: async (uploadId, parts) => void log.push(`complete ${uploadId} ${parts.map((p) => `${p.partNumber}=${p.etag}`).join(',')}`),
    refresh: async (uploadId, numbers) => {
      log.push(`refresh ${uploadId} ${numbers.join(',')}`);
      return numbers.map((n) => ({ ...plan.parts[n - 1]!, uploadUrl: `https://s3.test/fresh/${n}` }));
    },
    abort: async (uploadId) => void log.push(`abort ${uploadId}`),
  };
  return { log, calls };
}
const inFlight = () => FakeXhr.sent.filter((x) => !x.settled);
const sentTo = (url: string) => FakeXhr.sent.filter((x) => x.url === url);

beforeEach(() => {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

it('sends three parts at a time, sums their progress, sends a failed part again, and completes with every ETag', async () => {
  const { log, calls } = recordingCalls();
  const progress: [number, number][] = [];
  const done = putFile(upload, file, { onProgress: (loaded, total) => progress.push([loaded, total]) }, calls);
  await vi.advanceTimersByTimeAsync(0);
  expect(inFlight().map((x) => x.url)).toEqual(['https://s3.test/part/1', 'https://s3.test/part/2', 'https://s3.test/part/3']);
  expect(inFlight().map((x) => x.body!.size)).toEqual([PART, PART, PART]);

  const [p1, p2, p3] = inFlight();
  p1!.progress(4);
  p2!.progress(6);
  expect(progress.at(-1)).toEqual([10, 35]);

  // Part 1's connection drops: its bytes no longer count, and it goes again after the first delay.
  p1!.drop();
  await vi.advanceTimersByTimeAsync(0);
  expect(progress.at(-1)).toEqual([6, 35]);
  p2!.answer(200, '"e2"');
  await vi.advanceTimersByTimeAsync(0);
  // Part 2 done: part 4 starts (three at a time).
  expect(inFlight().map((x) => x.url)).toEqual(['https://s3.test/part/3', 'https://s3.test/part/4']);
  expect(progress.at(-1)).toEqual([10, 35]);
  // Part 3's URL expired: a fresh one is asked for.
  p3!.answer(403, null, '<Error><Code>AccessDenied</Code></Error>');
  inFlight()[0]!.answer(503);
  await vi.advanceTimersByTimeAsync(PART_RETRY_DELAYS_MS[0]);
  expect(log).toEqual([`refresh ${plan.uploadId} 3`]);
  expect(inFlight().map((x) => x.url).sort()).toEqual(['https://s3.test/fresh/3', 'https://s3.test/part/1', 'https://s3.test/part/4']);
  for (const x of inFlight()) x.answer(200, `"e${/(\d)$/.exec(x.url)![1]}"`);
  await done;

  expect(sentTo('https://s3.test/part/1')).toHaveLength(2);
  expect(sentTo('https://s3.test/part/4')).toHaveLength(2);
  expect(progress.at(-1)).toEqual([35, 35]);
  expect(log).toEqual([`refresh ${plan.uploadId} 3`, `complete ${plan.uploadId} 1="e1",2="e2",3="e3",4="e4"`]);
});

it('does not send a refused part again: the other parts stop and the upload is aborted', async () => {
  const { log, calls } = recordingCalls();
  const done = putFile(upload, file, {}, calls);
  await vi.advanceTimersByTimeAsync(0);
  const [p1, p2, p3] = inFlight();
  p2!.answer(400, null, '{"message":"Part 2 must be 10 bytes.","code":"PART_SIZE_MISMATCH"}');
  await expect(done).rejects.toEqual(new UploadError('Part 2 must be 10 bytes.', 'refused', 400));
  expect([p1!.aborted, p3!.aborted]).toEqual([true, true]);
  expect(FakeXhr.sent).toHaveLength(3);
  expect(log).toEqual([`abort ${plan.uploadId}`]);
});

it('gives a part up after three retries', async () => {
  const { log, calls } = recordingCalls();
  const done = putFile(upload, file, {}, calls);
  const outcome = done.catch((error: unknown) => error);
  await vi.advanceTimersByTimeAsync(0);
  for (const delay of [...PART_RETRY_DELAYS_MS, 0]) {
    sentTo('https://s3.test/part/1').at(-1)!.answer(500);
    await vi.advanceTimersByTimeAsync(delay);
  }
  expect(await outcome).toMatchObject({ kind: 'lost', status: 500 });
  expect(sentTo('https://s3.test/part/1')).toHaveLength(4);
  expect(log).toEqual([`abort ${plan.uploadId}`]);
});

it('cancels: every part in flight stops, a waiting retry too, and the upload is aborted', async () => {
  const { log, calls } = recordingCalls();
  const controller = new AbortController();
  const done = putFile(upload, file, { signal: controller.signal }, calls);
  await vi.advanceTimersByTimeAsync(0);
  inFlight()[0]!.drop();
  const running = inFlight();
  controller.abort();
  await expect(done).rejects.toMatchObject({ kind: 'canceled' });
  expect(running.map((x) => x.aborted)).toEqual([true, true]);
  await vi.advanceTimersByTimeAsync(60_000);
  expect(FakeXhr.sent).toHaveLength(3);
  expect(log).toEqual([`abort ${plan.uploadId}`]);
});

it('sends a file without a plan in one PUT, as before', async () => {
  const { log, calls } = recordingCalls();
  const single = { ...upload, uploadUrl: 'https://s3.test/whole', headers: { 'content-type': 'application/pdf' } };
  delete single.multipart;
  const done = putFile(single, file, {}, calls);
  await vi.advanceTimersByTimeAsync(0);
  expect(FakeXhr.sent.map((x) => [x.url, x.body!.size])).toEqual([['https://s3.test/whole', 35]]);
  FakeXhr.sent[0]!.answer(200);
  await done;
  expect(log).toEqual([]);
});
