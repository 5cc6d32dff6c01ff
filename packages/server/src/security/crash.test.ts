// The crash test of issue 10: 1,000 concurrent permit submissions (form 52) against the real server
// process, each with its own Idempotency-Key; some answers are lost on purpose (the client gives up on
// the reply and retries), the server is killed with SIGKILL mid-way and started again on the same
// data, and every submission is retried until it is acknowledged. Then the database must hold every
// acknowledged submission exactly once: one entry, project and permit per key, and the permit each
// acknowledgement named. On PGlite, and on PostgreSQL (a fresh database) when DATABASE_URL is set.
//
// It is a vitest file that spawns its own server (src/main.ts through tsx, as scripts/e2e.mjs does),
// so `npm test` runs it with the unit suites; the database is prepared in-process from the seeded
// test template, and the user and its token are made there too, so the run is the submissions.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { formChoices, IDEMPOTENCY_HEADER, type FormEntryResult, type PermitFormEntry } from '@permitdesk/core';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config.js';
import { openPglite, openPostgres, type DatabaseHandle } from '../db/database.js';
import { FORM_52_ANSWERS } from '../test/permit-fixtures.js';
import { databaseTargets } from '../test/harness.js';
import { freshPostgres, pgliteTemplate } from '../test/templates.js';

const SUBMISSIONS = 1000;
const IN_FLIGHT = 50;
/** The server is killed once this many submissions were acknowledged. */
const KILL_AFTER = 300;
/** Share of first attempts whose answer is dropped by the client (it stops waiting and retries). */
const LOST_ANSWERS = 0.1;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

interface Prepared {
  env: Record<string, string>;
  open: () => Promise<DatabaseHandle>;
  cleanup: () => Promise<void>;
}

/** A seeded database: a PGlite data folder from the test template, or a fresh PostgreSQL database. */
async function prepare(target: 'pglite' | 'postgres', port: number): Promise<Prepared> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'permitdesk-crash-'));
  let databaseUrl = '';
  let drop = async () => {};
  let open: () => Promise<DatabaseHandle>;
  if (target === 'postgres') {
    const fresh = await freshPostgres(process.env.DATABASE_URL!);
    await fresh.handle.close();
    databaseUrl = fresh.url;
    drop = fresh.drop;
    open = () => openPostgres(databaseUrl, { poolSize: 2 });
  } else {
    const folder = path.join(dataDir, 'pglite');
    await (await openPglite(folder, await pgliteTemplate())).close();
    open = () => openPglite(folder);
  }
  const publicUrl = `http://127.0.0.1:${port}`;
  return {
    env: { PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: publicUrl, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, NODE_ENV: 'development', LOG_LEVEL: 'error', EMAIL_MX_LOOKUP: 'off', DEMO_DATA_PROJECTS: '' },
    open,
    cleanup: async () => {
      await drop();
      await rm(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    },
  };
}

/** A user signed up through the API (code from the dev mailbox), and the form 52 entry of a job site. */
async function customer(base: string): Promise<{ token: string; userId: string; entry: PermitFormEntry }> {
  const call = async (method: string, url: string, body?: unknown, token?: string): Promise<any> => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    expect(res.status, `${method} ${url}: ${text}`).toBe(200);
    return JSON.parse(text);
  };
  const email = `crash.${Date.now()}@example.com`;
  const password = 'Crash-pass-9471';
  await call('POST', '/auth/sign-up', { email, password, fullName: 'Casey Crash' });
  const [mail] = await call('GET', `/dev/mailbox.json?to=${encodeURIComponent(email)}`);
  await call('POST', '/auth/confirm-registration', { email, code: /\b(\d{6})\b/.exec(mail.text)![1] });
  const session = await call('POST', '/auth/authenticate', { email, password });
  const token = session.tokens.accessToken as string;
  const [address] = await call('GET', `/v4/lookup/addresses?q=${encodeURIComponent('350 5th Ave, New York, NY 10118')}&limit=1`);
  const [lon, lat] = address.center as [number, number];
  const municipality = await call('GET', `/search/?lat=${lat}&lon=${lon}`);
  const [task] = await call('GET', '/tasks');
  const entry = await call('GET', `/v4/forms/52/entry-data?taskId=${task.id}&municipalityId=${municipality.id}&addressId=${encodeURIComponent(address.id)}`, undefined, token);
  return { token, userId: session.profile.sub, entry };
}

/** The real server process (src/main.ts through tsx), and a wait until it answers /healthz. */
async function startServer(env: Record<string, string>, base: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--conditions=@permitdesk/source', '--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(REPO_ROOT, 'packages/server'),
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return child;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error('the server did not start within 120 s');
}

const exited = (child: ChildProcess) => (child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((resolve) => child.once('exit', () => resolve())));

describe.each(databaseTargets())('crash test on %s', (target) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  it(`${SUBMISSIONS} concurrent submissions, answers lost and a kill -9 mid-way: every acknowledged one exactly once`, { timeout: 400_000 }, async () => {
    const t0 = Date.now();
    const phases: Record<string, number> = {};
    const phase = (name: string) => void (phases[name] = Date.now() - t0);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const prepared = await prepare(target, port);
    cleanups.push(prepared.cleanup);
    phase('prepared');
    let server = await startServer(prepared.env, base);
    phase('started');
    const { token, userId, entry } = await customer(base);
    cleanups.unshift(async () => {
      server.kill('SIGKILL');
      await exited(server);
    });

    const acknowledged = new Map<string, FormEntryResult>(); // CustomerName → answer
    const stats = { lostOnPurpose: 0, networkErrors: 0, inUse: 0, replayed: 0, killedAt: -1 };
    let restarting: Promise<void> | null = null;
    const killAndRestart = async () => {
      stats.killedAt = acknowledged.size;
      phase('kill');
      server.kill('SIGKILL');
      await exited(server);
      server = await startServer(prepared.env, base);
      phase('restarted');
    };

    /** One user action: retried with the same key until the server acknowledges it. */
    const submit = async (i: number) => {
      const id = `CRASH-${i}`;
      const key = randomUUID();
      const body = JSON.stringify({ formId: 52, ...formChoices(entry), answers: { ...FORM_52_ANSWERS, CustomerName: id } });
      for (let attempt = 0; ; attempt++) {
        const dropAnswer = attempt === 0 && Math.random() < LOST_ANSWERS;
        try {
          const res = await fetch(`${base}/v4/forms/52/entries`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', [IDEMPOTENCY_HEADER]: key },
            body,
            ...(dropAnswer ? { signal: AbortSignal.timeout(5 + Math.floor(Math.random() * 40)) } : {}),
          });
          const text = await res.text();
          if (res.status === 200) {
            if (res.headers.get('idempotent-replayed')) stats.replayed++;
            acknowledged.set(id, JSON.parse(text) as FormEntryResult);
            if (acknowledged.size === KILL_AFTER && !restarting) restarting = killAndRestart();
            return;
          }
          if (res.status === 409 && text.includes('IDEMPOTENCY_KEY_IN_USE')) stats.inUse++;
          else if (res.status < 500) throw new Error(`submission ${id} answered ${res.status}: ${text}`);
        } catch (error) {
          if (error instanceof Error && error.message.startsWith('submission ')) throw error;
          if (dropAnswer) stats.lostOnPurpose++;
          else stats.networkErrors++;
        }
        await sleep(100 + Math.random() * 200);
      }
    };

    let next = 0;
    const worker = async () => {
      while (next < SUBMISSIONS) await submit(next++);
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    await restarting;
    phase('all acknowledged');
    expect(stats.killedAt).toBe(KILL_AFTER);
    expect(acknowledged.size).toBe(SUBMISSIONS);
    expect(stats.networkErrors).toBeGreaterThan(0); // the kill was felt
    expect(stats.lostOnPurpose).toBeGreaterThan(0);

    // A clean stop, then the database itself is read.
    server.kill('SIGTERM');
    await exited(server);
    const database = await prepared.open();
    try {
      const db = database.db;
      const entries = await db
        .selectFrom('form_entries')
        .select(['id', 'permit_id', 'project_id', 'answers'])
        .where('user_id', '=', userId)
        .execute();
      const byIdentifier = new Map<string, typeof entries>();
      for (const row of entries) {
        const answers = (typeof row.answers === 'string' ? JSON.parse(row.answers) : row.answers) as { CustomerName: string };
        byIdentifier.set(answers.CustomerName, [...(byIdentifier.get(answers.CustomerName) ?? []), row]);
      }
      const duplicates = [...byIdentifier].filter(([, rows]) => rows.length !== 1).map(([id, rows]) => `${id} ×${rows.length}`);
      expect(duplicates).toEqual([]);
      expect(entries).toHaveLength(SUBMISSIONS);
      for (const [id, answer] of acknowledged) {
        const [row] = byIdentifier.get(id) ?? [];
        expect(row, `acknowledged ${id} is missing`).toBeDefined();
        expect({ entryId: Number(row!.id), permitId: Number(row!.permit_id), projectId: Number(row!.project_id) }).toEqual({
          entryId: answer.entryId,
          permitId: answer.permitId,
          projectId: answer.projectId,
        });
      }
      const count = async (table: 'permits' | 'projects') =>
        Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where('created_by', '=', userId).executeTakeFirstOrThrow()).n);
      expect(await count('permits')).toBe(SUBMISSIONS);
      expect(await count('projects')).toBe(SUBMISSIONS);
      console.info(`crash test on ${target}: ${JSON.stringify(stats)}, at ms: ${JSON.stringify(phases)}`);
    } finally {
      await database.close();
    }
  });
});
