// The frame protocol: only messages of the protocol, from the pinned origin and the expected window,
// are read; the parent holds commands until the frame's ready, and posts only to the pinned origin.
import { describe, expect, it } from 'vitest';
import { embedOriginsOf, parentOriginOf } from './frame-child.js';
import { createFrameHost } from './frame-host.js';
import { FRAME_SOURCE, listen, parseOrigin } from './protocol.js';

const PERMITDESK = 'https://permits.example.com';

/** A stand-in for the framed window: it records what is posted to it and with which target origin. */
function fakeFrameWindow() {
  const posted: { message: unknown; origin: string }[] = [];
  return { posted, postMessage: (message: unknown, origin: string) => posted.push({ message, origin }) } as unknown as Window & {
    posted: { message: { type: string; payload: unknown }; origin: string }[];
  };
}
const deliver = (data: unknown, origin: string, source: unknown) =>
  window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as Window }));

describe('listen', () => {
  it('reads only protocol messages from the pinned origin and window', () => {
    const frame = fakeFrameWindow();
    const seen: unknown[] = [];
    const stop = listen<{ state: { state: string } }>(window, PERMITDESK, () => frame, { state: (payload) => seen.push(payload) });
    deliver({ source: FRAME_SOURCE, type: 'state', payload: { state: 'ready' } }, PERMITDESK, frame);
    deliver({ source: FRAME_SOURCE, type: 'state', payload: { state: 'evil origin' } }, 'https://evil.example', frame);
    deliver({ source: FRAME_SOURCE, type: 'state', payload: { state: 'other window' } }, PERMITDESK, window);
    deliver({ source: 'someone-else', type: 'state', payload: { state: 'other protocol' } }, PERMITDESK, frame);
    deliver('a string', PERMITDESK, frame);
    stop();
    deliver({ source: FRAME_SOURCE, type: 'state', payload: { state: 'after stop' } }, PERMITDESK, frame);
    expect(seen).toEqual([{ state: 'ready' }]);
  });

  it('reads origins strictly', () => {
    expect(parseOrigin('https://permits.example.com/embed?x=1')).toBe('https://permits.example.com');
    expect(parseOrigin('javascript:alert(1)')).toBeNull();
    expect(parseOrigin('*')).toBeNull();
    expect(parseOrigin(null)).toBeNull();
  });
});

describe('createFrameHost', () => {
  it('holds commands until the frame is ready, acknowledges, and posts to the pinned origin only', async () => {
    const frameWindow = fakeFrameWindow();
    const iframe = { contentWindow: frameWindow } as unknown as HTMLIFrameElement;
    const host = createFrameHost(iframe, PERMITDESK);
    const states: string[] = [];
    host.on('state', ({ state }) => states.push(state));
    host.open({ address: '350 5th Ave New York NY' });
    expect(frameWindow.posted).toEqual([]);

    deliver({ source: FRAME_SOURCE, type: 'ready', payload: {} }, 'https://evil.example', frameWindow);
    expect(frameWindow.posted).toEqual([]);
    deliver({ source: FRAME_SOURCE, type: 'ready', payload: {} }, PERMITDESK, frameWindow);
    await host.ready;
    expect(frameWindow.posted.map((p) => [p.message.type, p.origin])).toEqual([
      ['ack', PERMITDESK],
      ['open', PERMITDESK],
    ]);
    expect(frameWindow.posted[1]!.message.payload).toEqual({ address: '350 5th Ave New York NY' });

    host.close();
    expect(frameWindow.posted.at(-1)!.message.type).toBe('close');
    deliver({ source: FRAME_SOURCE, type: 'state', payload: { state: 'closed' } }, PERMITDESK, frameWindow);
    expect(states).toEqual(['closed']);
    host.destroy();
  });
});

describe('the framed side (/embed) talks only to an allow-listed parent', () => {
  /** A window framed at `href` (its parent is another window). */
  const framedAt = (href: string) => ({ parent: {}, location: { href } }) as unknown as Window;
  const embed = (parent: string) => framedAt(`${PERMITDESK}/embed?parent_origin=${encodeURIComponent(parent)}`);
  const allowed = ['https://partner.example'];

  it('accepts a parent_origin on the allow-list or its own origin, and no other', () => {
    expect(parentOriginOf(embed('https://partner.example'), undefined, allowed)).toBe('https://partner.example');
    expect(parentOriginOf(embed(PERMITDESK), undefined, allowed)).toBe(PERMITDESK);
    expect(parentOriginOf(embed('https://evil.example'), undefined, allowed)).toBeNull();
    expect(parentOriginOf(embed('https://partner.example.evil.test'), undefined, allowed)).toBeNull();
    expect(parentOriginOf(embed('https://evil.example'), undefined, [])).toBeNull();
    expect(parentOriginOf(framedAt(`${PERMITDESK}/embed`), 'https://evil.example', allowed)).toBeNull();
  });

  it('reads the allow-list the server writes into the page', () => {
    const meta = document.createElement('meta');
    meta.name = 'permitdesk-embed-origins';
    expect(embedOriginsOf(document)).toBeNull();
    document.head.append(meta);
    meta.content = '';
    expect(embedOriginsOf(document)).toEqual([]);
    meta.content = 'http://permitdesk.test https://partner.example';
    expect(embedOriginsOf(document)).toEqual(['http://permitdesk.test', 'https://partner.example']);
    meta.remove();
  });
});
