// What the pre-filing gate reads (issue 16): the requirements table, the company's vault (active licenses,
// insurances and certificates) and whether it has employees; and the permit team's edits of the table.
import type { GateCredential, GateRequirement, GateRequirementInput } from '@permitdesk/core';
import { sql, type Selectable } from 'kysely';
import { recordAudit, type AuditActor } from '../audit/audit.js';
import type { Db, Tx } from '../db/schema.js';
import type { GateRequirementsTable } from '../db/tables/gate.js';
import { notFound } from '../http/errors.js';

export const GATE_REQUIREMENT_NOT_FOUND = 'Requirement not found.';

const isoDate = (value: Date | string | null): string | null =>
  value === null ? null : typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);

type Row = Selectable<GateRequirementsTable> & { task_name?: string | null; municipality_name?: string | null };

export const toRequirement = (row: Row): GateRequirement => ({
  id: Number(row.id),
  trade: row.trade,
  taskId: row.task_id === null ? null : Number(row.task_id),
  stateCode: row.state_code,
  municipalityId: row.municipality_id === null ? null : Number(row.municipality_id),
  kind: row.kind,
  credential: row.credential,
  scope: row.scope,
  whenEmployees: row.when_employees,
  diy: row.diy,
  required: row.required,
  source: row.source,
  ...(row.task_name !== undefined ? { taskName: row.task_name } : {}),
  ...(row.municipality_name !== undefined ? { municipalityName: row.municipality_name } : {}),
  updatedAt: new Date(row.updated_at).toISOString(),
});

/**
 * The municipality's state, the task's trade and the requirement rows that may apply there (the rule picks
 * among them), in one statement: a permit request's gate reads these on every submit.
 */
export async function placeRequirements(
  db: Db,
  municipalityId: number,
  taskId: number,
): Promise<{ stateCode: string; trade: string | null; requirements: GateRequirement[] }> {
  const rows = await db
    .selectFrom('municipalities as m')
    .leftJoin('gate_requirements as g', (join) =>
      join
        .on((eb) => eb.or([eb('g.state_code', 'is', null), eb('g.state_code', '=', eb.ref('m.state_code'))]))
        .on((eb) => eb.or([eb('g.municipality_id', 'is', null), eb('g.municipality_id', '=', eb.ref('m.id'))])),
    )
    .selectAll('g')
    .select((eb) => ['m.state_code as place_state', eb.selectFrom('permit_tasks as t').select('t.category').where('t.id', '=', taskId).as('place_trade')])
    .where('m.id', '=', municipalityId)
    .orderBy('g.id')
    .execute();
  const place = rows[0];
  if (!place) throw new Error(`No municipality ${municipalityId}`);
  return {
    stateCode: place.place_state,
    trade: place.place_trade ?? null,
    requirements: rows.filter((row) => row.id !== null).map((row) => toRequirement(row as Row)),
  };
}

export async function listRequirements(db: Db): Promise<GateRequirement[]> {
  const rows = await db
    .selectFrom('gate_requirements as g')
    .leftJoin('permit_tasks as t', 't.id', 'g.task_id')
    .leftJoin('municipalities as m', 'm.id', 'g.municipality_id')
    .selectAll('g')
    .select(['t.name as task_name', 'm.name as municipality_name'])
    .orderBy('g.state_code', (ob) => ob.nullsFirst())
    .orderBy('g.trade', (ob) => ob.nullsFirst())
    .orderBy('g.kind')
    .orderBy('g.credential')
    .orderBy('g.id')
    .execute();
  return rows.map(toRequirement);
}

interface VaultRow {
  kind: 'license' | 'insurance' | 'certificate' | 'employees';
  name: string | null;
  license_type: 'state' | 'local' | null;
  state_code: string | null;
  municipality_id: number | null;
  issued_on: Date | string | null;
  expires_on: Date | string | null;
}

/**
 * The company's active vault items as the gate reads them, and whether it has employees (for workers'
 * compensation: an active member besides its owners, i.e. administrators, project managers, users; guests
 * are other companies' people, not employees). One statement (issue 17: a form-52 request ran four).
 */
export async function companyGateFacts(db: Db, companyId: number): Promise<{ credentials: GateCredential[]; hasEmployees: boolean }> {
  const { rows } = await sql<VaultRow>`
    SELECT kind, name, license_type, state_code, municipality_id, issued_on, expires_on FROM (
      SELECT 1 AS k, 'license' AS kind, name, license_type, state_code, municipality_id, issued_on, expires_on
        FROM company_licenses WHERE company_id = ${companyId} AND status = 'active'
      UNION ALL
      SELECT 2, 'insurance', name, NULL, state_code, NULL, issued_on, expires_on
        FROM company_insurances WHERE company_id = ${companyId} AND status = 'active'
      UNION ALL
      SELECT 3, 'certificate', name, NULL, state_code, NULL, issued_on, expires_on
        FROM company_certificates WHERE company_id = ${companyId} AND status = 'active'
      UNION ALL
      SELECT 4, 'employees', NULL, NULL, NULL, NULL, NULL, NULL
        WHERE EXISTS (SELECT 1 FROM company_users WHERE company_id = ${companyId} AND active = true AND role IN ('administrator', 'pm', 'user'))
    ) vault ORDER BY k`.execute(db);
  const credentials: GateCredential[] = [];
  let employees = false;
  for (const row of rows) {
    if (row.kind === 'employees') employees = true;
    else if (row.kind === 'license') {
      credentials.push({
        kind: 'license', name: row.name!, licenseType: row.license_type!, stateCode: row.state_code, municipalityId: row.municipality_id === null ? null : Number(row.municipality_id), issuedOn: isoDate(row.issued_on), expiresOn: isoDate(row.expires_on),
      });
    } else credentials.push({ kind: row.kind, name: row.name!, stateCode: row.state_code, issuedOn: isoDate(row.issued_on), expiresOn: isoDate(row.expires_on) });
  }
  return { credentials, hasEmployees: employees };
}

const columns = (input: ReturnType<typeof normalized>) => ({
  trade: input.trade,
  task_id: input.taskId,
  state_code: input.stateCode,
  municipality_id: input.municipalityId,
  kind: input.kind,
  credential: input.credential,
  scope: input.scope,
  when_employees: input.whenEmployees,
  diy: input.diy,
  required: input.required,
  source: input.source || null,
});
const normalized = (input: GateRequirementInput) => ({
  trade: input.trade ?? null,
  taskId: input.taskId ?? null,
  stateCode: input.stateCode ?? null,
  municipalityId: input.municipalityId ?? null,
  kind: input.kind,
  credential: input.credential,
  scope: input.scope ?? 'any',
  whenEmployees: input.whenEmployees ?? false,
  diy: input.diy ?? false,
  required: input.required ?? true,
  source: input.source ?? null,
});

const audit = (trx: Tx, actor: AuditActor, id: number, action: string, before: unknown, after: unknown, now: Date) =>
  recordAudit(trx, actor, { entity: 'setting', entityId: `gate_requirement:${id}`, action, before: before as Record<string, unknown> | null, after: after as Record<string, unknown> | null }, now);

export async function createRequirement(trx: Tx, actor: AuditActor, input: GateRequirementInput, now: Date): Promise<GateRequirement> {
  const row = await trx
    .insertInto('gate_requirements')
    .values({ ...columns(normalized(input)), updated_by: actor.userId, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  const created = toRequirement(row);
  await audit(trx, actor, created.id, 'created', null, normalized(input), now);
  return created;
}

export async function updateRequirement(trx: Tx, actor: AuditActor, id: number, input: GateRequirementInput, now: Date): Promise<GateRequirement> {
  const before = await trx.selectFrom('gate_requirements').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!before) throw notFound(GATE_REQUIREMENT_NOT_FOUND, 'GATE_REQUIREMENT_NOT_FOUND');
  const row = await trx
    .updateTable('gate_requirements')
    .set({ ...columns(normalized(input)), updated_by: actor.userId, updated_at: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  const { updatedAt: _b, ...was } = toRequirement(before);
  await audit(trx, actor, id, 'updated', was, normalized(input), now);
  return toRequirement(row);
}

export async function deleteRequirement(trx: Tx, actor: AuditActor, id: number, now: Date): Promise<void> {
  const before = await trx.deleteFrom('gate_requirements').where('id', '=', id).returningAll().executeTakeFirst();
  if (!before) throw notFound(GATE_REQUIREMENT_NOT_FOUND, 'GATE_REQUIREMENT_NOT_FOUND');
  const { updatedAt: _u, ...was } = toRequirement(before);
  await audit(trx, actor, id, 'deleted', was, null, now);
}
