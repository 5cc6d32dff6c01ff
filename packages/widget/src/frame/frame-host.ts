// The parent side: a page that frames the hosted widget (/embed) drives it and hears its events.
import type { OpenCommand } from '../types.js';
import { listen, post, type FrameMessages, type ParentMessages } from './protocol.js';

export interface FrameHost {
  /** Open the modal (queued until the frame is ready). */
  open(command?: OpenCommand): void;
  close(): void;
  /** Events from the frame; returns the unsubscribe. */
  on<K extends keyof FrameMessages>(type: K, handler: (payload: FrameMessages[K]) => void): () => void;
  readonly ready: Promise<void>;
  destroy(): void;
}

/**
 * Talks to the widget in `frame`, whose page must be on `origin` (pinned: messages go only there and
 * only messages from there, from that frame, are read).
 */
export function createFrameHost(frame: HTMLIFrameElement, origin: string, self: Window = window): FrameHost {
  const target = () => frame.contentWindow;
  // Handlers by message name (typed at on(), stored loosely).
  const listeners = new Map<keyof FrameMessages, Set<(payload: never) => void>>();
  const queue: (() => void)[] = [];
  let acknowledged = false;
  let resolveReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (resolveReady = resolve));

  const send = <K extends keyof ParentMessages>(type: K, payload: ParentMessages[K]) => {
    const run = () => {
      const window = target();
      if (window) post<ParentMessages, K>(window, origin, type, payload);
    };
    if (acknowledged) run();
    else queue.push(run);
  };
  const emit = <K extends keyof FrameMessages>(type: K) => (payload: FrameMessages[K]) => {
    for (const handler of listeners.get(type) ?? []) (handler as (p: FrameMessages[K]) => void)(payload);
  };

  const stop = listen<FrameMessages>(self, origin, target, {
    ready() {
      // Every ready gets an ack (the frame may have reloaded); queued commands go after the first.
      const window = target();
      if (window) post<ParentMessages, 'ack'>(window, origin, 'ack', {});
      if (!acknowledged) {
        acknowledged = true;
        for (const run of queue.splice(0)) run();
        resolveReady();
      }
      emit('ready')({});
    },
    state: emit('state'),
    submitted: emit('submitted'),
    closed: emit('closed'),
  });

  return {
    ready,
    open: (command = {}) => send('open', command),
    close: () => send('close', {}),
    on(type, handler) {
      const set = listeners.get(type) ?? new Set();
      listeners.set(type, set);
      set.add(handler as (payload: never) => void);
      return () => void set.delete(handler as (payload: never) => void);
    },
    destroy: stop,
  };
}
