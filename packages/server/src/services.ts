// Everything a request handler needs, built once by createServices(config). Each area adds its member
// here (additive edits): the interface, and one line in createServices.
//
// PGlite has a single connection: inside `inTransaction(db, async (trx) => ...)` use `trx` only;
// a query through `services.db` there waits for the transaction forever.
import path from 'node:path';
import { createCompaniesService, type CompaniesService } from './companies/companies-service.js';
import type { Config } from './config.js';
import { openDatabase, type DatabaseHandle, type DatabaseKind } from './db/database.js';
import type { Db } from './db/schema.js';
import { createGeoService, type GeoService } from './geo/geo-service.js';
import { createIpLocator, type IpLocator } from './geo/ip-location.js';
import { createLogger, type Logger } from './http/logger.js';
import { openRateLimiter, type RateLimiter } from './rate-limits/limiter.js';
import { createAccessTokens } from './identity/access-tokens.js';
import { createSessions } from './identity/sessions.js';
import { createCodes } from './identity/codes.js';
import { createHandoffs } from './identity/handoffs.js';
import { createIdentityService, type IdentityService } from './identity/identity-service.js';
import { loadJwtSecret } from './identity/jwt-secret.js';
import { createRefreshTokens } from './identity/refresh-tokens.js';
import { createSecretHasher } from './identity/secrets.js';
import { createThrottle } from './identity/throttle.js';
import { createTwoFactor } from './identity/two-factor.js';
import { createTwoFactorBox } from './identity/two-factor-crypto.js';
import { createSecretBox, secretKeyMaterial, type SecretBox } from './security/secret-box.js';
import { createMailService, type MailService } from './mail/mail-service.js';
import { createMailWorker, outboxStats, type MailWorker } from './mail/mail-worker.js';
import { createMailTransport } from './mail/transport.js';
import { registerWebhookDelivery, WEBHOOK_SECRETS } from './webhooks/index.js';
import { createLifecycle, type Lifecycle } from './ops/lifecycle.js';
import { createMetrics, type Metrics } from './ops/metrics.js';
import { createJobRunner, jobQueueStats, type JobRunner } from './jobs/index.js';
import type { FileStorage } from './storage/file-storage.js';
import { createFilesRecord } from './storage/files-table.js';
import { createLocalStorage, type LocalStorage } from './storage/local-storage.js';
import { createUrlSigner, type UrlSigner } from './storage/url-signing.js';
import { createEmailVerifier } from './verification/create-email-verifier.js';
import type { EmailVerifier } from './verification/email-verifier.js';

export interface AppServices {
  config: Config;
  db: Db;
  dbKind: DatabaseKind;
  database: DatabaseHandle;
  /** The time, from one place, so tests can move it. */
  clock: () => Date;
  log: Logger;
  identity: IdentityService;
  companies: CompaniesService;
  mail: MailService;
  mailWorker: MailWorker;
  storage: FileStorage;
  /** The local adapter when files live in DATA_DIR/files (its routes serve the signed URLs); else null. */
  localStorage: LocalStorage | null;
  /** Signs the CSV exports' download links (a key of their own, derived from the server secret). */
  exportLinks: UrlSigner;
  // Other areas add theirs below (geo, emailVerifier, ...).
  /** Municipalities, lookups by location, and the address provider (built-in gazetteer or Google). */
  geo: GeoService;
  /** Sign-up e-mail checks: the built-in verifier, or the third-party adapter when configured. */
  emailVerifier: EmailVerifier;
  /** Per-client rate limits, shared by every replica (database, or Redis when REDIS_URL is set). */
  rateLimits: RateLimiter;
  /** The approximate place of a public compliance link's visitor (IP_GEOLOCATION; 'none' by default). */
  ipLocator: IpLocator;
  /** A secret box for one purpose ('platform-tokens', 'webhook-secrets'), keyed by SECRETS_KEY (rotation: SECRETS_KEY_PREVIOUS). */
  secretBox(purpose: string): SecretBox;
  /** Readiness and shutdown: the drain, and the hooks that stop background work (the job worker registers here). */
  lifecycle: Lifecycle;
  /** Prometheus metrics (/metrics); durable queues add their depth with metrics.registerQueue(name, read). */
  metrics: Metrics;
  /** Durable background jobs (jobs/index.ts): areas register their handlers and schedules here; started with the server. */
  jobs: JobRunner;
}

export interface ServiceOptions {
  /** An already open database (tests); otherwise opened from the config. */
  database?: DatabaseHandle;
  clock?: () => Date;
  log?: Logger;
}

export async function createServices(config: Config, options: ServiceOptions = {}): Promise<AppServices> {
  const database = options.database ?? (await openDatabase(config));
  const db = database.db;
  const clock = options.clock ?? (() => new Date());
  const log = options.log ?? createLogger(config.LOG_LEVEL);
  const secret = loadJwtSecret(config);
  const hasher = createSecretHasher(secret);

  const mailWorker = createMailWorker({ db, transport: createMailTransport(config), from: config.MAIL_FROM, clock, log, messageIdDomain: new URL(config.PUBLIC_URL).hostname });
  const mail = createMailService({ db, clock, onQueued: () => mailWorker.nudge() });
  const rateLimits = await openRateLimiter(config, db, clock);

  const sessions = createSessions(db, clock);
  const identity = createIdentityService({
    db,
    clock,
    publicUrl: config.PUBLIC_URL,
    tokens: createAccessTokens(secret, clock),
    refresh: createRefreshTokens(hasher, clock, () => sessions.forget()),
    sessions,
    codes: createCodes(hasher, clock),
    handoffs: createHandoffs(hasher, clock),
    throttle: createThrottle(db, clock),
    limits: rateLimits,
    mail,
    twoFactor: createTwoFactor({ box: createTwoFactorBox(secret, config.TWO_FACTOR_KEY), hash: hasher, signingKey: secret, clock }),
  });

  const files = createFilesRecord(db, clock);
  const localStorage = config.S3_BUCKET
    ? null
    : createLocalStorage({ root: path.join(config.DATA_DIR, 'files'), publicUrl: config.PUBLIC_URL, signer: createUrlSigner(secret), files, clock });
  // The AWS SDK is large: loaded only when S3 is configured.
  const storage: FileStorage = config.S3_BUCKET
    ? (await import('./storage/s3-storage.js')).createS3Storage({ ...config, S3_BUCKET: config.S3_BUCKET }, files, clock)
    : localStorage!;

  const companies = createCompaniesService({ db, clock });

  const geo = createGeoService({ GOOGLE_MAPS_API_KEY: config.GOOGLE_MAPS_API_KEY, GEOCODER: config.GEOCODER, NOMINATIM_URL: config.NOMINATIM_URL, PHOTON_URL: config.PHOTON_URL });
  const emailVerifier = createEmailVerifier(config, log);
  const ipLocator = createIpLocator(config);
  const secretKeys = secretKeyMaterial(secret, config.SECRETS_KEY, config.SECRETS_KEY_PREVIOUS);
  const secretBox = (purpose: string) => createSecretBox({ purpose, keys: secretKeys });
  const exportLinks = createUrlSigner(secret, 'permitdesk/export-links');
  const jobs = createJobRunner({ db, clock, log });
  const lifecycle = createLifecycle(log);
  const metrics = createMetrics(database);
  metrics.registerQueue('mail', () => outboxStats(db, clock()));
  metrics.registerQueue('jobs', () => jobQueueStats(db, clock()));
  const services: AppServices = { config, db, dbKind: database.kind, database, clock, log, identity, companies, mail, mailWorker, storage, localStorage, exportLinks, geo, emailVerifier, rateLimits, ipLocator, secretBox, jobs, lifecycle, metrics };
  // Each area registers its job handlers here (one line each).
  registerWebhookDelivery(jobs, { db, clock, box: secretBox(WEBHOOK_SECRETS), policy: { production: config.NODE_ENV === 'production' } });
  return services;
}

/** Stops background work and closes the database. */
export async function closeServices(services: AppServices): Promise<void> {
  await services.jobs.stop();
  await services.mailWorker.stop();
  await services.rateLimits.close();
  await services.database.close();
}
