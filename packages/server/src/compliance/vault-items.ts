// Licenses, insurances and certificates of a company (SPEC §3, §4.4): list filtered by status and
// keyword, one, create, update, archive (DELETE) and restore. The three kinds share their columns; a
// kind adds its own (a license's type and municipality, an insurance's coverage). Each item shows its
// attached file (company_documents) by name and storage key.
import type { Certificate, Insurance, License } from '@permitdesk/core';
import { sql, type RawBuilder } from 'kysely';
import { badRequest, notFound } from '../http/errors.js';
import { iso } from '../rows/values.js';
import type { Db } from '../db/schema.js';

export const VAULT_KINDS = {
  license: { table: 'company_licenses', documentableType: 'License', notFound: 'License not found.', code: 'LICENSE_NOT_FOUND' },
  insurance: { table: 'company_insurances', documentableType: 'Insurance', notFound: 'Insurance not found.', code: 'INSURANCE_NOT_FOUND' },
  certificate: { table: 'company_certificates', documentableType: 'Certificate', notFound: 'Certificate not found.', code: 'CERTIFICATE_NOT_FOUND' },
} as const;
export type VaultKind = keyof typeof VAULT_KINDS;

interface ItemOf {
  license: License;
  insurance: Insurance;
  certificate: Certificate;
}
export type VaultItem<K extends VaultKind> = ItemOf[K];

/** What create and update accept: core's input schemas' output, every field but name optional. */
export interface VaultInput {
  name?: string;
  number?: string | null;
  issuer?: string | null;
  stateCode?: string | null;
  issuedOn?: string | null;
  expiresOn?: string | null;
  documentId?: number | null;
  licenseType?: 'state' | 'local';
  municipalityId?: number | null;
  coverageAmount?: number | null;
}

export interface ListFilter {
  status?: 'active' | 'archived' | undefined;
  keyword?: string | undefined;
  /** Documentations only: one category (the CSV export of a filtered table). */
  category?: 'Sorted' | 'Unneeded' | 'Unsorted' | undefined;
  /** A keyset page (the CSV export): the items after this one in the list's order (lower(name), id). */
  after?: { name: string; id: number } | undefined;
  limit?: number | undefined;
}

/** The keyset page of a list filter on alias `t`, in the lists' order (lower(name), id). */
export function pageOf(filter: ListFilter, alias: 't' | 'd'): { where: RawBuilder<unknown>; limit: RawBuilder<unknown> } {
  const name = sql.raw(`lower(${alias}.name)`);
  const id = sql.raw(`${alias}.id`);
  return {
    where: filter.after ? sql`(${name}, ${id}) > (lower(${filter.after.name}), ${filter.after.id})` : sql`true`,
    limit: filter.limit === undefined ? sql`` : sql`LIMIT ${filter.limit}`,
  };
}

/** A vault item's row as the lists read it. */
export interface ItemRow {
  id: number;
  company_id: number;
  name: string;
  number: string | null;
  issuer: string | null;
  state_code: string | null;
  issued_on: string | null;
  expires_on: string | null;
  status: 'active' | 'archived';
  document_id: number | null;
  created_at: Date | string;
  file_name: string | null;
  file_key: string | null;
  license_type?: 'state' | 'local';
  municipality_id?: number | null;
  coverage_amount?: number | string | null;
}

/** Input field → column, for the columns every kind has, then each kind's own. */
const COMMON_COLUMNS = { name: 'name', number: 'number', issuer: 'issuer', stateCode: 'state_code', issuedOn: 'issued_on', expiresOn: 'expires_on', documentId: 'document_id' } as const;
const KIND_COLUMNS: Record<VaultKind, Record<string, string>> = {
  license: { licenseType: 'license_type', municipalityId: 'municipality_id' },
  insurance: { coverageAmount: 'coverage_amount' },
  certificate: {},
};
const KIND_SELECT: Record<VaultKind, RawBuilder<unknown>> = {
  license: sql`, t.license_type, t.municipality_id`,
  insurance: sql`, t.coverage_amount::float8 AS coverage_amount`,
  certificate: sql``,
};

/** A LIKE pattern matching the keyword anywhere, its wildcards taken literally. */
export const containsPattern = (keyword: string): string => `%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function toItem<K extends VaultKind>(kind: K, row: ItemRow): VaultItem<K> {
  const base = {
    companyId: Number(row.company_id),
    name: row.name,
    number: row.number,
    issuer: row.issuer,
    stateCode: row.state_code,
    issuedOn: row.issued_on,
    expiresOn: row.expires_on,
    status: row.status,
    documentId: row.document_id === null ? null : Number(row.document_id),
    createdAt: iso(row.created_at),
    fileName: row.file_name,
    file: row.file_key,
  };
  const id = Number(row.id);
  if (kind === 'license') {
    return { licenseId: id, licenseType: row.license_type ?? 'state', municipalityId: row.municipality_id == null ? null : Number(row.municipality_id), ...base } as VaultItem<K>;
  }
  if (kind === 'insurance') {
    return { insuranceId: id, coverageAmount: row.coverage_amount == null ? null : Number(row.coverage_amount), ...base } as VaultItem<K>;
  }
  return { certificateId: id, ...base } as VaultItem<K>;
}

function selectItems(kind: VaultKind, where: RawBuilder<unknown>) {
  const table = sql.table(VAULT_KINDS[kind].table);
  return sql<ItemRow>`
    SELECT t.id, t.company_id, t.name, t.number, t.issuer, t.state_code,
           to_char(t.issued_on, 'YYYY-MM-DD') AS issued_on, to_char(t.expires_on, 'YYYY-MM-DD') AS expires_on,
           t.status, t.document_id, t.created_at, d.file_name, CASE WHEN d.file_name IS NULL THEN NULL ELSE d.storage_key END AS file_key
           ${KIND_SELECT[kind]}
    FROM ${table} t LEFT JOIN company_documents d ON d.id = t.document_id
    WHERE ${where}`;
}

export async function listItems<K extends VaultKind>(db: Db, kind: K, companyId: number, filter: ListFilter = {}): Promise<VaultItem<K>[]> {
  const conditions: RawBuilder<unknown>[] = [sql`t.company_id = ${companyId}`];
  if (filter.status) conditions.push(sql`t.status = ${filter.status}`);
  const keyword = filter.keyword?.trim();
  if (keyword) {
    const like = containsPattern(keyword);
    conditions.push(sql`(lower(t.name) LIKE ${like} OR lower(COALESCE(t.number, '')) LIKE ${like} OR lower(COALESCE(t.issuer, '')) LIKE ${like})`);
  }
  const page = pageOf(filter, 't');
  conditions.push(page.where);
  const { rows } = await sql<ItemRow>`${selectItems(kind, sql.join(conditions, sql` AND `))} ORDER BY lower(t.name), t.id ${page.limit}`.execute(db);
  return rows.map((row) => toItem(kind, row));
}

/** One item of the company; 404 when the company has no such item (another company's included). */
export async function getItem<K extends VaultKind>(db: Db, kind: K, companyId: number, itemId: number): Promise<VaultItem<K>> {
  const { rows } = await selectItems(kind, sql`t.company_id = ${companyId} AND t.id = ${itemId}`).execute(db);
  const row = rows[0];
  if (!row) throw notFound(VAULT_KINDS[kind].notFound, VAULT_KINDS[kind].code);
  return toItem(kind, row);
}

/** The company of an item, or null when there is none. */
export async function companyOfItem(db: Db, kind: VaultKind, itemId: number): Promise<number | null> {
  const { rows } = await sql<{ company_id: number }>`SELECT company_id FROM ${sql.table(VAULT_KINDS[kind].table)} WHERE id = ${itemId}`.execute(db);
  return rows[0] ? Number(rows[0].company_id) : null;
}

/** A file given as documentId must be one of the company's own. */
async function checkDocument(db: Db, companyId: number, documentId: number | null | undefined): Promise<void> {
  if (documentId == null) return;
  const found = await db.selectFrom('company_documents').select('id').where('id', '=', documentId).where('company_id', '=', companyId).executeTakeFirst();
  if (!found) throw badRequest('The attached file does not belong to this company.', 'DOCUMENT_NOT_IN_COMPANY', { documentId: 'The attached file does not belong to this company.' });
}

/** The columns an input sets: fields left out are kept (update) or take their default (create). */
function columnsOf(kind: VaultKind, input: VaultInput): [string, unknown][] {
  const mapping: Record<string, string> = { ...COMMON_COLUMNS, ...KIND_COLUMNS[kind] };
  return Object.entries(input)
    .filter(([field, value]) => field in mapping && value !== undefined)
    .map(([field, value]) => [mapping[field]!, value]);
}

export async function createItem<K extends VaultKind>(db: Db, kind: K, companyId: number, input: VaultInput, now: Date): Promise<VaultItem<K>> {
  await checkDocument(db, companyId, input.documentId);
  const columns: [string, unknown][] = [['company_id', companyId], ...columnsOf(kind, input), ['created_at', now], ['updated_at', now]];
  const { rows } = await sql<{ id: number }>`
    INSERT INTO ${sql.table(VAULT_KINDS[kind].table)} (${sql.join(columns.map(([column]) => sql.ref(column)))})
    VALUES (${sql.join(columns.map(([, value]) => sql`${value}`))}) RETURNING id`.execute(db);
  return getItem(db, kind, companyId, Number(rows[0]!.id));
}

export async function updateItem<K extends VaultKind>(db: Db, kind: K, companyId: number, itemId: number, input: VaultInput, now: Date): Promise<VaultItem<K>> {
  await checkDocument(db, companyId, input.documentId);
  const columns: [string, unknown][] = [...columnsOf(kind, input), ['updated_at', now]];
  const { rows } = await sql<{ id: number }>`
    UPDATE ${sql.table(VAULT_KINDS[kind].table)} SET ${sql.join(columns.map(([column, value]) => sql`${sql.ref(column)} = ${value}`))}
    WHERE id = ${itemId} AND company_id = ${companyId} RETURNING id`.execute(db);
  if (!rows[0]) throw notFound(VAULT_KINDS[kind].notFound, VAULT_KINDS[kind].code);
  return getItem(db, kind, companyId, itemId);
}

/** Archive (DELETE) and restore: active → archived → active (SPEC §4.4). */
export async function setItemStatus<K extends VaultKind>(db: Db, kind: K, companyId: number, itemId: number, status: 'active' | 'archived', now: Date): Promise<VaultItem<K>> {
  const { rows } = await sql<{ id: number }>`
    UPDATE ${sql.table(VAULT_KINDS[kind].table)} SET status = ${status}, updated_at = ${now}
    WHERE id = ${itemId} AND company_id = ${companyId} RETURNING id`.execute(db);
  if (!rows[0]) throw notFound(VAULT_KINDS[kind].notFound, VAULT_KINDS[kind].code);
  return getItem(db, kind, companyId, itemId);
}
