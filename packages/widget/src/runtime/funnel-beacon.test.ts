// The widget's funnel recorder (issue 18): each tracked step goes once to POST /v4/funnel/events with the
// tab's anonymous session, by sendBeacon (text/plain: no CORS preflight); without one, nothing, silently.
import { funnelEventSchema, TRACKED_STEPS } from '@permitdesk/core';
import * as v from 'valibot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TRACKED_STEPS as WIDGET_STEPS } from '../flow/steps.js';
import { createFunnelRecorder, embedderOf, funnelSession } from './funnel-beacon.js';

class MemoryStorage {
  private items = new Map<string, string>();
  getItem(key: string) { return this.items.get(key) ?? null; }
  setItem(key: string, value: string) { this.items.set(key, value); }
  removeItem(key: string) { this.items.delete(key); }
}
const storage = () => new MemoryStorage() as unknown as Storage;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the funnel recorder', () => {
  it("uses core's one list of steps", () => {
    expect(WIDGET_STEPS).toBe(TRACKED_STEPS);
  });

  it('keeps one anonymous session per tab', () => {
    const tab = storage();
    const first = funnelSession(tab);
    expect(first).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(funnelSession(tab)).toBe(first);
    expect(funnelSession(storage())).not.toBe(first);
  });

  it('sends each step once by sendBeacon, with a body the server accepts', () => {
    const sendBeacon = vi.fn(() => true);
    vi.stubGlobal('navigator', { sendBeacon });
    const record = createFunnelRecorder('https://api.permitdesk.test', { storage: storage(), fromURL: 'https://partner.example' });
    record('contractor');
    record('contractor');
    record('sign-up');
    expect(sendBeacon).toHaveBeenCalledTimes(2);
    const [url, body] = sendBeacon.mock.calls[0] as unknown as [string, string];
    expect(url).toBe('https://api.permitdesk.test/v4/funnel/events');
    const event = v.parse(funnelEventSchema, JSON.parse(body));
    expect(event).toMatchObject({ step: 'contractor', fromURL: 'https://partner.example' });
    const second = JSON.parse((sendBeacon.mock.calls[1] as unknown as [string, string])[1]);
    expect(second.session).toBe(event.session);
  });

  it('names the page framing it (the hosted /embed), from ancestorOrigins, else the referrer; nothing when not framed', () => {
    const framed = (location: object, referrer = '') => {
      const self = { location, document: { referrer }, parent: {} } as unknown as Window;
      return self;
    };
    expect(embedderOf(framed({ ancestorOrigins: ['https://app.platform.example'] }, 'https://other.example/'))).toBe('https://app.platform.example');
    expect(embedderOf(framed({}, 'https://app.platform.example/projects/7'))).toBe('https://app.platform.example/projects/7');
    expect(embedderOf(framed({}, ''))).toBeUndefined();
    const top = { location: { ancestorOrigins: [] }, document: { referrer: 'https://search.example/' } } as unknown as Window & { parent: Window };
    top.parent = top;
    expect(embedderOf(top)).toBeUndefined();
    // A cross-origin parent that throws on access counts as unknown, never as an error.
    const hostile = { get parent(): Window { throw new Error('SecurityError'); } } as unknown as Window;
    expect(embedderOf(hostile)).toBeUndefined();
  });

  it('sends the framing page with each step, in a body the server accepts', () => {
    const sendBeacon = vi.fn(() => true);
    vi.stubGlobal('navigator', { sendBeacon });
    const record = createFunnelRecorder('https://api.permitdesk.test', { storage: storage(), fromURL: 'https://api.permitdesk.test', embeddedIn: 'https://app.platform.example' });
    record('sign-up');
    const event = v.parse(funnelEventSchema, JSON.parse((sendBeacon.mock.calls[0] as unknown as [string, string])[1]));
    expect(event).toMatchObject({ step: 'sign-up', fromURL: 'https://api.permitdesk.test', embeddedIn: 'https://app.platform.example' });
  });

  it('sends nothing and never throws where the browser has no sendBeacon, or storage is blocked', () => {
    vi.stubGlobal('navigator', {});
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const blocked = { getItem: () => { throw new Error('SecurityError'); } } as unknown as Storage;
    const record = createFunnelRecorder('https://api.permitdesk.test', { storage: blocked });
    expect(() => record('success-page')).not.toThrow();
    expect(fetch).not.toHaveBeenCalled();
    expect(funnelSession(blocked)).toMatch(/^[0-9a-f-]{32,36}$/);
  });
});
