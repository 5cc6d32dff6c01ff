// SIGTERM on the real server process (src/main.ts, or the built dist/main.js when SERVER_ENTRY=dist):
// a request in flight when the signal comes is answered, /readyz turns 503 at once, new work is refused
// with 503, and the process then exits on its own with code 0. And the mail worker, stopped mid-batch,
// hands the rows it claimed but did not try back to the queue at once (no 30-second lease to wait out).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config.js';
import { openPglite } from '../db/database.js';
import { createJobRunner, enqueueJob } from '../jobs/index.js';
import { createMailWorker } from '../mail/mail-worker.js';
import type { MailTransport } from '../mail/transport.js';
import { createTestContext, databaseTargets } from '../test/harness.js';
import { freshPostgres, pgliteTemplate } from '../test/templates.js';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

/** The server as operators run it: the built JavaScript (SERVER_ENTRY=dist) or the sources through tsx. */
export function serverCommand(): string[] {
  return process.env.SERVER_ENTRY === 'dist'
    ? ['--enable-source-maps', 'dist/main.js']
    : ['--conditions=@permitdesk/source', '--import', 'tsx', 'src/main.ts'];
}

const exitOf = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.exitCode !== null || child.signalCode !== null
      ? resolve({ code: child.exitCode, signal: child.signalCode })
      : child.once('exit', (code, signal) => resolve({ code, signal })),
  );

/** Polls (on answers, not on the clock) until the server answers `path` with `status`. */
async function until(base: string, path: string, status: number, child: ChildProcess): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${base}${path}`);
      await res.arrayBuffer();
      if (res.status === status) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe.each(databaseTargets())('shutdown of the real server on %s', (target) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('SIGTERM: the request in flight is answered, /readyz 503, new work refused, then exit 0', { timeout: 300_000 }, async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'permitdesk-drain-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 }));
    let databaseUrl = '';
    if (target === 'postgres') {
      const fresh = await freshPostgres(process.env.DATABASE_URL!);
      await fresh.handle.close();
      databaseUrl = fresh.url;
      cleanups.push(fresh.drop);
    } else {
      await (await openPglite(path.join(dataDir, 'pglite'), await pgliteTemplate())).close();
    }
    const child = spawn(process.execPath, serverCommand(), {
      cwd: path.join(REPO_ROOT, 'packages/server'),
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, NODE_ENV: 'development', LOG_LEVEL: 'error', EMAIL_MX_LOOKUP: 'off', DEMO_DATA_PROJECTS: '', SHUTDOWN_DRAIN_MS: '120000' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    cleanups.push(async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    });
    const exited = exitOf(child);
    await until(base, '/readyz', 200, child);

    // The request in flight: headers and half of its body sent; the rest comes after the SIGTERM.
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'wrong password 1' });
    const slow = http.request(`${base}/auth/authenticate`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } });
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      slow.on('response', (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      });
      slow.on('error', reject);
    });
    slow.flushHeaders();
    slow.write(body.slice(0, 10));
    // The server has the request once its socket is open and the first bytes are written.
    await new Promise<void>((resolve) => slow.once('socket', (socket) => (socket.connecting ? socket.once('connect', () => resolve()) : resolve())));
    await new Promise<void>((resolve) => slow.write('', () => resolve()));
    await until(base, '/healthz', 200, child);

    child.kill('SIGTERM');
    await until(base, '/readyz', 503, child);
    const refused = await fetch(`${base}/tasks`);
    expect(refused.status).toBe(503);
    expect(await refused.json()).toMatchObject({ code: 'SHUTTING_DOWN' });
    expect(child.exitCode).toBeNull(); // still draining: the slow request holds it

    slow.end(body.slice(10));
    const done = await answer;
    expect(done.status, done.text).toBe(401); // answered in full (a wrong password), not cut off
    expect(await exited).toEqual({ code: 0, signal: null });
  });
});

describe('mail worker stopped mid-batch', () => {
  it('hands back the rows it claimed and did not try', { timeout: 120_000 }, async () => {
    const t = await createTestContext({ target: 'pglite' });
    try {
      let unblock!: () => void;
      const blocked = new Promise<void>((resolve) => (unblock = resolve));
      let entered!: () => void;
      const delivering = new Promise<void>((resolve) => (entered = resolve));
      const delivered: string[] = [];
      // SMTP lives outside this machine: a transport that holds the first delivery until the test lets it go.
      const transport: MailTransport = {
        kind: 'sent',
        deliver: async (mail) => {
          entered();
          await blocked;
          delivered.push(mail.to);
        },
        close: () => {},
      } as MailTransport;
      const worker = createMailWorker({ db: t.services.db, transport, from: 'test@permitdesk.local', clock: t.services.clock, log: t.services.log });
      await t.services.db.deleteFrom('mail_outbox').execute();
      for (const to of ['first@example.com', 'second@example.com', 'third@example.com']) {
        await t.services.mail.send('welcome', to, { signInUrl: 'http://permitdesk.test/sign-in' });
      }
      const draining = worker.drain();
      await delivering;
      const stopped = worker.stop();
      unblock();
      await draining;
      await stopped;
      expect(delivered).toEqual(['first@example.com']);
      const rows = await t.services.db.selectFrom('mail_outbox').select(['to_address', 'status', 'attempts', 'next_attempt_at']).orderBy('id').execute();
      expect(rows.map((r) => [r.to_address, r.status, r.attempts])).toEqual([
        ['first@example.com', 'sent', 1],
        ['second@example.com', 'pending', 0],
        ['third@example.com', 'pending', 0],
      ]);
      for (const row of rows.slice(1)) expect(new Date(row.next_attempt_at).getTime()).toBeLessThanOrEqual(t.services.clock().getTime());
    } finally {
      await t.close();
    }
  });
});

describe('job runner stopped mid-batch', () => {
  it('hands back the jobs it claimed and did not start', { timeout: 120_000 }, async () => {
    const t = await createTestContext({ target: 'pglite' });
    try {
      let unblock!: () => void;
      const blocked = new Promise<void>((resolve) => (unblock = resolve));
      let entered!: () => void;
      const started = new Promise<void>((resolve) => (entered = resolve));
      const ran: number[] = [];
      const runner = createJobRunner({ db: t.services.db, clock: t.services.clock, log: t.services.log, batchSize: 10 });
      runner.register<{ n: number }>('ops-drain-test', async (payload) => {
        ran.push(payload.n);
        entered();
        await blocked;
      });
      const due = new Date(t.services.clock().getTime() - 1000);
      for (const n of [1, 2, 3]) await enqueueJob(t.services.db, { kind: 'ops-drain-test', payload: { n }, runAt: due });
      const draining = runner.drain();
      await started;
      const stopping = runner.stop();
      unblock();
      await draining;
      await stopping;
      expect(ran).toEqual([1]);
      const rows = await t.services.db.selectFrom('jobs').select(['status', 'attempts']).where('kind', '=', 'ops-drain-test').orderBy('id').execute();
      expect(rows.map((r) => [r.status, r.attempts])).toEqual([
        ['done', 1],
        ['pending', 0],
        ['pending', 0],
      ]);
    } finally {
      await t.close();
    }
  });
});
