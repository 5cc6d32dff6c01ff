// A test-only process entry (compliance/reminders/watchdog-processes.test.ts): one job worker for the
// expiry watchdog, built as bootstrap.ts builds it (registerExpiryWatchdogJob: the handler and its daily
// 06:00 schedule; enqueueStartupWatchdog: the day's start-up run), on the PostgreSQL database of
// DATABASE_URL, with its clock stopped at WORKER_NOW. It says "ready" on stdout, waits for a line on stdin
// (the test's barrier: the workers start draining together), drains until no job is due, says
// "drained <jobs handled>" and exits. Run: node --conditions=@permitdesk/source --import tsx src/test/watchdog-worker.ts
//
// One job per claim (batchSize 1): the day's two runs (the daily slot and the start-up run) are then taken
// by two workers at once, not both by the first one to claim (the default batch of 20 would run them one
// after the other in one process, which compliance/reminders/reminders.test.ts covers).
import { createInterface } from 'node:readline';
import { loadConfig } from '../config.js';
import { openPostgres } from '../db/database.js';
import { createLogger } from '../http/logger.js';
import { createJobRunner } from '../jobs/index.js';
import { createMailService } from '../mail/mail-service.js';
import { enqueueStartupWatchdog, registerExpiryWatchdogJob } from '../compliance/reminders/watchdog-job.js';

const url = process.env.DATABASE_URL;
const nowText = process.env.WORKER_NOW;
if (!url || !nowText || Number.isNaN(Date.parse(nowText))) throw new Error('watchdog-worker needs DATABASE_URL and WORKER_NOW (an ISO time)');
const now = new Date(nowText);
const clock = () => now;

const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: url, PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://permitdesk.test', LOG_LEVEL: 'warn' });
// The log goes to stderr: stdout carries the lines the test reads.
const log = createLogger(config.LOG_LEVEL, { destination: process.stderr });
const database = await openPostgres(url, { poolSize: 2 });
const db = database.db;
const jobs = createJobRunner({ db, clock, log, batchSize: 1 });
const services = { db, clock, log, config, jobs, mail: createMailService({ db, clock }) };
registerExpiryWatchdogJob(services);
await enqueueStartupWatchdog(services);

process.stdout.write('ready\n');
const stdin = createInterface({ input: process.stdin });
await new Promise<void>((resolve) => stdin.once('line', () => resolve()));
stdin.close();

const handled = await jobs.drain();
process.stdout.write(`drained ${handled}\n`);
await database.close();
