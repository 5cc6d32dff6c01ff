// Prometheus metrics (prom-client), one registry per server: requests by route pattern and status, their
// durations, database query durations and (PostgreSQL) pool use, the depth and age of the durable queues
// (the mail outbox here; the job worker registers its queue through registerQueue), and login failures.
// Served by /metrics behind METRICS_TOKEN, or on METRICS_PORT (ops/metrics-routes.ts).
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DatabaseHandle } from '../db/database.js';

export interface QueueStats {
  /** Items waiting or being worked on. */
  depth: number;
  /** Age in seconds of the oldest of them; 0 when the queue is empty. */
  oldestAgeSeconds: number;
}

export interface Metrics {
  readonly registry: Registry;
  observeRequest(labels: { method: string; route: string; status: number }, seconds: number): void;
  /** A failed sign-in (wrong password or code, locked, throttled). */
  loginFailed(reason: string): void;
  /**
   * The gauge hook of a durable queue, read at each scrape: `permitdesk_queue_depth{queue}` and
   * `permitdesk_queue_oldest_age_seconds{queue}`. The mail outbox registers as 'mail'; the job
   * worker registers as 'jobs'. A second registration under the same name replaces the first.
   */
  registerQueue(name: string, read: () => Promise<QueueStats>): void;
  /** Node's own metrics (CPU, memory, event loop lag, GC): on in the server process, off in tests. */
  collectProcessMetrics(): void;
  render(): Promise<string>;
  readonly contentType: string;
}

/** Request duration buckets (seconds): 5 ms to 10 s. */
export const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const QUERY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];

export function createMetrics(database: DatabaseHandle): Metrics {
  const registry = new Registry();
  const requests = new Counter({ name: 'permitdesk_http_requests_total', help: 'HTTP requests answered, by method, route pattern and status.', labelNames: ['method', 'route', 'status'] as const, registers: [registry] });
  const durations = new Histogram({ name: 'permitdesk_http_request_duration_seconds', help: 'Time to answer an HTTP request (until the handler returned), by method, route pattern and status.', labelNames: ['method', 'route', 'status'] as const, buckets: REQUEST_BUCKETS, registers: [registry] });
  const queries = new Histogram({ name: 'permitdesk_db_query_duration_seconds', help: 'Database query durations, by outcome.', labelNames: ['outcome'] as const, buckets: QUERY_BUCKETS, registers: [registry] });
  const logins = new Counter({ name: 'permitdesk_login_failures_total', help: 'Failed sign-ins (wrong password or code, locked, throttled), by reason.', labelNames: ['reason'] as const, registers: [registry] });
  new Gauge({ name: 'permitdesk_db_info', help: 'The database kind this replica uses (value 1).', labelNames: ['kind'] as const, registers: [registry] }).set({ kind: database.kind }, 1);

  database.onQuery((ms, failed) => queries.observe({ outcome: failed ? 'error' : 'ok' }, ms / 1000));

  if (database.poolStats) {
    const stats = database.poolStats;
    const pool = new Gauge({
      name: 'permitdesk_db_pool_connections',
      help: 'PostgreSQL pool connections by state (total, idle, waiting clients).',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const s = stats();
        pool.set({ state: 'total' }, s.total);
        pool.set({ state: 'idle' }, s.idle);
        pool.set({ state: 'waiting' }, s.waiting);
      },
    });
  }

  const queues = new Map<string, () => Promise<QueueStats>>();
  const read = async () => {
    const entries = [...queues.entries()];
    return Promise.all(entries.map(async ([name, fn]) => [name, await fn().catch(() => null)] as const));
  };
  const depth = new Gauge({
    name: 'permitdesk_queue_depth',
    help: 'Items waiting or in progress in a durable queue (mail outbox, jobs).',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      for (const [name, stats] of await read()) if (stats) depth.set({ queue: name }, stats.depth);
    },
  });
  const age = new Gauge({
    name: 'permitdesk_queue_oldest_age_seconds',
    help: 'Age of the oldest waiting or in-progress item of a durable queue.',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      for (const [name, stats] of await read()) if (stats) age.set({ queue: name }, stats.oldestAgeSeconds);
    },
  });

  let processMetrics = false;
  return {
    registry,
    observeRequest(labels, seconds) {
      const l = { method: labels.method, route: labels.route, status: String(labels.status) };
      requests.inc(l);
      durations.observe(l, seconds);
    },
    loginFailed(reason) {
      logins.inc({ reason });
    },
    registerQueue(name, fn) {
      queues.set(name, fn);
    },
    collectProcessMetrics() {
      if (processMetrics) return;
      processMetrics = true;
      collectDefaultMetrics({ register: registry, prefix: 'permitdesk_' });
    },
    render: () => registry.metrics(),
    contentType: registry.contentType,
  };
}
