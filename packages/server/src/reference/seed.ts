// Reference data seeded at start, idempotently: stages (kept in step with core's table), default
// settings and states (added when missing, never overwriting an operator's change), and the built-in
// geography and task catalogue (written once, when their tables are empty; the towns' and townships' names
// brought up to date after). Each group is one
// transaction under an advisory lock, so replicas starting together do not seed twice.
import { DEFAULT_SETTINGS, PERMIT_STAGES, US_STATES } from '@permitdesk/core';
import { sql } from 'kysely';
import { cityMunicipalityName } from '../geo/catalog.js';
import { sharedCatalog } from '../geo/geo-service.js';
import { slugify } from '../geo/slug.js';
import type { Db, Tx } from '../db/schema.js';
import { bulkInsert } from './bulk-insert.js';
import { TASK_CATALOG } from './task-catalog.js';
import { inTransaction } from '../db/transaction.js';

/** pg_advisory_xact_lock key: 'PDREF' */
const LOCK_KEY = 0x5044524546;

async function inLockedTransaction(db: Db, work: (trx: Tx) => Promise<void>): Promise<void> {
  await inTransaction(db, async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${LOCK_KEY}::bigint)`.execute(trx);
    await work(trx);
  });
}

const isEmpty = async (db: Db, table: 'municipalities' | 'permit_tasks') =>
  (await sql<{ found: number }>`SELECT 1 AS found FROM ${sql.table(table)} LIMIT 1`.execute(db)).rows.length === 0;

async function syncIdentity(db: Db, table: string) {
  await sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), GREATEST(1, (SELECT COALESCE(max(id), 0) FROM ${sql.table(table)})))`.execute(db);
}

export async function seedStagesSettingsStates(db: Db): Promise<void> {
  await inLockedTransaction(db, async (trx) => {
    await bulkInsert(
      trx,
      'permit_stages',
      PERMIT_STAGES.map((entry, index) => ({ ...entry, sort_order: index + 1 })),
      { stage: 'integer', name: 'text', status: 'text', sort_order: 'integer' },
      'ON CONFLICT (stage) DO UPDATE SET name = EXCLUDED.name, status = EXCLUDED.status, sort_order = EXCLUDED.sort_order',
    );
    await bulkInsert(
      trx,
      'global_settings',
      DEFAULT_SETTINGS.map((setting) => ({ setting_key: setting.settingKey, value: setting.value })),
      { setting_key: 'text', value: 'text' },
      'ON CONFLICT (setting_key) DO NOTHING',
    );
    await bulkInsert(
      trx,
      'states',
      US_STATES.map((state, index) => ({ id: index + 1, code: state.value, name: state.label })),
      { id: 'integer', code: 'text', name: 'text' },
      'ON CONFLICT (id) DO NOTHING',
    );
  });
}

export async function seedGeography(db: Db): Promise<void> {
  if (!(await isEmpty(db, 'municipalities'))) {
    await renameTownships(db);
    return;
  }
  const catalog = sharedCatalog();
  await inLockedTransaction(db, async (trx) => {
    if (!(await isEmpty(trx, 'municipalities'))) return;
    await bulkInsert(
      trx,
      'administrative_areas',
      catalog.areas.map((area) => ({
        id: area.id,
        type: area.type,
        name: area.name,
        state_code: area.stateCode,
        slug: area.slug,
        parent_id: area.parentId,
        latitude: area.latitude,
        longitude: area.longitude,
      })),
      { id: 'integer', type: 'text', name: 'text', state_code: 'text', slug: 'text', parent_id: 'integer', latitude: 'float8', longitude: 'float8' },
      'ON CONFLICT (id) DO NOTHING',
    );
    await bulkInsert(
      trx,
      'municipalities',
      catalog.municipalities.map((m) => ({
        id: m.id,
        name: m.name,
        slug: m.slug,
        kind: m.kind,
        state_code: m.stateCode,
        county_name: m.countyName,
        county_fips: m.countyFips,
        latitude: m.latitude,
        longitude: m.longitude,
        permit_cutoff_hour: m.permitCutoffHour,
        administrative_area_id: m.areaId,
        area_path: m.areaPath,
      })),
      {
        id: 'integer', name: 'text', slug: 'text', kind: 'text', state_code: 'text', county_name: 'text', county_fips: 'text',
        latitude: 'float8', longitude: 'float8', permit_cutoff_hour: 'smallint', administrative_area_id: 'integer', area_path: 'integer[]',
      },
    );
    await syncIdentity(trx, 'municipalities');
  });
  // Outside the transaction (VACUUM cannot run in one): merges the trigram index's pending entries and
  // gives the planner statistics, so the keyword search uses its index from the first request.
  await sql`VACUUM ANALYZE municipalities`.execute(db);
}

/**
 * A database seeded before the towns and townships (geo/townships.ts) holds their seats as 'City of Edison':
 * those rows take the township's name and slug. A row whose name is no longer the catalogue's old one was
 * changed by an operator, and keeps it. (The hamlets the catalogue now leaves out keep their rows: projects
 * may point at them; the lookups no longer answer them.)
 */
async function renameTownships(db: Db): Promise<void> {
  const townships = [...sharedCatalog().townshipsByCounty.values()].flat();
  const oldName = (m: { placeName: string }) => cityMunicipalityName(m.placeName);
  const oldSlug = (m: { placeName: string; slug: string }) => m.slug.replace(/[^/]+$/, slugify(oldName(m)));
  const stale = await db
    .selectFrom('municipalities')
    .select(['id', 'name', 'slug'])
    .where('id', 'in', townships.map((m) => m.id))
    .execute();
  const byId = new Map(townships.map((m) => [m.id, m]));
  const renames = stale.flatMap((row) => {
    const township = byId.get(row.id)!;
    return row.name === oldName(township) && row.slug === oldSlug(township) ? [township] : [];
  });
  if (renames.length === 0) return;
  await inLockedTransaction(db, async (trx) => {
    for (const township of renames) {
      await trx
        .updateTable('municipalities')
        .set({ name: township.name, slug: township.slug })
        .where('id', '=', township.id)
        .where('name', '=', oldName(township))
        .execute();
    }
  });
}

export async function seedTaskCatalog(db: Db): Promise<void> {
  if (!(await isEmpty(db, 'permit_tasks'))) return;
  await inLockedTransaction(db, async (trx) => {
    if (!(await isEmpty(trx, 'permit_tasks'))) return;
    const tasks = TASK_CATALOG.map((task, index) => ({ id: index + 1, ...task }));
    await bulkInsert(
      trx,
      'permit_tasks',
      tasks.map(({ id, name, category, description }) => ({ id, name, category, description, sort_order: id })),
      { id: 'integer', name: 'text', category: 'text', description: 'text', sort_order: 'integer' },
    );
    await bulkInsert(
      trx,
      'task_inspections',
      tasks.flatMap((task) => task.inspections.map((name, index) => ({ task_id: task.id, name, perform_order: index + 1 }))),
      { task_id: 'integer', name: 'text', perform_order: 'integer' },
    );
    await bulkInsert(
      trx,
      'task_fees',
      tasks.flatMap((task) =>
        task.fees.map((fee, index) => ({ task_id: task.id, name: fee.name, amount_cents: Math.round(fee.amount * 100), sort_order: index + 1 })),
      ),
      { task_id: 'integer', name: 'text', amount_cents: 'integer', sort_order: 'integer' },
    );
    await syncIdentity(trx, 'permit_tasks');
  });
}

/** Everything reference data needs at start; safe to run on every start and on every replica. */
export async function seedReferenceData(db: Db): Promise<void> {
  await seedStagesSettingsStates(db);
  await seedTaskCatalog(db);
  await seedGeography(db);
}
