// The real app on a fresh in-memory PGlite, migrated and seeded, for the lookup benches: a request
// helper that answers { status, body, ms }. Run the benches with tsx (they import the server's source).
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../packages/server/src/config.js';
import { migrateToLatest } from '../packages/server/src/db/migrate.js';
import { openDatabase } from '../packages/server/src/db/database.js';
import { seedAll } from '../packages/server/src/reference/seed-all.js';
import { createApp } from '../packages/server/src/app.js';
import { closeServices, createServices } from '../packages/server/src/services.js';

/** `geo`: another geography service than the configured one (the address bench's street geocoder). */
export async function startBenchApp({ geo } = {}) {
  const config = loadConfig({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: '', TRUST_PROXY: 'on' });
  const database = await openDatabase(config, { inMemory: true });
  const services = await createServices(config, { database });
  if (geo) services.geo = geo;
  await migrateToLatest(database);
  await seedAll(services);
  services.geo.warm();
  const app = createApp(services);
  let client = 0;
  /** GET a path with query parameters; each call from its own client address (no rate limit). */
  async function get(path, query = {}) {
    const url = new URL(path, 'http://bench.test');
    for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== null) url.searchParams.set(name, String(value));
    client += 1;
    const started = performance.now();
    const res = await app.request(url.pathname + url.search, { headers: { accept: 'application/json', 'x-forwarded-for': `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}` } });
    const body = await res.json().catch(() => null);
    return { status: res.status, body, ms: performance.now() - started };
  }
  return { get, services, close: () => closeServices(services) };
}

/** The q-quantile of a list of numbers. */
export function quantile(values, q) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}
