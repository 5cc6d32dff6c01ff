// The data collection of a project permit (SPEC §3 'Project in data collection'): stored as one record
// per permit, and what it says about the permit and project (purchase order, customer, dates, price,
// permit number) is written back to them, so the radar and the permit page show the same facts.
// Before anything is saved, the record is prefilled from the permit.
import { dataCollectionSchema, type DataCollection, type Permit } from '@permitdesk/core';
import { sql } from 'kysely';
import * as v from 'valibot';
import { changedFields, recordAudit, type AuditActor } from '../audit/audit.js';
import { badRequest } from '../http/errors.js';
import { listDocuments } from '../permits/documents.js';
import { lookupLicenses } from '../compliance/license-lookup.js';
import type { Db, Tx } from '../db/schema.js';

export const FILE_NOT_OF_PERMIT = 'A file does not belong to this permit.';

const day = (timestamp: string | null): string | null => (timestamp ? timestamp.slice(0, 10) : null);

/** What the form starts with when nothing was saved yet. */
export async function prefillDataCollection(db: Db, permit: Permit): Promise<DataCollection> {
  const company = permit.companyId
    ? await db.selectFrom('companies').select(['id', 'name', 'address']).where('id', '=', permit.companyId).executeTakeFirst()
    : undefined;
  const licenses = company ? await lookupLicenses(db, company.id, permit.municipalityId) : null;
  const { rows: fees } = await sql<{ total: number | null }>`SELECT sum(amount_cents)::int AS total FROM task_fees WHERE task_id = ${permit.taskId}`.execute(db);
  const documents = await listDocuments(db, { permitId: permit.id });
  return {
    purchaseOrder: permit.orderNumber,
    estimateCompletionDate: day(permit.estCompletionAt),
    customerName: permit.customerName,
    address: permit.projectAddress,
    task: permit.taskName,
    inspections: permit.permitInspections.map((inspection) => inspection.inspectionName),
    stateLicense: licenses?.stateLicense?.licenseNo ?? null,
    localLicense: licenses?.localLicense?.licenseNo ?? null,
    company: company?.name ?? null,
    companyId: company?.id ?? null,
    companyAddress: company?.address ?? null,
    expirationDate: day(permit.expiresAt),
    price: permit.projectValue,
    permitNo: permit.permitNumber,
    permitFees: fees[0]?.total == null ? null : Number(fees[0].total) / 100,
    files: documents.map((document) => ({ documentId: document.documentId, fileName: document.fileName })),
    noUploadPermitReason: null,
  };
}

/** The saved record, or the prefill. A stored record that no longer parses falls back to the prefill. */
export async function readDataCollection(db: Db, permit: Permit): Promise<DataCollection> {
  const row = await db.selectFrom('data_collections').select('data').where('permit_id', '=', permit.id).executeTakeFirst();
  if (row) {
    const stored = v.safeParse(dataCollectionSchema, typeof row.data === 'string' ? JSON.parse(row.data) : row.data);
    if (stored.success) return stored.output;
  }
  return prefillDataCollection(db, permit);
}

export interface SaveDataCollection {
  projectId: number;
  permitId: number;
  data: DataCollection;
  userId: string;
  /** Who saved it, for the audit trail. */
  actor: AuditActor;
  now: Date;
}

export async function saveDataCollection(trx: Tx, input: SaveDataCollection): Promise<void> {
  const { data } = input;
  const fileIds = [...new Set(data.files.map((file) => file.documentId))];
  if (fileIds.length > 0) {
    const owned = await trx.selectFrom('permit_documents').select('id').where('permit_id', '=', input.permitId).where('id', 'in', fileIds).execute();
    if (owned.length !== fileIds.length) throw badRequest(FILE_NOT_OF_PERMIT, 'FILE_NOT_OF_PERMIT', { files: FILE_NOT_OF_PERMIT });
  }
  if (data.companyId != null) {
    const company = await trx.selectFrom('companies').select('id').where('id', '=', data.companyId).executeTakeFirst();
    if (!company) throw badRequest('The company does not exist.', 'COMPANY_NOT_FOUND', { companyId: 'The company does not exist.' });
  }
  const json = JSON.stringify(data);
  const previous = await trx.selectFrom('data_collections').select('data').where('permit_id', '=', input.permitId).executeTakeFirst();
  await trx
    .insertInto('data_collections')
    .values({ permit_id: input.permitId, project_id: input.projectId, data: json, updated_by: input.userId, created_at: input.now, updated_at: input.now })
    .onConflict((oc) => oc.column('permit_id').doUpdateSet({ data: json, updated_by: input.userId, updated_at: input.now }))
    .execute();

  await trx
    .updateTable('projects')
    .set({
      customer_name: data.customerName,
      ...(data.purchaseOrder !== undefined ? { order_number: data.purchaseOrder || null } : {}),
      updated_at: input.now,
    })
    .where('id', '=', input.projectId)
    .execute();
  await trx
    .updateTable('permits')
    .set({
      ...(data.permitNo !== undefined ? { permit_number: data.permitNo || null } : {}),
      ...(data.estimateCompletionDate !== undefined ? { est_completion_at: data.estimateCompletionDate ? new Date(`${data.estimateCompletionDate}T00:00:00Z`) : null } : {}),
      ...(data.expirationDate !== undefined ? { expires_at: data.expirationDate ? new Date(`${data.expirationDate}T00:00:00Z`) : null } : {}),
      ...(data.price !== undefined ? { project_value: data.price } : {}),
      updated_at: input.now,
      version: sql`version + 1`,
    })
    .where('id', '=', input.permitId)
    .execute();
  // The data collection is the permit's: its trail shows what changed in it (customer-visible).
  const changed = changedFields((previous?.data ?? {}) as Record<string, unknown>, JSON.parse(json) as Record<string, unknown>);
  if (changed) {
    const project = await trx.selectFrom('projects').select('company_id').where('id', '=', input.projectId).executeTakeFirst();
    await recordAudit(
      trx,
      input.actor,
      { entity: 'permit', entityId: input.permitId, action: 'data_collection_saved', companyId: project?.company_id ?? null, permitId: input.permitId, customerVisible: true, ...changed },
      input.now,
    );
  }
}
