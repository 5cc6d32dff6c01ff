// Mail: the outbox written in the caller's transaction, the worker delivering it (dev mailbox, or a
// real SMTP conversation with a local server), retries with backoff, and the dev mailbox pages.
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../http/logger.js';
import { createTestContext, databaseTargets, type TestContext } from '../test/harness.js';
import { createMailWorker, MAIL_RETRY, retryDelayMs } from './mail-worker.js';
import { renderMail, TEMPLATE_NAMES } from './templates.js';
import { createMailTransport } from './transport.js';

/**
 * A minimal SMTP server that keeps every message. `mode`: accept it; refuse every recipient; stay
 * silent (no greeting); or take the message and never acknowledge it (the answer lost in a crash).
 */
type SmtpMode = 'accept' | 'refuse' | 'silent' | 'no-ack';
function smtpServer(initial: SmtpMode = 'accept'): Promise<{ server: Server; port: number; received: string[]; mode: { value: SmtpMode }; sockets: Set<Socket> }> {
  const received: string[] = [];
  const mode = { value: initial };
  const sockets = new Set<Socket>();
  const server = createServer((socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let buffer = '';
    let inData = false;
    if (mode.value === 'silent') return;
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          received.push(buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          inData = false;
          if (mode.value !== 'no-ack') socket.write('250 OK queued\r\n');
          continue;
        }
        const nl = buffer.indexOf('\r\n');
        if (nl < 0) return;
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250-test\r\n250 8BITMIME\r\n');
        else if (verb === 'MAIL') socket.write('250 OK\r\n');
        else if (verb === 'RCPT') socket.write(mode.value === 'refuse' ? '550 No such user\r\n' : '250 OK\r\n');
        else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as { port: number }).port, received, mode, sockets })),
  );
}

describe('mail templates', () => {
  it('render a subject, a text body and an HTML body with the links', () => {
    const v = renderMail('verification', { code: '123456', firstName: 'Ada', link: 'https://partner.example/permits?email=ada%40example.com&accepted=1' });
    expect(v.text).toContain('123456');
    expect(v.html).toContain('href="https://partner.example/permits?email=ada%40example.com&amp;accepted=1"');
    const x = renderMail('permit_stage_update', { permitId: 7, customerName: '<b>Bob</b>', stageName: 'Approved', link: 'https://x.example/permits/7' });
    expect(x.html).toContain('&lt;b&gt;Bob&lt;/b&gt;');
    expect(x.html).not.toContain('<b>Bob</b>');
    expect(TEMPLATE_NAMES).toEqual([
      'verification', 'confirmation_code', 'reset_code', 'welcome', 'account_deleted', 'invitation', 'invitation_notice', 'permit_stage_update',
      'quote_issued', 'quote_answered', 'inspection_update', 'team_reply', 'customer_message', 'permit_assigned', 'esign_request', 'esign_passcode', 'esign_outcome', 'status_subscription_confirm', 'status_update', 'expiry_reminder', 'expiry_digest', 'permit_expiring', 'inspection_due', 'platform_connection_broken', 'access_ended',
    ]);
  });

  it('escape what the customer and the team wrote in the permit desk mails', () => {
    const reply = renderMail('team_reply', { permitId: 7, customerName: 'Bob', taskName: 'Roofing', message: '<script>x</script>\nLine two', attachments: ['permit.pdf'], link: 'https://x.example/projects/1/7' });
    expect(reply.html).toContain('&lt;script&gt;');
    expect(reply.html).toContain('<br>Line two');
    expect(reply.text).toContain('Attached: permit.pdf');
    const inspection = renderMail('inspection_update', { permitId: 7, customerName: 'Bob', inspectionName: 'Final', event: 'failed', notes: 'No <GFCI>', link: 'https://x.example/projects/1/7' });
    expect(inspection.subject).toBe('Permit 7: Final inspection failed');
    expect(inspection.html).toContain('No &lt;GFCI&gt;');
    const message = renderMail('customer_message', { permitId: 7, customerName: 'Bob', authorName: 'Carla', message: 'When?', link: 'https://x.example/ops/permits/7' });
    expect(message.text).toContain('https://x.example/ops/permits/7');
  });
});

describe.each(databaseTargets())('mail on %s', (target) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ target });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('writes nothing when the caller’s transaction rolls back', async () => {
    const to = t.email('rollback');
    await expect(
      t.services.db.transaction().execute(async (trx) => {
        await t.services.mail.send('welcome', to, { signInUrl: 'http://permitdesk.test/sign-in' }, { db: trx });
        throw new Error('later step failed');
      }),
    ).rejects.toThrow('later step failed');
    expect(await t.mailbox(to)).toEqual([]);
  });

  it('delivers to the dev mailbox when SMTP is not configured', async () => {
    const to = t.email('dev');
    await t.services.mail.send('welcome', to, { name: 'Dev', signInUrl: 'http://permitdesk.test/sign-in' });
    expect((await t.mailbox(to))[0]?.status).toBe('pending');
    await t.services.mailWorker.drain();
    const [mail] = await t.mailbox(to);
    expect(mail).toMatchObject({ status: 'dev', attempts: 1, links: ['http://permitdesk.test/sign-in'] });
    expect(mail?.sentAt).not.toBeNull();
  });

  it('sends through SMTP with nodemailer when SMTP_URL is set', async () => {
    const smtp = await smtpServer();
    try {
      const to = t.email('smtp');
      await t.services.mail.send('reset_code', to, { code: '654321', name: 'Sam' });
      const worker = createMailWorker({
        db: t.services.db,
        transport: createMailTransport({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` }),
        from: 'PermitDesk <no-reply@permitdesk.test>',
        clock: t.services.clock,
        log: createLogger('silent'),
      });
      expect(await worker.drain()).toBeGreaterThanOrEqual(1);
      await worker.stop();
      expect((await t.mailbox(to))[0]?.status).toBe('sent');
      const message = smtp.received.find((m) => m.includes(`To: ${to}`));
      expect(message).toBeDefined();
      expect(message).toContain('Subject: Your PermitDesk password reset code');
      expect(message).toContain('654321');
    } finally {
      smtp.server.close();
    }
  });

  // Issue 16: the homeowner's status mails carry List-Unsubscribe (RFC 2369) and one-click List-Unsubscribe-Post (RFC 8058).
  it('sends the headers of a template (List-Unsubscribe on status updates) through SMTP', async () => {
    const smtp = await smtpServer();
    try {
      await t.services.mailWorker.drain(); // other tests' mail first
      const to = t.email('status');
      const post = 'http://permitdesk.test/v4/public/permit-status/unsubscribe/' + 'U'.repeat(43);
      const page = 'http://permitdesk.test/status/unsubscribe/' + 'U'.repeat(43);
      await t.services.mail.send('status_update', to, { taskName: 'Water heater', address: '1 Main St', stageName: 'Submitted', message: 'Pending approval.', link: 'http://permitdesk.test/status/x', unsubscribeUrl: page, unsubscribePostUrl: post });
      await t.services.mail.send('reset_code', to, { code: '135790', name: 'Sam' });
      const worker = createMailWorker({ db: t.services.db, transport: createMailTransport({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` }), from: 'no-reply@permitdesk.test', clock: t.services.clock, log: createLogger('silent') });
      await worker.drain();
      await worker.stop();
      const received = (mark: string) => smtp.received.find((m) => m.includes(`To: ${to}`) && m.includes(mark)) ?? '';
      const status = received('Submitted');
      const reset = received('135790');
      expect(status.replace(/\r\n\s+/g, ' ')).toContain(`List-Unsubscribe: <${post}>, <${page}>`);
      expect(status).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
      expect(reset).not.toContain('List-Unsubscribe');
    } finally {
      smtp.server.close();
    }
  });

  it('retries a failed delivery with growing delays, then gives up', async () => {
    const smtp = await smtpServer('refuse');
    try {
      const to = t.email('bounce');
      await t.services.mail.send('welcome', to, { signInUrl: 'http://permitdesk.test/sign-in' });
      // Other queued mail (from other tests) is delivered to the dev mailbox first.
      await t.services.mailWorker.drain();
      await t.services.db.updateTable('mail_outbox').set({ status: 'pending', attempts: 0, next_attempt_at: t.services.clock() }).where('to_address', '=', to).execute();
      const worker = createMailWorker({
        db: t.services.db,
        transport: createMailTransport({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` }),
        from: 'no-reply@permitdesk.test',
        clock: t.services.clock,
        log: createLogger('silent'),
      });
      await worker.drain();
      let [mail] = await t.mailbox(to);
      expect(mail).toMatchObject({ status: 'pending', attempts: 1 });
      expect(mail?.lastError).toMatch(/550/);
      // Not due yet: nothing happens.
      expect(await worker.drain()).toBe(0);
      for (let attempt = 1; attempt < MAIL_RETRY.maxAttempts; attempt++) {
        t.advanceTime(retryDelayMs(attempt) + 1000);
        await worker.drain();
      }
      [mail] = await t.mailbox(to);
      expect(mail).toMatchObject({ status: 'failed', attempts: MAIL_RETRY.maxAttempts });
      await worker.stop();
    } finally {
      smtp.server.close();
    }
    expect(retryDelayMs(1)).toBe(MAIL_RETRY.baseDelayMs);
    expect(retryDelayMs(3)).toBe(MAIL_RETRY.baseDelayMs * 4);
    expect(retryDelayMs(50)).toBe(MAIL_RETRY.maxDelayMs);
  });

  // Issue 10 item 11: a mail claimed at the moment of a crash waited 5 minutes, and its second sending
  // was a new message.
  it('sends a mail whose worker died again after a 30-second lease, as the same message (Message-ID)', { timeout: 20_000 }, async () => {
    const smtp = await smtpServer('no-ack');
    const worker = (port: number) =>
      createMailWorker({ db: t.services.db, transport: createMailTransport({ SMTP_URL: `smtp://127.0.0.1:${port}` }), from: 'no-reply@permitdesk.test', clock: t.services.clock, log: createLogger('silent'), messageIdDomain: 'permitdesk.test' });
    try {
      await t.services.mailWorker.drain(); // other tests' mail first
      const to = t.email('crash');
      await t.services.mail.send('reset_code', to, { code: '112233', name: 'Cora' });
      // Worker A claims the row and hands the message over; the acknowledgement never comes (it "dies").
      const dying = worker(smtp.port);
      const lost = dying.drain();
      await expect.poll(() => smtp.received.filter((m) => m.includes(`To: ${to}`)).length, { timeout: 5_000 }).toBe(1);
      smtp.mode.value = 'accept';
      expect((await t.mailbox(to))[0]).toMatchObject({ status: 'sending', attempts: 1 });
      const second = worker(smtp.port);
      t.advanceTime(28_000);
      expect(await second.drain()).toBe(0); // still leased
      expect((await t.mailbox(to))[0]).toMatchObject({ status: 'sending', attempts: 1 }); // worker A still holds it
      t.advanceTime(3_000);
      expect(await second.drain()).toBe(1); // 30 s after the crash, not 5 minutes
      const copies = smtp.received.filter((m) => m.includes(`To: ${to}`));
      expect(copies).toHaveLength(2);
      const ids = copies.map((m) => /^Message-ID: (.+)$/im.exec(m)?.[1]?.trim());
      expect(ids[0]).toMatch(/^<outbox-\d+\.[0-9a-f]{12}@permitdesk\.test>$/);
      expect(ids[1]).toBe(ids[0]);
      expect((await t.mailbox(to))[0]).toMatchObject({ status: 'sent', attempts: 2 });
      // The first worker's late failure does not undo the second one's delivery.
      for (const socket of smtp.sockets) socket.destroy();
      await lost;
      expect((await t.mailbox(to))[0]).toMatchObject({ status: 'sent', attempts: 2 });
      await second.stop();
      await dying.stop();
    } finally {
      smtp.server.close();
    }
  });

  it('gives up on an SMTP server that does not answer within the lease', { timeout: 20_000 }, async () => {
    const smtp = await smtpServer('silent');
    try {
      const transport = createMailTransport({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
      const started = Date.now();
      const messageId = '<outbox-1.000000000000@permitdesk.test>';
      await expect(transport.deliver({ from: 'a@permitdesk.test', to: 'b@example.com', subject: 's', text: 't', html: '<p>t</p>', messageId })).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(MAIL_RETRY.leaseMs / 2);
      transport.close();
    } finally {
      for (const socket of smtp.sockets) socket.destroy();
      smtp.server.close();
    }
  });

  it('shows every message with its links at /dev/mailbox, newest first, and as JSON for one address', async () => {
    const to = t.email('page');
    await t.services.mail.send('verification', to, { code: '112233', firstName: 'Pat', link: 'https://partner.example/start?email=x&accepted=1' });
    await t.services.mail.send('welcome', to, { signInUrl: 'http://permitdesk.test/sign-in' });
    // Served only to a client on this machine: the connection @hono/node-server describes (see security/dev-mailbox.test.ts).
    const fromLoopback = (p: string) => t.app.request(p, {}, { incoming: { socket: { remoteAddress: '127.0.0.1' } } });
    const page = await fromLoopback('/dev/mailbox');
    const text = await page.text();
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(text).toContain('Verify your e-mail for PermitDesk');
    expect(text).toContain('href="https://partner.example/start?email=x&amp;accepted=1"');
    expect(text.indexOf('Welcome to PermitDesk')).toBeLessThan(text.indexOf('Verify your e-mail for PermitDesk'));

    const json = await fromLoopback(`/dev/mailbox.json?to=${encodeURIComponent(to.toUpperCase())}`);
    expect(json.status).toBe(200);
    const body = (await json.json()) as { template: string; links: string[] }[];
    expect(body.map((m) => m.template)).toEqual(['welcome', 'verification']);
    expect(body[1]!.links).toEqual(['https://partner.example/start?email=x&accepted=1']);
  });

  it('does not serve the dev mailbox in production', async () => {
    const prod = await createTestContext({ target, env: { NODE_ENV: 'production' } });
    try {
      expect((await prod.request('GET', '/dev/mailbox')).status).toBe(404);
      expect((await prod.request('GET', '/dev/mailbox.json')).status).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
