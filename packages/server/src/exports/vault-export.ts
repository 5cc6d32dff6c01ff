// A company's vault table as CSV (issue 18): licenses, insurances, certificates or documentations, with
// the table's own filters, read in keyset pages (the lists' order) and streamed as VAULT_CSV_COLUMNS.
import { VAULT_CSV_COLUMNS, type ExportVaultKind } from '@permitdesk/core';
import { listDocumentations } from '../compliance/documentations.js';
import { listItems, type ListFilter } from '../compliance/vault-items.js';
import type { Db } from '../db/schema.js';
import { csvStream, type CsvCell } from '../rows/csv.js';

const PAGE = 500;

/** One keyset page of the table, as records, with the key of its last row. */
async function page(db: Db, kind: ExportVaultKind, companyId: number, filter: ListFilter): Promise<{ records: CsvCell[][]; last: { name: string; id: number } | null }> {
  if (kind === 'documentations') {
    const rows = await listDocumentations(db, companyId, filter);
    const end = rows.at(-1);
    return {
      records: rows.map((d) => [d.documentId, d.name, d.category, d.status, d.fileName, d.createdAt]),
      last: end ? { name: end.name, id: end.documentId } : null,
    };
  }
  if (kind === 'licenses') {
    const rows = await listItems(db, 'license', companyId, filter);
    const end = rows.at(-1);
    return {
      records: rows.map((l) => [l.licenseId, l.name, l.licenseType, l.number, l.issuer, l.stateCode, l.municipalityId, l.issuedOn, l.expiresOn, l.status, l.fileName, l.createdAt]),
      last: end ? { name: end.name, id: end.licenseId } : null,
    };
  }
  if (kind === 'insurances') {
    const rows = await listItems(db, 'insurance', companyId, filter);
    const end = rows.at(-1);
    return {
      records: rows.map((i) => [i.insuranceId, i.name, i.number, i.issuer, i.stateCode, i.coverageAmount, i.issuedOn, i.expiresOn, i.status, i.fileName, i.createdAt]),
      last: end ? { name: end.name, id: end.insuranceId } : null,
    };
  }
  const rows = await listItems(db, 'certificate', companyId, filter);
  const end = rows.at(-1);
  return {
    records: rows.map((c) => [c.certificateId, c.name, c.number, c.issuer, c.stateCode, c.issuedOn, c.expiresOn, c.status, c.fileName, c.createdAt]),
    last: end ? { name: end.name, id: end.certificateId } : null,
  };
}

async function* vaultRecords(db: Db, kind: ExportVaultKind, companyId: number, filter: ListFilter): AsyncGenerator<CsvCell[]> {
  let after: ListFilter['after'];
  for (;;) {
    const { records, last } = await page(db, kind, companyId, { status: filter.status, keyword: filter.keyword, category: kind === 'documentations' ? filter.category : undefined, after, limit: PAGE });
    yield* records;
    if (records.length < PAGE || last === null) return;
    after = last;
  }
}

/** The company's table as CSV (the caller must have been checked as one of the vault's readers). */
export const vaultCsvStream = (db: Db, kind: ExportVaultKind, companyId: number, filter: ListFilter): ReadableStream<Uint8Array> =>
  csvStream(VAULT_CSV_COLUMNS[kind], vaultRecords(db, kind, companyId, filter));
