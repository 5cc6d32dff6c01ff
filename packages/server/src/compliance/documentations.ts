// A company's documentation (SPEC §3): documents of the company itself (company_documents rows of
// documentable_type Company), each with a name, a category (Sorted, Unneeded, Unsorted) and a status;
// archived on delete, active again on restore. Its documentId is the row id, and its file is that row's.
import type { Documentation } from '@permitdesk/core';
import { sql, type RawBuilder } from 'kysely';
import { badRequest, notFound } from '../http/errors.js';
import { iso } from '../rows/values.js';
import { containsPattern, pageOf, type ListFilter } from './vault-items.js';
import type { Db } from '../db/schema.js';

export const DOCUMENTATION_NOT_FOUND = 'Documentation not found.';
type Category = Documentation['category'];

interface Row {
  id: number;
  company_id: number;
  name: string;
  category: Category;
  status: 'active' | 'archived';
  file_name: string | null;
  storage_key: string | null;
  created_at: Date | string;
}

const toDocumentation = (row: Row): Documentation => ({
  documentId: Number(row.id),
  companyId: Number(row.company_id),
  name: row.name,
  category: row.category,
  status: row.status,
  fileName: row.file_name,
  createdAt: iso(row.created_at),
  file: row.file_name === null ? null : row.storage_key,
});

const select = (where: RawBuilder<unknown>) => sql<Row>`
  SELECT d.id, d.company_id, d.name, d.category, d.status, d.file_name, d.storage_key, d.created_at
  FROM company_documents d WHERE d.documentable_type = 'Company' AND ${where}`;

export async function listDocumentations(db: Db, companyId: number, filter: ListFilter = {}): Promise<Documentation[]> {
  const conditions: RawBuilder<unknown>[] = [sql`d.company_id = ${companyId}`];
  if (filter.status) conditions.push(sql`d.status = ${filter.status}`);
  if (filter.category) conditions.push(sql`d.category = ${filter.category}`);
  const keyword = filter.keyword?.trim();
  if (keyword) {
    const like = containsPattern(keyword);
    conditions.push(sql`(lower(d.name) LIKE ${like} OR lower(COALESCE(d.file_name, '')) LIKE ${like})`);
  }
  const page = pageOf(filter, 'd');
  conditions.push(page.where);
  const { rows } = await sql<Row>`${select(sql.join(conditions, sql` AND `))} ORDER BY lower(d.name), d.id ${page.limit}`.execute(db);
  return rows.map(toDocumentation);
}

export async function getDocumentation(db: Db, companyId: number, documentId: number): Promise<Documentation> {
  const { rows } = await select(sql`d.company_id = ${companyId} AND d.id = ${documentId}`).execute(db);
  if (!rows[0]) throw notFound(DOCUMENTATION_NOT_FOUND, 'DOCUMENTATION_NOT_FOUND');
  return toDocumentation(rows[0]);
}

export interface DocumentationInput {
  name: string;
  category: Category;
  documentId?: number | null | undefined;
}

/**
 * A new documentation; given a documentId (a Company file uploaded first, which started as an
 * 'Unsorted' documentation), that documentation is named and sorted instead of a second one made.
 */
export async function createDocumentation(db: Db, companyId: number, input: DocumentationInput, userId: string, now: Date): Promise<Documentation> {
  if (input.documentId != null) {
    await getDocumentation(db, companyId, input.documentId);
    return updateDocumentation(db, companyId, input.documentId, input, now);
  }
  const row = await db
    .insertInto('company_documents')
    .values({ company_id: companyId, documentable_type: 'Company', documentable_id: companyId, name: input.name, category: input.category, created_by: userId, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return getDocumentation(db, companyId, Number(row.id));
}

export async function updateDocumentation(db: Db, companyId: number, documentId: number, input: DocumentationInput, now: Date): Promise<Documentation> {
  if (input.documentId != null && input.documentId !== documentId) {
    throw badRequest('A documentation is its own file: upload a new file to it instead.', 'DOCUMENT_MISMATCH', { documentId: 'Does not match the documentation.' });
  }
  return changeDocumentation(db, companyId, documentId, { name: input.name, category: input.category, updated_at: now });
}

export async function setDocumentationStatus(db: Db, companyId: number, documentId: number, status: 'active' | 'archived', now: Date): Promise<Documentation> {
  return changeDocumentation(db, companyId, documentId, { status, updated_at: now });
}

/** Sets columns of one of the company's own documentations and reads it back; 404 when it has no such one. */
async function changeDocumentation(
  db: Db,
  companyId: number,
  documentId: number,
  values: { name?: string; category?: Category; status?: 'active' | 'archived'; updated_at: Date },
): Promise<Documentation> {
  const updated = await db
    .updateTable('company_documents')
    .set(values)
    .where('id', '=', documentId)
    .where('company_id', '=', companyId)
    .where('documentable_type', '=', 'Company')
    .returning('id')
    .executeTakeFirst();
  if (!updated) throw notFound(DOCUMENTATION_NOT_FOUND, 'DOCUMENTATION_NOT_FOUND');
  return getDocumentation(db, companyId, documentId);
}
