// Each area's idempotent seed, run at every start (after the migrations). Areas add one line. It lives
// above db/ (db/ knows no feature): the seeds call down into db/.
import type { Db } from '../db/schema.js';
import type { Logger } from '../http/logger.js';
import { seedReferenceData } from './seed.js';

export async function seedAll(services: { db: Db; log: Logger }): Promise<void> {
  const started = Date.now();
  await seedReferenceData(services.db);
  services.log.debug(`seeded in ${Date.now() - started} ms`);
}
