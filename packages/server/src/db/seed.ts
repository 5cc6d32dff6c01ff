// Each area's idempotent seed, run at every start (after the migrations). Areas add one line.
import { seedReferenceData } from '../reference/seed.js';
import type { AppServices } from '../services.js';

export async function seedAll(services: Pick<AppServices, 'db' | 'log'>): Promise<void> {
  const started = Date.now();
  await seedReferenceData(services.db);
  services.log.debug(`seeded in ${Date.now() - started} ms`);
}
