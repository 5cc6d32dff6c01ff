// The README's backup and restore, run as written (issue 17): pg_dump --format=custom of a database with a
// company's work in it, pg_restore --clean --if-exists --no-owner into an empty database, migrations run
// as a starting replica would, and the restored server answers as the old one did: the owner signs in
// with their password, sees their permit and their vault, and the sealed webhook secret opens with the
// same SECRETS_KEY (and not without it). On PGlite the backup is its data folder (dumpDataDir).
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../db/migrate.js';
import { openPglite } from '../db/database.js';
import { createSecretBox } from '../security/secret-box.js';
import { createTestContext, databaseTargets, type TestContext, type TestUser } from '../test/harness.js';
import { companyOf, jobSite, requestPermit } from '../test/permit-fixtures.js';
import { WEBHOOK_SECRETS } from '../webhooks/index.js';

const run = promisify(execFile);
const env = { JWT_SECRET: randomBytes(32).toString('hex'), SECRETS_KEY: randomBytes(32).toString('hex') };

/** A company's month in miniature: an owner, a permit, a license, a webhook with its sealed secret. */
async function someWork(t: TestContext) {
  const owner = await t.createUser({ name: 'Rita Restore', password: 'Restore-pass1' });
  const companyId = await companyOf(t, owner, `Restore Builders ${Date.now().toString(36)}`);
  const permit = await requestPermit(t, owner, await jobSite(t), { companyId });
  await t.services.db.insertInto('company_licenses').values({ company_id: companyId, license_type: 'state', name: 'General Contractor', number: 'GC-1', state_code: 'CA', expires_on: '2030-01-01', created_at: new Date(), updated_at: new Date() }).execute();
  const hook = await t.request('POST', `/v4/companies/${companyId}/webhooks`, { token: owner.accessToken, body: { url: 'https://hooks.example.com/permitdesk', events: ['permit.created'] } });
  expect(hook.status, hook.text).toBe(200);
  return { owner, companyId, permitId: permit.permitId, hook: hook.body as { id: string; secret: string } };
}

async function expectSameWork(t: TestContext, work: Awaited<ReturnType<typeof someWork>>) {
  const owner: TestUser = await t.signIn(work.owner.email, 'Restore-pass1');
  const permit = await t.request('GET', `/v3/permits/${work.permitId}`, { token: owner.accessToken });
  expect(permit.status, permit.text).toBe(200);
  const license = await t.services.db.selectFrom('company_licenses').select(['number', 'expires_on']).where('company_id', '=', work.companyId).executeTakeFirstOrThrow();
  expect(license.number).toBe('GC-1');
  const row = await t.services.db.selectFrom('webhook_subscriptions').select('secret_sealed').where('id', '=', work.hook.id).executeTakeFirstOrThrow();
  expect(t.services.secretBox(WEBHOOK_SECRETS).open(work.hook.id, row.secret_sealed)).toBe(work.hook.secret);
  // Without the key kept with the backup, the sealed column is noise.
  expect(() => createSecretBox({ purpose: WEBHOOK_SECRETS, keys: [randomBytes(32)] }).open(work.hook.id, row.secret_sealed)).toThrow();
}

describe.each(databaseTargets())('backup and restore on %s', (target) => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  });

  it('restores a backup taken as the README says, and the restored server answers as before', { timeout: 240_000 }, async () => {
    const source = await createTestContext({ target, env });
    cleanups.push(() => source.close());
    const work = await someWork(source);
    const folder = await mkdtemp(path.join(os.tmpdir(), 'permitdesk-backup-'));
    cleanups.push(() => rm(folder, { recursive: true, force: true }));

    if (target === 'postgres') {
      const dump = path.join(folder, 'permitdesk.dump');
      await run('pg_dump', ['--format=custom', `--file=${dump}`, source.databaseUrl!]);
      // An empty database on the same server, restored into as the README says.
      const url = new URL(source.databaseUrl!);
      const name = `permitdesk_restore_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query(`CREATE DATABASE "${name}"`);
      cleanups.push(async () => {
        await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await admin.end();
      });
      url.pathname = `/${name}`;
      await run('pg_restore', ['--clean', '--if-exists', '--no-owner', `--dbname=${url.toString()}`, dump]);
      const restored = await createTestContext({ target, env, databaseUrl: url.toString() });
      cleanups.push(() => restored.close());
      // A starting replica applies newer migrations: none are pending, and running them changes nothing.
      const migrated = await migrateToLatest(restored.services.database);
      expect(migrated.error).toBeUndefined();
      expect(migrated.results ?? []).toEqual([]);
      await expectSameWork(restored, work);
    } else {
      // PGlite: the data folder is the backup (a tarball of it); a new process opens it.
      const tarball = await source.services.database.pglite!.dumpDataDir();
      const reopened = await openPglite(undefined, tarball);
      const rows = await reopened.db.selectFrom('permits').select('id').where('id', '=', work.permitId).execute();
      await reopened.close();
      expect(rows).toEqual([{ id: work.permitId }]);
    }
  });
});
