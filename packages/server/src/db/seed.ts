// Each area's idempotent seed, run at every start (after the migrations). Areas add one line.
import type { Kysely } from 'kysely';
import type { ReferenceTables } from './tables/reference.js';
import { seedReferenceData } from '../reference/seed.js';
import type { AppServices } from '../services.js';

export async function seedAll(services: Pick<AppServices, 'db' | 'log'>): Promise<void> {
  const started = Date.now();
  // Kysely's types are invariant; the reference seed only touches its own tables.
  await seedReferenceData(services.db as unknown as Kysely<ReferenceTables>);
  services.log.debug(`seeded in ${Date.now() - started} ms`);
}
