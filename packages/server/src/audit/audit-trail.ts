// Reading the audit trail: a permit's, a company's or any entity's entries as core's AuditEntry, the
// customer's view of them (customer-safe entries only, the team's people shown as the permit team, no
// request ids), and the CSV export streamed in batches.
import { AUDIT_CSV_COLUMNS, PERMIT_TEAM_ACTOR_NAME, type AuditEntityName, type AuditEntry } from '@permitdesk/core';
import { csvStream } from '../rows/csv.js';
import { iso } from '../rows/values.js';
import type { Db } from '../db/schema.js';
import type { AuditActorRole, AuditEntity } from './audit.js';

export interface AuditFilter {
  entity?: AuditEntity | AuditEntityName | undefined;
  entityId?: string | undefined;
  companyId?: number | undefined;
  permitId?: number | undefined;
  /** Only the entries a permit's customer may read. */
  customerVisibleOnly?: boolean;
}

/** The system's changes (seeds, the CLI without a user) are signed as PermitDesk. */
export const SYSTEM_ACTOR_NAME = 'PermitDesk';

function filtered(db: Db, filter: AuditFilter) {
  let query = db.selectFrom('audit_events as a').leftJoin('users as u', 'u.id', 'a.actor_user_id');
  if (filter.entity !== undefined) query = query.where('a.entity', '=', filter.entity);
  if (filter.entityId !== undefined) query = query.where('a.entity_id', '=', filter.entityId);
  if (filter.companyId !== undefined) query = query.where('a.company_id', '=', filter.companyId);
  if (filter.permitId !== undefined) query = query.where('a.permit_id', '=', filter.permitId);
  if (filter.customerVisibleOnly) query = query.where('a.customer_visible', '=', true);
  return query;
}

const COLUMNS = [
  'a.id',
  'a.occurred_at',
  'a.actor_role',
  'a.entity',
  'a.entity_id',
  'a.action',
  'a.company_id',
  'a.permit_id',
  'a.customer_visible',
  'a.before',
  'a.after',
  'a.request_id',
  'u.email as actor_email',
  'u.name as actor_name',
] as const;

type Row = {
  id: number | string | bigint;
  occurred_at: Date | string;
  actor_role: string;
  entity: string;
  entity_id: string;
  action: string;
  company_id: number | null;
  permit_id: number | null;
  customer_visible: boolean;
  before: unknown;
  after: unknown;
  request_id: string | null;
  actor_email: string | null;
  actor_name: string | null;
};

const fieldsOf = (value: unknown): Record<string, unknown> | null => {
  if (value === null || value === undefined) return null;
  const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null;
};

function toEntry(row: Row): AuditEntry {
  const role = row.actor_role as AuditActorRole;
  const name = row.actor_name?.trim() || row.actor_email || SYSTEM_ACTOR_NAME;
  return {
    id: Number(row.id),
    occurredAt: iso(row.occurred_at),
    actor: { name, email: row.actor_email, role },
    entity: row.entity as AuditEntityName,
    entityId: row.entity_id,
    action: row.action,
    companyId: row.company_id === null ? null : Number(row.company_id),
    permitId: row.permit_id === null ? null : Number(row.permit_id),
    customerVisible: Boolean(row.customer_visible),
    before: fieldsOf(row.before),
    after: fieldsOf(row.after),
    requestId: row.request_id,
  };
}

/** What a customer reads of an entry: the team's people are 'PermitDesk permit team', without e-mail or request id. */
export function customerView(entry: AuditEntry): AuditEntry {
  const team = entry.actor.role === 'permit_team' || entry.actor.role === 'service_admin';
  const system = entry.actor.role === 'system';
  return {
    ...entry,
    actor: team ? { name: PERMIT_TEAM_ACTOR_NAME, email: null, role: 'permit_team' } : system ? { name: SYSTEM_ACTOR_NAME, email: null, role: 'system' } : entry.actor,
    requestId: null,
  };
}

export interface AuditPage {
  order: 'asc' | 'desc';
  limit?: number;
  offset?: number;
}

export async function listAuditEntries(db: Db, filter: AuditFilter, page: AuditPage): Promise<AuditEntry[]> {
  let query = filtered(db, filter).select(COLUMNS).orderBy('a.id', page.order);
  if (page.limit !== undefined) query = query.limit(page.limit);
  if (page.offset) query = query.offset(page.offset);
  const rows = (await query.execute()) as Row[];
  return rows.map(toEntry);
}

export async function countAuditEntries(db: Db, filter: AuditFilter): Promise<number> {
  const row = await filtered(db, filter).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

const CSV_BATCH = 500;

/** Every entry of the filter, oldest first, read in batches by id (the export never holds the whole trail). */
async function* csvRecords(db: Db, filter: AuditFilter): AsyncGenerator<string[]> {
  let after = 0;
  for (;;) {
    const rows = (await filtered(db, filter).select(COLUMNS).where('a.id', '>', after).orderBy('a.id').limit(CSV_BATCH).execute()) as Row[];
    for (const row of rows) {
      const entry = toEntry(row);
      yield [
        entry.occurredAt,
        entry.actor.email ?? '',
        entry.actor.role,
        entry.entity,
        entry.entityId,
        entry.action,
        entry.before ? JSON.stringify(entry.before) : '',
        entry.after ? JSON.stringify(entry.after) : '',
        entry.requestId ?? '',
      ];
    }
    if (rows.length < CSV_BATCH) return;
    after = Number(rows.at(-1)!.id);
  }
}

/** The trail as CSV (a header row of AUDIT_CSV_COLUMNS), streamed with csv-stringify. */
export function auditCsvStream(db: Db, filter: AuditFilter): ReadableStream<Uint8Array> {
  return csvStream(AUDIT_CSV_COLUMNS, csvRecords(db, filter));
}
