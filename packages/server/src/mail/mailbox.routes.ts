// The dev mailbox: every message of the outbox, newest first, as a readable page (/dev/mailbox) and as
// JSON for tests (/dev/mailbox.json?to=). Never served in production.
import { isProduction } from '../config.js';
import type { App } from '../http/context.js';
import { renderMailboxPage } from './mailbox-page.js';

export function registerMailboxRoutes(app: App): void {
  app.get('/dev/mailbox.json', async (c) => {
    const services = c.get('services');
    if (isProduction(services.config)) return c.notFound();
    const to = c.req.query('to');
    return c.json(await services.mail.list(to ? { to } : {}));
  });
  app.get('/dev/mailbox', async (c) => {
    const services = c.get('services');
    if (isProduction(services.config)) return c.notFound();
    const to = c.req.query('to');
    return c.html(renderMailboxPage(await services.mail.list(to ? { to } : {}), to ?? null));
  });
}
