// Where nothing vacuums the database, the server does. PGlite runs PostgreSQL without its autovacuum
// launcher, and a PostgreSQL may be run with autovacuum off (this project's CI machine does). The queue
// tables churn most: every mail and job is inserted, claimed and finished, each step a new row version and
// new entries in the queue's partial index. Unvacuumed, that index fills with dead entries and the planner
// turns the workers' claim (every 2 s on every replica) into a walk through the whole history: measured at
// 220,000 sent mails, 1.1 s per claim, more than half a core of PostgreSQL on an idle server; 0.1 ms once
// vacuumed. Hourly, and only these tables: VACUUM on PGlite holds its single connection while it runs.
import { sql } from 'kysely';
import type { DatabaseKind } from './database.js';
import type { Db } from './schema.js';

export const DB_MAINTENANCE_JOB = 'db.maintenance';
export const DB_MAINTENANCE_EVERY_MS = 60 * 60 * 1000;
/** The tables whose rows come and go all day: the mail outbox and the job queue. */
export const CHURN_TABLES = ['mail_outbox', 'jobs', 'job_schedules'] as const;

/** Whether anything else vacuums this database: PostgreSQL's autovacuum, when it is on (never on PGlite). */
export async function autovacuumRuns(db: Db, kind: DatabaseKind): Promise<boolean> {
  if (kind === 'pglite') return false;
  const { rows } = await sql<{ setting: string }>`SELECT current_setting('autovacuum') AS setting`.execute(db);
  return rows[0]?.setting === 'on';
}

/** VACUUM ANALYZE of the churn tables, unless autovacuum does it; true when it ran. Outside any transaction. */
export async function vacuumChurnTables(db: Db, kind: DatabaseKind): Promise<boolean> {
  if (await autovacuumRuns(db, kind)) return false;
  await sql`VACUUM ANALYZE ${sql.join(CHURN_TABLES.map((table) => sql.table(table)))}`.execute(db);
  return true;
}
