// The permit desk's data (GET /v4/operator/permits/{id}/desk): the permit as its page has it, plus what
// only the team sees — the customer's form 52 answers in the form's words, who asked, the company with
// its owner and its compliance (licenses and insurances from the vault, read only), documents, fees,
// quotes, the open cancellation request and the stage timeline with who moved it.
import {
  FORM_DEFINITIONS,
  FORM_IDS,
  stageName,
  type DeskVaultItem,
  type FormAnswerRow,
  type FormId,
  type PermitDesk,
} from '@permitdesk/core';
import { sql } from 'kysely';
import { listDocuments } from '../../permits/documents.js';
import { permitDetail } from '../../permits/permit-details.js';
import { iso } from '../../rows/values.js';
import type { Db } from '../../db/schema.js';

const parsed = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);
const dateText = (value: Date | string | null): string | null =>
  value === null ? null : value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);

/** An answer as the desk shows it: text, a formatted address, Yes/No; null when left blank. */
function answerText(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'object') {
    const address = value as Record<string, unknown>;
    const parts = [address.Line1, address.Line2, address.City, [address.State, address.PostalCode].filter(Boolean).join(' ')].filter((p) => typeof p === 'string' && p !== '');
    return parts.length ? parts.join(', ') : JSON.stringify(value);
  }
  return String(value);
}

/** The stored answers labelled by the form's definition, in its order; answers it does not name come last. */
export function labelledAnswers(formId: FormId, answers: Record<string, unknown>, entry: Record<string, unknown> = {}): FormAnswerRow[] {
  const fields = FORM_DEFINITIONS[formId]?.fields ?? [];
  const known = new Set(fields.map((field) => field.name));
  const rows = fields
    .filter((field) => field.type !== 'hidden')
    .map((field) => ({ name: field.name, label: field.label, value: answerText(answers[field.name] ?? entry[field.name]) }));
  const extra = Object.keys(answers)
    .filter((name) => !known.has(name))
    .map((name) => ({ name, label: name, value: answerText(answers[name]) }));
  return [...rows, ...extra];
}

async function loadRequest(db: Db, permitId: number): Promise<PermitDesk['request']> {
  const row = await db
    .selectFrom('form_entries')
    .select(['form_id', 'entry', 'answers', 'created_at'])
    .where('permit_id', '=', permitId)
    .where('form_id', 'in', [FORM_IDS.serviceRequestPermit, FORM_IDS.project])
    .orderBy('created_at')
    .orderBy('id')
    .executeTakeFirst();
  if (!row) return null;
  const formId = row.form_id as FormId;
  const answers = (parsed(row.answers) ?? {}) as Record<string, unknown>;
  const entry = (parsed(row.entry) ?? {}) as Record<string, unknown>;
  return { formId, title: FORM_DEFINITIONS[formId].title, submittedAt: iso(row.created_at), answers: labelledAnswers(formId, answers, entry) };
}

interface VaultRow {
  id: number;
  name: string;
  number: string | null;
  issuer: string | null;
  state_code: string | null;
  expires_on: Date | string | null;
  status: 'active' | 'archived';
}
const toVaultItem = (row: VaultRow): DeskVaultItem => ({
  id: Number(row.id),
  name: row.name,
  number: row.number,
  issuer: row.issuer,
  stateCode: row.state_code,
  expiresOn: dateText(row.expires_on),
  status: row.status,
});

async function loadCompliance(db: Db, companyId: number | null): Promise<PermitDesk['compliance']> {
  if (companyId === null) return { licenses: [], insurances: [] };
  const columns = ['id', 'name', 'number', 'issuer', 'state_code', 'expires_on', 'status'] as const;
  const [licenses, insurances] = await Promise.all([
    db.selectFrom('company_licenses').select(columns).where('company_id', '=', companyId).orderBy('status').orderBy('expires_on').orderBy('id').execute(),
    db.selectFrom('company_insurances').select(columns).where('company_id', '=', companyId).orderBy('status').orderBy('expires_on').orderBy('id').execute(),
  ]);
  return { licenses: licenses.map(toVaultItem), insurances: insurances.map(toVaultItem) };
}

interface PermitExtraRow {
  version: number;
  stage_entered_at: Date | string;
  assignee_id: string | null;
  assignee_name: string | null;
  assignee_email: string | null;
  requester_name: string | null;
  requester_email: string | null;
  company_id: number | null;
  company_name: string | null;
  owner_name: string | null;
  owner_email: string | null;
  gate_result: unknown;
}

export async function loadDesk(db: Db, permitId: number): Promise<PermitDesk> {
  const permit = await permitDetail(db, permitId); // 404 for an unknown permit
  const { rows } = await sql<PermitExtraRow>`
    SELECT r.version, r.stage_entered_at, r.gate_result,
      a.id::text AS assignee_id, a.name AS assignee_name, a.email AS assignee_email,
      q.name AS requester_name, q.email AS requester_email,
      c.id AS company_id, c.name AS company_name,
      (SELECT u.name FROM company_users cu JOIN users u ON u.id = cu.user_id WHERE cu.company_id = c.id AND cu.role = 'owner' AND cu.active ORDER BY cu.id LIMIT 1) AS owner_name,
      (SELECT u.email FROM company_users cu JOIN users u ON u.id = cu.user_id WHERE cu.company_id = c.id AND cu.role = 'owner' AND cu.active ORDER BY cu.id LIMIT 1) AS owner_email
    FROM permits r JOIN projects p ON p.id = r.project_id
    LEFT JOIN users a ON a.id = r.assigned_to
    LEFT JOIN users q ON q.id = COALESCE(r.created_by, p.created_by, p.owner_user_id)
    LEFT JOIN companies c ON c.id = p.company_id
    WHERE r.id = ${permitId}`.execute(db);
  const extra = rows[0]!;
  const [request, compliance, documents, fees, quotes, cancellation, history] = await Promise.all([
    loadRequest(db, permitId),
    loadCompliance(db, extra.company_id === null ? null : Number(extra.company_id)),
    listDocuments(db, { permitId }),
    db.selectFrom('permit_fees').select(['id', 'label', 'amount']).where('permit_id', '=', permitId).orderBy('position').orderBy('id').execute(),
    db.selectFrom('permit_quotes').select(['quote_id', 'total', 'status', 'expiry_date', 'created_at']).where('permit_id', '=', permitId).orderBy('created_at', 'desc').execute(),
    db.selectFrom('cancellation_requests').select(['created_at', 'reason', 'previous_stage']).where('permit_id', '=', permitId).where('resolved_at', 'is', null).orderBy('created_at', 'desc').executeTakeFirst(),
    sql<{ id: number; name: string | null; email: string | null }>`
      SELECT h.id, u.name, u.email FROM permit_stage_history h LEFT JOIN users u ON u.id = h.changed_by WHERE h.permit_id = ${permitId}`.execute(db),
  ]);
  const names = new Map(history.rows.map((row) => [Number(row.id), row.name || row.email || null]));
  const person = (name: string | null, email: string | null) => (email === null ? null : { name: name || email, email });
  return {
    permit,
    version: Number(extra.version),
    stageEnteredAt: iso(extra.stage_entered_at),
    assignee: extra.assignee_id === null ? null : { id: extra.assignee_id, name: extra.assignee_name || extra.assignee_email || '', email: extra.assignee_email ?? '' },
    requester: person(extra.requester_name, extra.requester_email),
    request,
    company: extra.company_id === null ? null : { id: Number(extra.company_id), name: extra.company_name ?? '', owner: person(extra.owner_name, extra.owner_email) },
    compliance,
    gate: (typeof extra.gate_result === 'string' ? JSON.parse(extra.gate_result) : extra.gate_result) as PermitDesk['gate'],
    documents,
    fees: fees.map((fee) => ({ id: Number(fee.id), label: fee.label, amount: Number(fee.amount) })),
    quotes: quotes.map((q) => ({ quoteId: q.quote_id, total: Number(q.total), status: q.status, expiryDate: dateText(q.expiry_date), createdAt: iso(q.created_at) })),
    cancellation: cancellation ? { requestedAt: iso(cancellation.created_at), reason: cancellation.reason, previousStage: cancellation.previous_stage } : null,
    stageHistory: (permit.stageHistory ?? []).map((entry) => ({ ...entry, changedByName: names.get(entry.id) ?? null, name: entry.name || stageName(entry.stage) })),
  };
}
