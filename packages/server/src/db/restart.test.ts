// A restart keeps everything: a PGlite data folder is written, closed and opened again, and the
// generated JWT key in DATA_DIR survives too (tokens issued before the restart still verify).
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createLogger } from '../http/logger.js';
import { closeServices, createServices } from '../services.js';
import { migrateToLatest } from './migrate.js';

describe('restart on a PGlite data folder', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('keeps users, companies, mail and the signing key', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'permitdesk-restart-'));
    dirs.push(dataDir);
    // No JWT_SECRET: the key is generated into the data folder.
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const log = createLogger('silent');

    const first = await createServices(config, { log });
    expect(first.dbKind).toBe('pglite');
    const applied = await migrateToLatest(first.database);
    expect(applied.results?.map((r) => r.migrationName)[0]).toBe('0001_identity');
    const user = await first.identity.createUser({ email: 'Keep.Me@Example.com', password: 'Durable-pass1', name: 'Keep Me', confirmed: true });
    const company = await first.companies.create({ name: 'Persistent Plumbing' }, user.id);
    await first.mail.send('welcome', user.email, { signInUrl: 'http://localhost:3000/sign-in' });
    const session = await first.identity.issueSession(user.id);
    await closeServices(first);
    expect(existsSync(path.join(dataDir, 'pglite'))).toBe(true);
    expect(existsSync(path.join(dataDir, 'jwt-secret'))).toBe(true);

    const second = await createServices(config, { log });
    try {
      const again = await migrateToLatest(second.database);
      expect(again.results).toEqual([]); // nothing left to apply
      expect(await second.identity.findByEmail('keep.me@example.com')).toMatchObject({ id: user.id, name: 'Keep Me', status: 'CONFIRMED' });
      expect(await second.companies.get(company.id, user.id)).toMatchObject({ name: 'Persistent Plumbing', role: 'owner' });
      expect((await second.mail.list({ to: user.email })).map((m) => m.template)).toEqual(['welcome']);
      expect(await second.identity.verifyAccessToken(session.tokens.accessToken)).toMatchObject({ sub: user.id, email: 'keep.me@example.com' });
      const signIn = await second.identity.authenticate('keep.me@example.com', 'Durable-pass1');
      expect(signIn.status).toBe('ok');
      const refreshed = await second.identity.refreshSession(session.tokens.refreshToken!);
      expect(refreshed.profile.permissions).toEqual({ [String(company.id)]: { name: 'Persistent Plumbing', role: 'owner' } });
    } finally {
      await closeServices(second);
    }
  });
});
