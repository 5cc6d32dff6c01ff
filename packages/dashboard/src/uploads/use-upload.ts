// One upload at a time with its progress, a Cancel and a Retry: the state a progress bar shows.
import { isApiRequestError } from '@permitdesk/core/client';
import { useRef, useState } from 'react';
import { UploadError, type Transfer } from './transfer.js';

export type UploadState =
  | { phase: 'idle' }
  | { phase: 'sending'; file: File; loaded: number; total: number; startedAt: number }
  | { phase: 'failed'; file: File; message: string; retryable: boolean };

export interface Upload {
  state: UploadState;
  /** Sends the file; resolves true once it is stored. */
  start(file: File): Promise<boolean>;
  cancel(): void;
  /** Sends the failed file again (a new presigned URL: each is good for one PUT). */
  retry(): Promise<boolean>;
}

export function useUpload(send: (file: File, transfer: Transfer) => Promise<unknown>, fallback = 'The file could not be uploaded.'): Upload {
  const [state, setState] = useState<UploadState>({ phase: 'idle' });
  const running = useRef<AbortController | null>(null);
  const start = async (file: File) => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    const startedAt = Date.now();
    setState({ phase: 'sending', file, loaded: 0, total: file.size, startedAt });
    try {
      await send(file, {
        signal: controller.signal,
        onProgress: (loaded, total) => {
          if (running.current === controller) setState({ phase: 'sending', file, loaded, total, startedAt });
        },
      });
      if (running.current === controller) setState({ phase: 'idle' });
      return true;
    } catch (error) {
      if (running.current !== controller) return false;
      if (error instanceof UploadError && error.kind === 'canceled') setState({ phase: 'idle' });
      else setState({ phase: 'failed', file, ...failureOf(error, fallback) });
      return false;
    } finally {
      if (running.current === controller) running.current = null;
    }
  };
  return {
    state,
    start,
    cancel: () => running.current?.abort(),
    retry: () => (state.phase === 'failed' ? start(state.file) : Promise.resolve(false)),
  };
}

/** What to say about a failure, and whether sending the same file again may help. */
function failureOf(error: unknown, fallback: string): { message: string; retryable: boolean } {
  if (error instanceof UploadError) return { message: error.message, retryable: error.kind === 'lost' };
  if (isApiRequestError(error)) return { message: error.message, retryable: error.status >= 500 || error.status === 0 };
  return { message: fallback, retryable: true };
}

/** 'about 12 s left', 'about 3 min left', or null before there is a rate to go by. */
export function timeLeft(loaded: number, total: number, elapsedMs: number): string | null {
  if (loaded <= 0 || elapsedMs < 500 || loaded >= total) return null;
  const seconds = Math.ceil(((total - loaded) / loaded) * (elapsedMs / 1000));
  return seconds < 90 ? `about ${seconds} s left` : `about ${Math.round(seconds / 60)} min left`;
}
