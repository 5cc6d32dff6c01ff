// The dev mailbox: every message of the outbox, newest first, as a readable page (/dev/mailbox) and as
// JSON for tests (/dev/mailbox.json?to=). It holds every reset link, so it is served only to a client on
// this machine (the socket's own address: a header such as X-Forwarded-For is the client's to write), and
// never in production (the routes answer 404 there, as for any unknown path).
import { isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import { isProduction } from '../config.js';
import type { App, AppContext } from '../http/context.js';
import { renderMailboxPage } from './mailbox-page.js';

/** True for a loopback address as a Node socket reports it (127.0.0.0/8, ::1, or IPv4-mapped 127.x). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const ipv4 = address.replace(/^::ffff:/i, '');
  if (isIP(ipv4) === 4) return ipv4.startsWith('127.');
  return isIP(address) === 6 && address === '::1';
}

/** The connection's remote address, or undefined when there is no socket (app.request in tests). */
function remoteAddress(c: AppContext): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

const mailboxOpen = (c: AppContext) => !isProduction(c.get('services').config) && isLoopback(remoteAddress(c));

export function registerMailboxRoutes(app: App): void {
  app.get('/dev/mailbox.json', async (c) => {
    if (!mailboxOpen(c)) return c.notFound();
    const to = c.req.query('to');
    return c.json(await c.get('services').mail.list(to ? { to } : {}));
  });
  app.get('/dev/mailbox', async (c) => {
    if (!mailboxOpen(c)) return c.notFound();
    const to = c.req.query('to');
    return c.html(renderMailboxPage(await c.get('services').mail.list(to ? { to } : {}), to ?? null));
  });
}
