// Demo data for the permit team's queue (bench/ops-queue.ts): operators, and on top of the demo permits
// (demo-data.ts) what a real queue has: 30 % of the permits assigned, conversations on 5 % (the customer
// wrote last on 2 %), pending quotes on 1 %. Set-based, a few statements at 1,000,000 permits.
import { sql } from 'kysely';
import type { AppServices } from '../services.js';
import { setStaffRole } from '../staff/staff.js';
import { DEMO_PASSWORD } from './demo-data.js';

export const DEMO_OPERATORS = 5;
const operatorEmail = (n: number) => `bench-operator-${n}@permitdesk.test`;

export async function ensureDemoOperators(services: AppServices): Promise<string[]> {
  const ids: string[] = [];
  for (let n = 1; n <= DEMO_OPERATORS; n++) {
    const email = operatorEmail(n);
    const user = (await services.identity.findByEmail(email)) ?? (await services.identity.createUser({ email, password: DEMO_PASSWORD, name: `Bench Operator ${n}`, confirmed: true }));
    await setStaffRole(services.db, email, 'operator');
    ids.push(user.id);
  }
  return ids;
}

/** The permit team's share of the data: assignments, conversations, quotes (set-based, a few statements). */
export async function loadDemoQueueData(services: AppServices, operators: string[], log: (line: string) => void): Promise<void> {
  const started = Date.now();
  const db = services.db;
  const ops = sql.raw(`ARRAY[${operators.map((id) => `'${id}'`).join(',')}]::uuid[]`);
  await sql`UPDATE permits SET assigned_to = (${ops})[1 + id % ${DEMO_OPERATORS}] WHERE id % 10 < 3`.execute(db);
  log(`assigned (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  await sql`INSERT INTO conversations (permit_id, subject, created_at) SELECT id, 'Question about the permit', created_at + interval '1 day' FROM permits WHERE id % 20 = 7`.execute(db);
  // The customer asks; the team answered on three in five of them.
  await sql`INSERT INTO conversation_messages (conversation_id, author_role, author_name, body, created_at)
            SELECT c.id, 'customer', 'Customer', 'When will it be filed?', c.created_at FROM conversations c`.execute(db);
  await sql`INSERT INTO conversation_messages (conversation_id, author_role, author_name, body, created_at)
            SELECT c.id, 'permit_team', 'Permit team', 'This week.', c.created_at + interval '2 hours' FROM conversations c WHERE c.id % 5 < 3`.execute(db);
  log(`conversations (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  await sql`INSERT INTO permit_quotes (quote_id, total, expiry_date, status, agent_id, org_id, permit_id)
            SELECT 'BENCH-' || id, 450, (now() + interval '20 days')::date, 'pending', 'agent-bench', 'org-bench', id FROM permits WHERE id % 100 = 11`.execute(db);
  log(`quotes (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  await sql`VACUUM ANALYZE permits, conversations, conversation_messages, permit_quotes`.execute(db);
}

