// The upload's progress bar, Cancel and Retry, over a transfer that reports progress by hand, and over a
// file sent in parts to a fake XMLHttpRequest.
import type { MultipartPlan, PresignedUpload } from '@permitdesk/core';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { FakeXhr } from '../test/fake-xhr.js';
import { putFile, UploadError, type MultipartCalls, type Transfer } from './transfer.js';
import { UploadProgress } from './upload-progress.js';
import { timeLeft, useUpload } from './use-upload.js';

afterEach(cleanup);

function Harness({ send }: { send: (file: File, transfer: Transfer) => Promise<unknown> }) {
  const upload = useUpload(send);
  return (
    <>
      <button type="button" onClick={() => void upload.start(new File(['x'.repeat(1000)], 'plans.pdf', { type: 'application/pdf' }))}>
        Send
      </button>
      <UploadProgress upload={upload} />
    </>
  );
}

it('shows the percent while sending, cancels, and offers Retry only when sending again may help', async () => {
  const transfers: Transfer[] = [];
  let fail: ((error: Error) => void) | null = null;
  render(
    <Harness
      send={(_file, transfer) =>
        new Promise((_resolve, reject) => {
          transfers.push(transfer);
          fail = reject;
          transfer.signal?.addEventListener('abort', () => reject(new UploadError('The upload was canceled.', 'canceled')));
        })
      }
    />,
  );
  await userEvent.click(screen.getByRole('button', { name: 'Send' }));
  act(() => transfers[0]!.onProgress?.(420, 1000));
  expect((screen.getByLabelText('Uploading plans.pdf') as HTMLProgressElement).value).toBe(42);
  expect(screen.getByText(/^42%/)).toBeTruthy();
  await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(transfers[0]!.signal?.aborted).toBe(true);
  expect(screen.queryByLabelText('Uploading plans.pdf')).toBeNull();

  await userEvent.click(screen.getByRole('button', { name: 'Send' }));
  await act(async () => fail!(new UploadError('The connection was lost during the upload.', 'lost')));
  expect(screen.getByRole('alert').textContent).toContain('The connection was lost during the upload.');
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(transfers).toHaveLength(3);
  await act(async () => fail!(new UploadError('Only PDF, images, Office documents, text and CSV files can be uploaded.', 'refused')));
  expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
});

it('estimates the time left from the rate so far', () => {
  expect(timeLeft(0, 100, 5000)).toBeNull();
  expect(timeLeft(25, 100, 10_000)).toBe('about 30 s left');
  expect(timeLeft(10, 100, 60_000)).toBe('about 9 min left');
  expect(timeLeft(100, 100, 1000)).toBeNull();
});

it('shows one percent for a file sent in parts: the bytes of every part so far', async () => {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  try {
    const part = 400;
    const plan: MultipartPlan = {
      uploadId: '7d3a8b8e-4a8e-4f0a-9a53-0c5d2f1f8a11',
      partSize: part,
      parts: [1, 2, 3].map((n) => ({ partNumber: n, uploadUrl: `https://s3.test/part/${n}`, size: n === 3 ? 200 : part, expiresAt: '2026-01-01T00:00:00.000Z' })),
    };
    const calls: MultipartCalls = { complete: async () => undefined, refresh: async () => [], abort: async () => undefined };
    const upload: PresignedUpload = { documentId: 1, uploadUrl: plan.parts[0]!.uploadUrl, method: 'PUT', headers: {}, expiresAt: plan.parts[0]!.expiresAt, multipart: plan };
    render(<Harness send={(file, transfer) => putFile(upload, file, transfer, calls)} />);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(3));
    act(() => {
      FakeXhr.sent[0]!.progress(300);
      FakeXhr.sent[2]!.progress(120);
    });
    expect((screen.getByLabelText('Uploading plans.pdf') as HTMLProgressElement).value).toBe(42);
    await act(async () => {
      for (const xhr of FakeXhr.sent) xhr.answer(200, '"etag"');
    });
    await waitFor(() => expect(screen.queryByLabelText('Uploading plans.pdf')).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
  } finally {
    vi.unstubAllGlobals();
  }
});
