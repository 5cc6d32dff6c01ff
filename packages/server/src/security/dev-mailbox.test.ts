// The dev mailbox (issue 10, item 3) holds every mail the product sent, reset links included: it is
// served only to a client on this machine (the socket's address, never X-Forwarded-For), never in
// production, and the server listens on 127.0.0.1 by default outside production.
//
// What is tested how: the decision (isLoopback) with the addresses a socket reports; the routes through
// app.request with the binding @hono/node-server gives them (env.incoming.socket.remoteAddress); and a real
// server on a port: from 127.0.0.1 it answers, and from this machine's own non-loopback address (the
// socket then reports that address) it does not, when the machine has one.
import os from 'node:os';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenBanner } from '../bootstrap.js';
import { loadConfig } from '../config.js';
import { isLoopback } from '../mail/mailbox.routes.js';
import { createTestContext, databaseTargets, type TestContext } from '../test/harness.js';

/** The env @hono/node-server hands to app.fetch for a connection from `remoteAddress`. */
const connectionFrom = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress, remotePort: 50000, remoteFamily: remoteAddress.includes(':') ? 'IPv6' : 'IPv4' } } });

/** An IPv4 address of this machine that is not loopback, if any. */
const ownAddress = Object.values(os.networkInterfaces()).flat().find((i) => i && i.family === 'IPv4' && !i.internal)?.address;

describe('isLoopback', () => {
  it('accepts only loopback addresses', () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) expect(isLoopback(address), address).toBe(true);
    for (const address of ['10.0.0.5', '192.168.1.20', '203.0.113.9', '::ffff:10.0.0.5', 'fd00::2', '0.0.0.0', '', undefined]) expect(isLoopback(address), String(address)).toBe(false);
  });
});

describe('HOST and the start banner', () => {
  it('listens on 127.0.0.1 by default outside production, on every interface in production', () => {
    expect(loadConfig({}).HOST).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test' }).HOST).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'production' }).HOST).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
  });

  it('says where it listens', () => {
    expect(listenBanner(loadConfig({}))).toBe('listening on 127.0.0.1 only (development); set HOST=0.0.0.0 to expose');
    expect(listenBanner(loadConfig({ HOST: '0.0.0.0' }))).toMatch(/^listening on 0\.0\.0\.0 \(every interface\)/);
    expect(listenBanner(loadConfig({ NODE_ENV: 'production' }))).toMatch(/^listening on 0\.0\.0\.0/);
  });
});

describe.each(databaseTargets())('dev mailbox on %s', (target) => {
  let t: TestContext;
  const to = 'victim@example.com';
  beforeAll(async () => {
    t = await createTestContext({ target });
    await t.services.mail.send('verification', to, { code: '112233', firstName: 'Pat', link: 'http://permitdesk.test/verify' });
  });
  afterAll(() => t?.close());

  it('refuses a client on another machine, whatever X-Forwarded-For claims', async () => {
    for (const p of ['/dev/mailbox', '/dev/mailbox.json']) {
      const res = await t.app.request(p, { headers: { 'x-forwarded-for': '127.0.0.1', 'x-real-ip': '127.0.0.1' } }, connectionFrom('203.0.113.9'));
      expect(res.status, p).toBe(404);
      expect(await res.text()).not.toContain(to);
      expect((await t.app.request(p, {}, connectionFrom('::ffff:192.168.1.20'))).status, p).toBe(404);
    }
  });

  it('refuses a request with no socket at all', async () => {
    expect((await t.app.request('/dev/mailbox.json')).status).toBe(404);
  });

  it('serves a client on this machine', async () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await t.app.request(`/dev/mailbox.json?to=${to}`, {}, connectionFrom(address));
      expect(res.status, address).toBe(200);
      expect(JSON.stringify(await res.json())).toContain('112233');
    }
  });

  it('does not exist in production, even for this machine', async () => {
    const prod = await createTestContext({ target, env: { NODE_ENV: 'production' } });
    try {
      for (const p of ['/dev/mailbox', '/dev/mailbox.json']) expect((await prod.app.request(p, {}, connectionFrom('127.0.0.1'))).status, p).toBe(404);
    } finally {
      await prod.close();
    }
  });

  describe('on a real listening server', () => {
    let server: ServerType;
    let port: number;
    beforeAll(async () => {
      server = await new Promise<ServerType>((resolve) => {
        const s = serve({ fetch: t.app.fetch, port: 0, hostname: '0.0.0.0' }, () => resolve(s));
      });
      port = (server.address() as { port: number }).port;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('answers a client connecting from 127.0.0.1', async () => {
      const res = await fetch(`http://127.0.0.1:${port}/dev/mailbox.json?to=${to}`);
      expect(res.status).toBe(200);
      expect(JSON.stringify(await res.json())).toContain('112233');
    });

    it.skipIf(!ownAddress)(`refuses a client connecting from this machine's network address (${ownAddress ?? 'none'})`, async () => {
      const res = await fetch(`http://${ownAddress}:${port}/dev/mailbox.json?to=${to}`, { headers: { 'x-forwarded-for': '127.0.0.1' } });
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('112233');
    });
  });
});
