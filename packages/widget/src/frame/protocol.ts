// The message protocol between a page that frames the hosted widget (/embed) and the widget inside the
// frame: a map of message names to payload types in each direction, every message tagged with its
// source, a ready → ack handshake that holds commands until the frame listens, and both sides posting
// to one pinned origin and accepting messages only from that origin and that window.
import type { ClosedDetail, OpenCommand, SubmittedDetail, WidgetState } from '../types.js';

export const FRAME_SOURCE = 'permitdesk';
/** The frame's URL parameter naming the parent's origin, e.g. /embed?parent_origin=https%3A%2F%2Fpartner.example */
export const PARENT_ORIGIN_PARAM = 'parent_origin';
/**
 * The <meta> naming the origins allowed to frame the page and talk to it, space-separated: the server
 * fills it from EMBED_ORIGINS (packages/server/src/http/static-files.ts), its policy's frame-ancestors.
 */
export const EMBED_ORIGINS_META = 'permitdesk-embed-origins';

/** Parent → frame. */
export interface ParentMessages {
  /** The parent heard `ready`: commands may flow. */
  ack: Record<string, never>;
  open: OpenCommand;
  close: Record<string, never>;
}

/** Frame → parent. */
export interface FrameMessages {
  /** Sent until the parent answers `ack`. */
  ready: Record<string, never>;
  state: { state: WidgetState };
  submitted: SubmittedDetail;
  closed: ClosedDetail;
}

export interface FrameMessage<M, K extends keyof M = keyof M> {
  source: typeof FRAME_SOURCE;
  type: K;
  payload: M[K];
}

export type Handlers<M> = { [K in keyof M]?: (payload: M[K]) => void };

/** Posts one message to `target`, delivered only if it still shows a page of `origin`. */
export function post<M, K extends keyof M>(target: Window, origin: string, type: K, payload: M[K]): void {
  const message: FrameMessage<M, K> = { source: FRAME_SOURCE, type, payload };
  target.postMessage(message, origin);
}

/**
 * Listens on `self` for messages of the protocol from `origin` and from the window `from()` returns;
 * anything else (another origin, another frame, another protocol) is ignored. Returns the unsubscribe.
 */
export function listen<M>(self: Window, origin: string, from: () => Window | null | undefined, handlers: Handlers<M>): () => void {
  const onMessage = (event: MessageEvent) => {
    if (event.origin !== origin || event.source !== from()) return;
    const data = event.data as Partial<FrameMessage<M>> | null;
    if (!data || data.source !== FRAME_SOURCE || typeof data.type !== 'string') return;
    (handlers[data.type as keyof M] as ((payload: unknown) => void) | undefined)?.(data.payload);
  };
  self.addEventListener('message', onMessage);
  return () => self.removeEventListener('message', onMessage);
}

/** An origin as the browser reports it (scheme://host[:port]), or null for anything else. */
export function parseOrigin(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}
