// The expiry watchdog (issue 16): once a day, every active license, insurance and certificate, every
// open permit with an expiry date, and every scheduled inspection of an open permit (an inspection due), is
// checked against its company's reminder steps (core's dueStep) and the people who must know
// (recipients.ts) get one mail per step. An inspection is told ahead only (no step after its day), to the
// permit's customer side; rescheduled to another day, its steps start over (the day is in the key).
//
// Safe to run twice and concurrently (two replicas, two job workers, a retry after a crash): each reminder
// is claimed by inserting its row in expiry_reminders, whose unique key is (item kind, item id, step,
// expiry date), and its mails are written to the outbox in the same transaction. A second run's insert
// waits for the first's transaction and then finds the row (ON CONFLICT DO NOTHING): it sends nothing.
// A crash rolls back the reminder being sent with its mails; the next run sends it once.
//
// Permits and inspections (a hundred thousand a day at a million projects) go in batches of WATCHDOG_BATCH:
// one transaction reads a batch's recipients in one statement, claims its reminders in one INSERT and
// queues its mails in one more. A run asks shouldYield between batches and between companies: a stopping
// process, or a job whose lease is about to end, stops there, and the next run sends the rest.
//
// With each reminder, in the same transaction, the company's webhooks get compliance.item_expiring
// (webhooks/: one delivery per subscription), so a subscriber hears of each step exactly once too.
//
// Digest (core's DIGEST_THRESHOLD, weekOf): when more than five of a company's vault reminders fall due in
// one week (from the run's day through Sunday, UTC), and the company had no digest this week, the week's
// first run claims them all (those due later in the week too) with the week's digest row, and each
// recipient gets one digest mail listing them. Permits and inspections are never folded into a digest:
// each asks for an action of its own.
import {
  DEFAULT_REMINDER_STEPS,
  DIGEST_THRESHOLD,
  LATE_LAPSE_DAYS,
  REMINDER_STEP_LIMITS,
  daysUntil,
  dueStep,
  todayIso,
  weekOf,
} from '@permitdesk/core';
import { sql } from 'kysely';
import type { Config } from '../../config.js';
import { inTransaction } from '../../db/transaction.js';
import type { Db, Tx } from '../../db/schema.js';
import type { Logger } from '../../http/logger.js';
import { emitEvent } from '../../webhooks/index.js';
import type { MailService, QueuedMail } from '../../mail/mail-service.js';
import type { VaultKind } from '../vault-items.js';
import { CLOSED_STAGES, permitCustomerRecipients, permitTeam, permitTeamOf, vaultItemRecipients, type Recipient } from './recipients.js';
import { customSteps } from './settings.js';

export interface WatchdogDeps {
  db: Db;
  mail: Pick<MailService, 'send' | 'sendMany'>;
  config: Pick<Config, 'PUBLIC_URL'>;
  log?: Pick<Logger, 'info' | 'warn'>;
  /** Asked between companies and batches: true stops the run there (the process is stopping, the job's lease ends). */
  shouldYield?: () => boolean;
  /** Permits or inspections per transaction (WATCHDOG_BATCH). */
  batchSize?: number;
}

export interface WatchdogResult {
  /** Reminders claimed and sent by this run (digested ones included). */
  reminders: number;
  digests: number;
  mails: number;
  /** False when shouldYield stopped the run before everything due was sent. */
  finished: boolean;
}

export const KIND_LABELS: Record<VaultKind, string> = { license: 'license', insurance: 'insurance policy', certificate: 'certificate' };

interface VaultDue {
  kind: VaultKind;
  id: number;
  companyId: number;
  companyName: string;
  name: string;
  expiresOn: string;
  /** The step due today, null when its next step falls later this week. */
  step: number | null;
  /** The steps not sent yet that fall due from today through the week's Sunday (today's first). */
  weekSteps: number[];
}

interface PermitDue {
  id: number;
  projectId: number;
  companyId: number | null;
  customerName: string;
  taskName: string;
  assignedTo: string | null;
  expiresOn: string;
  step: number;
  noFinalInspection: boolean;
}

interface InspectionDue {
  id: number;
  permitId: number;
  projectId: number;
  companyId: number | null;
  customerName: string;
  taskName: string;
  inspectionName: string;
  scheduledAt: string;
  scheduledOn: string;
  step: number;
}

const addDays = (day: string, days: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The webhook event of a reminder (compliance.item_expiring), in the reminder's transaction. */
const emitExpiring = (trx: Tx, companyId: number | null, data: { kind: string; id: number; name: string; expiresOn: string; step: number; daysLeft: number }, now: Date) =>
  companyId === null ? Promise.resolve(0) : emitEvent(trx, { companyId, type: 'compliance.item_expiring', data, at: now });

/** Claims one reminder; true when this run owns it (its row is new). */
async function claim(trx: Tx, due: { kind: string; id: number; companyId: number | null; step: number; expiresOn: string }, delivery: 'single' | 'digest', now: Date, week: string | null): Promise<number | null> {
  const { rows } = await sql<{ id: number }>`
    INSERT INTO expiry_reminders (company_id, item_kind, item_id, step, expires_on, delivery, digest_week, sent_at)
    VALUES (${due.companyId}, ${due.kind}, ${due.id}, ${due.step}, ${due.expiresOn}::date, ${delivery}, ${week}::date, ${now})
    ON CONFLICT (item_kind, item_id, step, expires_on) DO NOTHING RETURNING id`.execute(trx);
  return rows[0] ? Number(rows[0].id) : null;
}

const countRecipients = (trx: Tx, id: number, n: number) => sql`UPDATE expiry_reminders SET recipients = ${n} WHERE id = ${id}`.execute(trx);

/** The vault items and permits with a step due today that no run has sent yet. */
async function dueItems(db: Db, today: string): Promise<{ vault: VaultDue[]; permits: PermitDue[]; inspections: InspectionDue[] }> {
  const from = addDays(today, -LATE_LAPSE_DAYS);
  const to = addDays(today, REMINDER_STEP_LIMITS.max);
  // The rest of the week (through Sunday): the digest counts what falls due in it.
  const weekDays = Array.from({ length: 7 - (Date.parse(`${today}T00:00:00Z`) / 86_400_000 + 3) % 7 }, (_, i) => addDays(today, i));
  const weekTo = addDays(weekDays[weekDays.length - 1]!, REMINDER_STEP_LIMITS.max);
  const steps = await customSteps(db);
  const stepsOf = (companyId: number | null) => (companyId !== null && steps.get(companyId)) || DEFAULT_REMINDER_STEPS;
  const { rows: vaultRows } = await sql<{ kind: VaultKind; id: number; company_id: number; company_name: string; name: string; expires_on: string }>`
    SELECT i.kind, i.id, i.company_id, c.name AS company_name, i.name, to_char(i.expires_on, 'YYYY-MM-DD') AS expires_on FROM (
      SELECT 'license' AS kind, id, company_id, name, expires_on FROM company_licenses WHERE status = 'active' AND expires_on BETWEEN ${from}::date AND ${weekTo}::date
      UNION ALL
      SELECT 'insurance', id, company_id, name, expires_on FROM company_insurances WHERE status = 'active' AND expires_on BETWEEN ${from}::date AND ${weekTo}::date
      UNION ALL
      SELECT 'certificate', id, company_id, name, expires_on FROM company_certificates WHERE status = 'active' AND expires_on BETWEEN ${from}::date AND ${weekTo}::date
    ) i JOIN companies c ON c.id = i.company_id
    ORDER BY i.company_id, i.expires_on, i.kind, i.id`.execute(db);
  const { rows: permitRows } = await sql<{ id: number; project_id: number; company_id: number | null; customer_name: string; task_name: string; assigned_to: string | null; expires_on: string; final_passed: boolean }>`
    SELECT r.id, r.project_id, p.company_id, r.customer_name, t.name AS task_name, r.assigned_to,
           to_char(r.expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS expires_on,
           COALESCE((SELECT i.status = 'passed' FROM permit_inspections i WHERE i.permit_id = r.id
                     ORDER BY i.perform_order DESC, i.id DESC LIMIT 1), false) AS final_passed
    FROM permits r JOIN projects p ON p.id = r.project_id JOIN permit_tasks t ON t.id = r.task_id
    WHERE r.expires_at IS NOT NULL AND NOT r.dismissed AND r.stage NOT IN (${sql.join([...CLOSED_STAGES])})
      AND (r.expires_at AT TIME ZONE 'UTC')::date BETWEEN ${from}::date AND ${to}::date
    ORDER BY r.expires_at, r.id`.execute(db);
  const { rows: inspectionRows } = await sql<{ id: number; permit_id: number; project_id: number; company_id: number | null; customer_name: string; task_name: string; inspection_name: string; scheduled_at: Date | string; scheduled_on: string }>`
    SELECT i.id, i.permit_id, r.project_id, p.company_id, r.customer_name, t.name AS task_name, i.inspection_name, i.scheduled_at,
           to_char(i.scheduled_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS scheduled_on
    FROM permit_inspections i JOIN permits r ON r.id = i.permit_id JOIN projects p ON p.id = r.project_id JOIN permit_tasks t ON t.id = r.task_id
    WHERE i.status = 'scheduled' AND i.scheduled_at IS NOT NULL AND NOT r.dismissed AND r.stage NOT IN (${sql.join([...CLOSED_STAGES])})
      AND (i.scheduled_at AT TIME ZONE 'UTC')::date BETWEEN ${today}::date AND ${to}::date
    ORDER BY i.scheduled_at, i.id`.execute(db);
  const sent = await sql<{ item_kind: string; item_id: number; step: number; expires_on: string }>`
    SELECT item_kind, item_id, step, to_char(expires_on, 'YYYY-MM-DD') AS expires_on FROM expiry_reminders WHERE expires_on >= ${from}::date`.execute(db);
  const done = new Set(sent.rows.map((row) => `${row.item_kind}:${row.item_id}:${row.step}:${row.expires_on}`));
  const vault: VaultDue[] = [];
  for (const row of vaultRows) {
    const companyId = Number(row.company_id);
    const pending = (day: string) => {
      const step = dueStep(row.expires_on, day, stepsOf(companyId));
      return step === null || done.has(`${row.kind}:${row.id}:${step}:${row.expires_on}`) ? null : step;
    };
    const step = pending(today);
    const weekSteps = [...new Set(weekDays.map(pending).filter((s): s is number => s !== null))];
    if (weekSteps.length === 0) continue;
    vault.push({ kind: row.kind, id: Number(row.id), companyId, companyName: row.company_name, name: row.name, expiresOn: row.expires_on, step, weekSteps });
  }
  /** The step due today for a dated item, unless it was already sent. */
  const unsentStep = (kind: string, id: unknown, on: string, companyId: number | null) => {
    const step = dueStep(on, today, stepsOf(companyId));
    return step === null || done.has(`${kind}:${id}:${step}:${on}`) ? null : step;
  };
  const permits: PermitDue[] = [];
  for (const row of permitRows) {
    const companyId = row.company_id === null ? null : Number(row.company_id);
    const step = unsentStep('permit', row.id, row.expires_on, companyId);
    if (step === null) continue;
    permits.push({
      id: Number(row.id), projectId: Number(row.project_id), companyId, customerName: row.customer_name, taskName: row.task_name,
      assignedTo: row.assigned_to, expiresOn: row.expires_on, step, noFinalInspection: !row.final_passed,
    });
  }
  const inspections: InspectionDue[] = [];
  for (const row of inspectionRows) {
    const companyId = row.company_id === null ? null : Number(row.company_id);
    const step = unsentStep('inspection', row.id, row.scheduled_on, companyId);
    if (step === null) continue;
    inspections.push({
      id: Number(row.id), permitId: Number(row.permit_id), projectId: Number(row.project_id), companyId, customerName: row.customer_name, taskName: row.task_name,
      inspectionName: row.inspection_name, scheduledAt: new Date(row.scheduled_at).toISOString(), scheduledOn: row.scheduled_on, step,
    });
  }
  return { vault, permits, inspections };
}

export function complianceLink(config: Pick<Config, 'PUBLIC_URL'>, companyId: number | null): string {
  return companyId === null ? `${config.PUBLIC_URL}/compliance-center` : `${config.PUBLIC_URL}/compliance-center?companyId=${companyId}`;
}

async function sendSingle(deps: WatchdogDeps, due: VaultDue & { step: number }, today: string, now: Date): Promise<number | null> {
  return inTransaction(deps.db, async (trx) => {
    const id = await claim(trx, due, 'single', now, null);
    if (id === null) return null;
    const recipients = await vaultItemRecipients(trx, due.companyId, due.kind);
    for (const r of recipients) {
      await deps.mail.send('expiry_reminder', r.email, {
        name: r.name, companyName: due.companyName, kindLabel: KIND_LABELS[due.kind], itemName: due.name, expiresOn: due.expiresOn,
        days: daysUntil(due.expiresOn, today)!, shared: r.shared, link: complianceLink(deps.config, r.shared ? r.companyId : due.companyId),
      }, { db: trx });
    }
    await countRecipients(trx, id, recipients.length);
    await emitExpiring(trx, due.companyId, { kind: due.kind, id: due.id, name: due.name, expiresOn: due.expiresOn, step: due.step, daysLeft: daysUntil(due.expiresOn, today)! }, now);
    return recipients.length;
  });
}

/** The company's digest, when this run is the week's first to claim it; null when another run holds it. */
async function sendDigest(deps: WatchdogDeps, items: VaultDue[], today: string, now: Date): Promise<{ claimed: VaultDue[]; mails: number } | null> {
  const companyId = items[0]!.companyId;
  const week = weekOf(today);
  return inTransaction(deps.db, async (trx) => {
    const digest = await sql<{ company_id: number }>`
      INSERT INTO expiry_digests (company_id, week_of, items, sent_at) VALUES (${companyId}, ${week}::date, 0, ${now})
      ON CONFLICT (company_id, week_of) DO NOTHING RETURNING company_id`.execute(trx);
    if (!digest.rows[0]) return null;
    // Each item's steps of the week are claimed now (those due later this week too): listed once.
    const claimed: VaultDue[] = [];
    for (const due of items) {
      let any = false;
      for (const step of due.weekSteps) if ((await claim(trx, { ...due, step }, 'digest', now, week)) !== null) any = true;
      if (any) claimed.push(due);
    }
    if (claimed.length <= DIGEST_THRESHOLD) {
      // Another run took some of them meanwhile: too few left for a digest. Give the week back and let
      // the caller send these one by one.
      throw new DigestTooSmall();
    }
    // Each recipient reads the items it may know of: a company holding a share sees only the kinds shared with it.
    const perRecipient = new Map<string, { r: Recipient; items: VaultDue[] }>();
    for (const kind of ['license', 'insurance', 'certificate'] as const) {
      const ofKind = claimed.filter((due) => due.kind === kind);
      if (ofKind.length === 0) continue;
      for (const r of await vaultItemRecipients(trx, companyId, kind)) {
        const entry = perRecipient.get(r.email) ?? { r, items: [] };
        entry.items.push(...ofKind);
        perRecipient.set(r.email, entry);
      }
    }
    for (const { r, items: its } of perRecipient.values()) {
      its.sort((a, b) => a.expiresOn.localeCompare(b.expiresOn) || a.kind.localeCompare(b.kind) || a.id - b.id);
      await deps.mail.send('expiry_digest', r.email, {
        name: r.name, companyName: claimed[0]!.companyName, shared: r.shared, link: complianceLink(deps.config, r.shared ? r.companyId : companyId),
        items: its.map((due) => ({ kindLabel: KIND_LABELS[due.kind], itemName: due.name, expiresOn: due.expiresOn, days: daysUntil(due.expiresOn, today)! })),
      }, { db: trx });
    }
    for (const due of claimed) {
      await emitExpiring(trx, companyId, { kind: due.kind, id: due.id, name: due.name, expiresOn: due.expiresOn, step: due.step ?? due.weekSteps[0]!, daysLeft: daysUntil(due.expiresOn, today)! }, now);
    }
    await sql`UPDATE expiry_digests SET items = ${claimed.length} WHERE company_id = ${companyId} AND week_of = ${week}::date`.execute(trx);
    await sql`UPDATE expiry_reminders SET recipients = ${perRecipient.size} WHERE delivery = 'digest' AND company_id = ${companyId} AND digest_week = ${week}::date AND sent_at = ${now}`.execute(trx);
    return { claimed, mails: perRecipient.size };
  }).catch((error: unknown) => {
    if (error instanceof DigestTooSmall) return null;
    throw error;
  });
}

class DigestTooSmall extends Error {}

/** Permits and inspections are sent in batches: one transaction claims a batch's reminders and queues its mails. */
export const WATCHDOG_BATCH = 500;

/** A batch's reminders, claimed at once; the keys (kind:id) this run owns. Rows go in the batch's order, which
 * is the same in every run (dueItems' ORDER BY): two runs meeting on a batch wait, they never deadlock. */
async function claimBatch(trx: Tx, dues: { kind: 'permit' | 'inspection'; id: number; companyId: number | null; step: number; expiresOn: string; recipients: number }[], now: Date): Promise<Set<string>> {
  if (dues.length === 0) return new Set();
  const rows = await trx
    .insertInto('expiry_reminders')
    .values(dues.map((due) => ({ company_id: due.companyId, item_kind: due.kind, item_id: due.id, step: due.step, expires_on: due.expiresOn, delivery: 'single', recipients: due.recipients, sent_at: now })))
    .onConflict((oc) => oc.columns(['item_kind', 'item_id', 'step', 'expires_on']).doNothing())
    .returning(['item_kind', 'item_id'])
    .execute();
  return new Set(rows.map((row) => `${row.item_kind}:${row.item_id}`));
}

/** A batch of permits lapsing: the customer's side, and the permit team when no final inspection passed. */
async function sendPermits(deps: WatchdogDeps, batch: PermitDue[], team: Awaited<ReturnType<typeof permitTeam>>, today: string, now: Date): Promise<{ reminders: number; mails: number }> {
  return inTransaction(deps.db, async (trx) => {
    const customersOf = await permitCustomerRecipients(trx, batch.map((due) => due.projectId));
    const planned = batch.map((due) => {
      const days = daysUntil(due.expiresOn, today)!;
      const base = { permitId: due.id, customerName: due.customerName, taskName: due.taskName, expiresOn: due.expiresOn, days, noFinalInspection: due.noFinalInspection };
      const customers = customersOf.get(due.projectId) ?? [];
      // The permit team is told when the permit lapses without its final inspection passed.
      const teamOf = due.noFinalInspection ? permitTeamOf(team, due.assignedTo).filter((r) => !customers.some((c) => c.email === r.email)) : [];
      const mails: QueuedMail[] = [
        ...customers.map((r) => ({ template: 'permit_expiring' as const, to: r.email, data: { ...base, name: r.name, forTeam: false, link: `${deps.config.PUBLIC_URL}/projects/${due.projectId}/${due.id}` } })),
        ...teamOf.map((r) => ({ template: 'permit_expiring' as const, to: r.email, data: { ...base, name: r.name, forTeam: true, link: `${deps.config.PUBLIC_URL}/ops/permits/${due.id}` } })),
      ];
      return { due, days, mails };
    });
    const ours = await claimBatch(trx, planned.map(({ due, mails }) => ({ ...due, kind: 'permit' as const, recipients: mails.length })), now);
    const claimed = planned.filter(({ due }) => ours.has(`permit:${due.id}`));
    const mails = await deps.mail.sendMany(claimed.flatMap((plan) => plan.mails), { db: trx });
    for (const { due, days } of claimed) {
      await emitExpiring(trx, due.companyId, { kind: 'permit', id: due.id, name: `${due.taskName}, ${due.customerName}`, expiresOn: due.expiresOn, step: due.step, daysLeft: days }, now);
    }
    return { reminders: claimed.length, mails };
  });
}

/** A batch of inspections due: the permit's customer side (its company's managers or owner, the project's PMs). */
async function sendInspections(deps: WatchdogDeps, batch: InspectionDue[], today: string, now: Date): Promise<{ reminders: number; mails: number }> {
  return inTransaction(deps.db, async (trx) => {
    const customersOf = await permitCustomerRecipients(trx, batch.map((due) => due.projectId));
    const planned = batch.map((due) => ({
      due,
      mails: (customersOf.get(due.projectId) ?? []).map((r): QueuedMail => ({
        template: 'inspection_due',
        to: r.email,
        data: {
          name: r.name, permitId: due.permitId, customerName: due.customerName, taskName: due.taskName, inspectionName: due.inspectionName,
          scheduledAt: due.scheduledAt, days: daysUntil(due.scheduledOn, today)!, link: `${deps.config.PUBLIC_URL}/projects/${due.projectId}/${due.permitId}`,
        },
      })),
    }));
    const ours = await claimBatch(trx, planned.map(({ due, mails }) => ({ kind: 'inspection' as const, id: due.id, companyId: due.companyId, step: due.step, expiresOn: due.scheduledOn, recipients: mails.length })), now);
    const claimed = planned.filter(({ due }) => ours.has(`inspection:${due.id}`));
    return { reminders: claimed.length, mails: await deps.mail.sendMany(claimed.flatMap((plan) => plan.mails), { db: trx }) };
  });
}

const chunks = <T>(items: T[], size: number): T[][] => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** A run cut short by shouldYield: what it sent is kept (claimed and committed), the next run sends the rest. */
function stopped(result: WatchdogResult): WatchdogResult {
  return { ...result, finished: false };
}

/** One run of the watchdog at `now` (the day is now's UTC date). */
export async function runExpiryWatchdog(deps: WatchdogDeps, now: Date): Promise<WatchdogResult> {
  const today = todayIso(now);
  const { vault, permits, inspections } = await dueItems(deps.db, today);
  const result: WatchdogResult = { reminders: 0, digests: 0, mails: 0, finished: true };
  const byCompany = new Map<number, VaultDue[]>();
  for (const due of vault) byCompany.set(due.companyId, [...(byCompany.get(due.companyId) ?? []), due]);
  for (const items of byCompany.values()) {
    if (deps.shouldYield?.()) return stopped(result);
    let singles = items;
    if (items.length > DIGEST_THRESHOLD) {
      const digest = await sendDigest(deps, items, today, now);
      if (digest) {
        result.digests += 1;
        result.reminders += digest.claimed.length;
        result.mails += digest.mails;
        singles = [];
      }
    }
    for (const due of singles) {
      // Only today's steps go out one by one; a step due later this week waits for its day.
      if (due.step === null) continue;
      const mails = await sendSingle(deps, { ...due, step: due.step }, today, now);
      if (mails === null) continue;
      result.reminders += 1;
      result.mails += mails;
    }
  }
  const team = permits.length > 0 ? await permitTeam(deps.db) : [];
  const batches = [
    ...chunks(permits, deps.batchSize ?? WATCHDOG_BATCH).map((batch) => () => sendPermits(deps, batch, team, today, now)),
    ...chunks(inspections, deps.batchSize ?? WATCHDOG_BATCH).map((batch) => () => sendInspections(deps, batch, today, now)),
  ];
  for (const send of batches) {
    if (deps.shouldYield?.()) return stopped(result);
    const sent = await send();
    result.reminders += sent.reminders;
    result.mails += sent.mails;
  }
  if (result.reminders > 0) deps.log?.info('expiry watchdog', { day: today, ...result });
  return result;
}
