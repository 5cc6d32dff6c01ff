// Starts the whole product on one machine: open the database, migrate, seed, start the mail worker,
// and serve the API with the built dashboard, widget and examples from the same origin.
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { createApp } from './app.js';
import { REPO_ROOT, type Config } from './config.js';
import { prepareData, prepareNewPgliteFolder } from './prepare-data.js';
import { warmMunicipalitySearch } from './lookups/municipality-name-index.js';
import type { App } from './http/context.js';
import { registerStaticRoutes } from './http/static-files.js';
import { isLoopback } from './mail/mailbox.routes.js';
import { closeServices, createServices, type AppServices } from './services.js';
import { startMetricsServer } from './http/metrics-routes.js';
import { enqueueStartupWatchdog, registerExpiryWatchdogJob } from './compliance/reminders/watchdog-job.js';
import { DB_MAINTENANCE_EVERY_MS, DB_MAINTENANCE_JOB, vacuumChurnTables } from './db/maintenance.js';
import { MULTIPART_SWEEP_EVERY_MS, MULTIPART_SWEEP_JOB, sweepMultipartUploads } from './storage/multipart.js';
import { FUNNEL_KEEP_DAYS, FUNNEL_PRUNE_DAILY_AT, FUNNEL_PRUNE_JOB, pruneFunnelEvents } from './funnel/funnel.js';
import { ESIGN_REMIND_DAILY_AT, ESIGN_REMIND_JOB, remindWaitingSigners } from './esign/auto-remind.js';
import { startFakePlatform } from './platform/fake/fake-platform.js';
import { registerPlatformJobs } from './platform/worker.js';

export interface Running {
  app: App;
  services: AppServices;
  server: ServerType;
  url: string;
  stop(): Promise<void>;
}

export async function bootstrap(givenConfig: Config): Promise<Running> {
  // PLATFORM_FAKE=1: the repository's fake construction platform runs beside the server, and the PLATFORM_*
  // variables left unset point at it.
  const fakePlatform = givenConfig.PLATFORM_FAKE === '1' ? await startFakePlatform({ port: givenConfig.PLATFORM_FAKE_PORT }) : null;
  const config: Config = fakePlatform
    ? { ...fakePlatform.env(), ...definedOnly(givenConfig), ...(process.env.PLATFORM_NAME ? {} : { PLATFORM_NAME: fakePlatform.env().PLATFORM_NAME ?? 'Fake platform' }) }
    : givenConfig;
  const prepared = await prepareNewPgliteFolder(config);
  const services = await createServices(config);
  const { log } = services;
  if (!prepared) await prepareData(services);
  // Before listening: else the first address picked after a restart waits ~2 s for the gazetteer.
  services.geo.warm();
  // The municipality keyword search's list of names (issue 15): loaded now, not by the first search.
  warmMunicipalitySearch(services.db).catch((error: unknown) => log.warn('[lookups] municipality search list not loaded at start', { error: String(error) }));
  services.mailWorker.start();
  // The expiry watchdog (issue 16): a daily job, and one run today so a fresh server mails what is due.
  registerExpiryWatchdogJob(services);
  await enqueueStartupWatchdog(services);
  registerPlatformJobs(services);
  // Multipart uploads neither completed nor aborted in time are aborted (their parts dropped).
  services.jobs.register(MULTIPART_SWEEP_JOB, async () => {
    await sweepMultipartUploads(services);
  });
  services.jobs.every(MULTIPART_SWEEP_JOB, MULTIPART_SWEEP_EVERY_MS);
  // The sign-up funnel keeps a year and a month of visits.
  services.jobs.register(FUNNEL_PRUNE_JOB, async (_payload, ctx) => {
    const dropped = await pruneFunnelEvents(services.db, ctx.clock());
    if (dropped > 0) log.info(`[funnel] ${dropped} visits older than ${FUNNEL_KEEP_DAYS} days dropped`);
  });
  services.jobs.daily(FUNNEL_PRUNE_JOB, FUNNEL_PRUNE_DAILY_AT);
  // E-signature: the signer whose turn it is gets one automatic reminder after three days of waiting.
  services.jobs.register(ESIGN_REMIND_JOB, async (_payload, ctx) => {
    const reminded = await remindWaitingSigners(services, ctx.clock());
    if (reminded > 0) log.info(`[esign] ${reminded} signers reminded`);
  });
  services.jobs.daily(ESIGN_REMIND_JOB, ESIGN_REMIND_DAILY_AT);
  // Where nothing vacuums the database (PGlite, or autovacuum off), the queue tables are vacuumed hourly.
  services.jobs.register(DB_MAINTENANCE_JOB, async () => {
    if (await vacuumChurnTables(services.db, services.dbKind)) log.debug('[db] vacuumed the mail outbox and the job queue');
  });
  services.jobs.every(DB_MAINTENANCE_JOB, DB_MAINTENANCE_EVERY_MS);
  services.jobs.start();
  // Shutdown hooks run after the drain, last registered first: the job worker, then the mail worker.
  services.lifecycle.onShutdown('mail worker', () => services.mailWorker.stop());
  services.lifecycle.onShutdown('job worker', () => services.jobs.stop());

  const app = createApp(services, {
    extraRoutes: (a) =>
      registerStaticRoutes(a, {
        dashboard: path.join(REPO_ROOT, 'packages/dashboard/dist'),
        widget: path.join(REPO_ROOT, 'packages/widget/dist'),
        examples: path.join(REPO_ROOT, 'examples'),
      }),
  });

  const server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, () => resolve(s));
  });
  services.metrics.collectProcessMetrics();
  const metricsServer = await startMetricsServer(services);
  const url = config.PUBLIC_URL;
  log.info(`PermitDesk is running on ${services.dbKind === 'pglite' ? `PGlite (${path.join(config.DATA_DIR, 'pglite')})` : 'PostgreSQL'}`);
  log.info(`  ${listenBanner(config)}`);
  log.info(`  dashboard:      ${url}/`);
  log.info(`  widget demo:    ${url}/examples/partner-site/`);
  if (config.NODE_ENV !== 'production') log.info(`  dev mailbox:    ${url}/dev/mailbox (from this machine only)`);
  log.info(`  API reference:  ${url}/openapi.json`);
  if (fakePlatform) log.info(`  fake platform:  ${fakePlatform.url}/projects (PLATFORM_FAKE=1)`);
  if (metricsServer) log.info(`  metrics:        http://${config.HOST}:${config.METRICS_PORT}/metrics`);

  // SIGTERM: not ready any more (503 on /readyz, new work refused), the requests in flight finish (up to
  // SHUTDOWN_DRAIN_MS), the listener closes, background workers stop and release their claims, then the database.
  let stopping: Promise<void> | null = null;
  const stop = () =>
    (stopping ??= (async () => {
      const drained = await services.lifecycle.drain(config.SHUTDOWN_DRAIN_MS);
      await closeServer(server, !drained);
      await services.lifecycle.runShutdownHooks();
      if (metricsServer) await closeServer(metricsServer, true);
      await fakePlatform?.close();
      await closeServices(services);
    })());
  return { app, services, server, url, stop };
}

/** Where the server listens, in the start banner: loopback only is the safe default outside production. */
export function listenBanner(config: Pick<Config, 'HOST' | 'NODE_ENV'>): string {
  if (isLoopbackHost(config.HOST)) return `listening on ${config.HOST} only (${config.NODE_ENV}); set HOST=0.0.0.0 to expose`;
  const where = config.HOST === '0.0.0.0' || config.HOST === '::' ? `${config.HOST} (every interface)` : config.HOST;
  return `listening on ${where} (${config.NODE_ENV})`;
}

/** The config without its unset keys (so the fake platform's values fill only what is unset). */
const definedOnly = (config: Config): Config => Object.fromEntries(Object.entries(config).filter(([, value]) => value !== undefined)) as Config;

const isLoopbackHost = (host: string) => host === 'localhost' || isLoopback(host);

/** Stops listening and ends idle keep-alive connections; `force` also ends busy ones (the drain timed out). */
function closeServer(server: ServerType, force: boolean): Promise<void> {
  const http = server as import('node:http').Server;
  return new Promise<void>((resolve) => {
    http.close(() => resolve());
    http.closeIdleConnections?.();
    if (force) http.closeAllConnections?.();
  });
}
