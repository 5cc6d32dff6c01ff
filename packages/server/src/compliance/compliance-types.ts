// Kinds of license, insurance and certificate (GET/POST /v4/compliance-types?type=): the common kinds,
// plus a company's own (companyId given) or the caller's own (personal account). Adding a name that is
// already there, ignoring case, answers the existing kind.
import { sql } from 'kysely';
import type { Db } from '../db/schema.js';

export type ComplianceKind = 'license' | 'insurance' | 'certificate';
export interface ComplianceType {
  id: number;
  type: ComplianceKind;
  name: string;
}
export interface TypeOwner {
  companyId: number | null;
  userId: string;
}

const visible = (owner: TypeOwner) =>
  owner.companyId !== null
    ? sql`((company_id IS NULL AND created_by IS NULL) OR company_id = ${owner.companyId} OR (company_id IS NULL AND created_by = ${owner.userId}::uuid))`
    : sql`(company_id IS NULL AND (created_by IS NULL OR created_by = ${owner.userId}::uuid))`;

export async function listComplianceTypes(db: Db, type: ComplianceKind, owner: TypeOwner): Promise<ComplianceType[]> {
  const { rows } = await sql<ComplianceType>`
    SELECT id, type, name FROM compliance_types WHERE type = ${type} AND ${visible(owner)} ORDER BY lower(name), id`.execute(db);
  return rows.map((row) => ({ id: Number(row.id), type: row.type, name: row.name }));
}

export async function addComplianceType(db: Db, type: ComplianceKind, name: string, owner: TypeOwner, now: Date): Promise<ComplianceType> {
  const { rows } = await sql<ComplianceType>`
    SELECT id, type, name FROM compliance_types WHERE type = ${type} AND lower(name) = ${name.toLowerCase()} AND ${visible(owner)}
    ORDER BY company_id NULLS FIRST, id LIMIT 1`.execute(db);
  const existing = rows[0];
  if (existing) return { id: Number(existing.id), type: existing.type, name: existing.name };
  const row = await db
    .insertInto('compliance_types')
    .values({ type, name, company_id: owner.companyId, created_by: owner.companyId === null ? owner.userId : null, created_at: now })
    .returning(['id', 'type', 'name'])
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), type: row.type, name: row.name };
}
