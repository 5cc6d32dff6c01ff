// The expiry watchdog at scale (issue 17): one run over the radar bench's demo data (reference/demo-data.ts,
// whose permits expire and whose inspections fall due around today), timed, with what it claimed and queued.
// Figures only; nothing asserts a timing. A second run right after shows what a run that finds everything
// already sent costs (each later run of the day, and every replica's start-up run).
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/watchdog_bench npx tsx --conditions=@permitdesk/source bench/watchdog.ts --projects 100000
//   (an empty database; --reuse keeps its projects and forgets the reminders sent, so the run is the day's first again)
//   PGlite: npx tsx --conditions=@permitdesk/source bench/watchdog.ts --projects 20000
import { parseArgs } from 'node:util';
import { runExpiryWatchdog } from '../packages/server/src/compliance/reminders/watchdog.js';
import { withDemoRadar } from './demo-radar.js';

const { values } = parseArgs({
  options: {
    projects: { type: 'string', default: '20000' },
    companies: { type: 'string', default: '5' },
    largest: { type: 'string', default: '5000' },
    reuse: { type: 'boolean', default: false },
  },
});

await withDemoRadar({ projects: Number(values.projects), companies: Number(values.companies), largest: Number(values.largest), reuse: values.reuse }, async ({ services }) => {
  // The day's first run: nothing sent yet, nothing queued.
  for (const table of ['expiry_reminders', 'expiry_digests', 'mail_outbox'] as const) await services.db.deleteFrom(table).execute();
  const count = async (table: 'projects' | 'mail_outbox') => Number((await services.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const projects = await count('projects');
  const inspections = Number((await services.db.selectFrom('permit_inspections').where('status', '=', 'scheduled').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  console.log(`\n${services.dbKind}: ${projects} projects, ${inspections} inspections scheduled`);
  const deps = { db: services.db, mail: services.mail, config: services.config };
  for (const label of ['first run of the day', 'second run (all sent)']) {
    const started = performance.now();
    const result = await runExpiryWatchdog(deps, new Date());
    const seconds = (performance.now() - started) / 1000;
    const queued = await count('mail_outbox');
    console.log(
      `${label.padEnd(24)} ${seconds.toFixed(2).padStart(8)} s  ${String(result.reminders).padStart(7)} reminders (${(result.reminders / seconds).toFixed(0)}/s)  ` +
        `${String(result.mails).padStart(7)} mails  ${result.digests} digests  outbox ${queued}`,
    );
  }
});
