// The frame side: the hosted widget (/embed) tells the page framing it what happens, and takes its
// open / close commands, once that page has answered the handshake.
import { EVENTS, type ClosedDetail, type SubmittedDetail, type WidgetState } from '../types.js';
import { EMBED_ORIGINS_META, listen, PARENT_ORIGIN_PARAM, parseOrigin, post, type FrameMessages, type ParentMessages } from './protocol.js';

export interface FrameWidget {
  open(command?: ParentMessages['open']): void;
  close(): void;
}

/**
 * The parent origin this framed page should talk to: an option, or the parent_origin URL parameter. With
 * an allow-list (the /embed page's), only the page's own origin or a listed one; anything else → null.
 */
export function parentOriginOf(self: Window, explicit?: string, allowed?: readonly string[] | null): string | null {
  if (self.parent === self) return null;
  const origin = parseOrigin(explicit ?? new URL(self.location.href).searchParams.get(PARENT_ORIGIN_PARAM));
  if (!origin || !allowed) return origin;
  return origin === new URL(self.location.href).origin || allowed.includes(origin) ? origin : null;
}

/** The allow-list the server writes into the /embed page (<meta name="permitdesk-embed-origins">), or null without one. */
export function embedOriginsOf(doc: Document): string[] | null {
  const meta = doc.querySelector<HTMLMetaElement>(`meta[name="${EMBED_ORIGINS_META}"]`);
  return meta ? meta.content.split(/\s+/).filter(Boolean) : null;
}

/** Connects a mounted widget on `element` to the parent page at `origin`; returns the disconnect. */
export function connectToParent(self: Window, origin: string, element: HTMLElement, widget: FrameWidget): () => void {
  const parent = self.parent;
  let acknowledged = false;
  const send = <K extends keyof FrameMessages>(type: K, payload: FrameMessages[K]) => {
    if (acknowledged) post<FrameMessages, K>(parent, origin, type, payload);
  };
  const stop = listen<ParentMessages>(self, origin, () => parent, {
    ack() {
      acknowledged = true;
      clearInterval(hello);
      send('state', { state: (element.getAttribute('state') as WidgetState | null) ?? 'closed' });
    },
    open: (command) => widget.open(command),
    close: () => widget.close(),
  });
  // Say ready until heard: the parent may start listening after the frame has loaded.
  const sayReady = () => post<FrameMessages, 'ready'>(parent, origin, 'ready', {});
  sayReady();
  const hello = setInterval(sayReady, 250);

  const onSubmitted = (event: Event) => send('submitted', (event as CustomEvent<SubmittedDetail>).detail);
  const onClosed = (event: Event) => send('closed', (event as CustomEvent<ClosedDetail>).detail);
  element.addEventListener(EVENTS.submitted, onSubmitted);
  element.addEventListener(EVENTS.closed, onClosed);
  const states = new MutationObserver(() => send('state', { state: element.getAttribute('state') as WidgetState }));
  states.observe(element, { attributes: true, attributeFilter: ['state'] });

  return () => {
    clearInterval(hello);
    stop();
    states.disconnect();
    element.removeEventListener(EVENTS.submitted, onSubmitted);
    element.removeEventListener(EVENTS.closed, onClosed);
  };
}
