// The live compliance wallet of a company as a link shows it: its licenses, insurances, certificates and
// documentation in one list, read at the moment the link is opened (never a copy), each with its file.
import type { LinkItemKind } from '@permitdesk/core';
import { listDocumentations } from '../documentations.js';
import { listItems, type ListFilter } from '../vault-items.js';
import type { Db } from '../../db/schema.js';

export interface WalletItem {
  kind: LinkItemKind;
  id: number;
  name: string;
  number: string | null;
  issuer: string | null;
  stateCode: string | null;
  expiresOn: string | null;
  status: 'active' | 'archived';
  fileName: string | null;
  /** The file's storage key, or null when the item has no file. */
  file: string | null;
}

export const walletKey = (kind: LinkItemKind, id: number): string => `${kind}:${id}`;

/** Every item of the company (only the active ones unless `status` says otherwise), in kind then name order. */
export async function companyWallet(db: Db, companyId: number, filter: ListFilter = { status: 'active' }): Promise<WalletItem[]> {
  const common = (kind: LinkItemKind, item: { name: string; number: string | null; issuer: string | null; stateCode: string | null; expiresOn: string | null; status: 'active' | 'archived'; fileName?: string | null | undefined; file?: string | null | undefined }, id: number): WalletItem => ({
    kind, id, name: item.name, number: item.number, issuer: item.issuer, stateCode: item.stateCode, expiresOn: item.expiresOn, status: item.status, fileName: item.fileName ?? null, file: item.file ?? null,
  });
  const [licenses, insurances, certificates, documentations] = [
    await listItems(db, 'license', companyId, filter),
    await listItems(db, 'insurance', companyId, filter),
    await listItems(db, 'certificate', companyId, filter),
    await listDocumentations(db, companyId, filter),
  ];
  return [
    ...licenses.map((l) => common('license', l, l.licenseId)),
    ...insurances.map((i) => common('insurance', i, i.insuranceId)),
    ...certificates.map((c) => common('certificate', c, c.certificateId)),
    ...documentations.map((d) => common('documentation', { ...d, number: null, issuer: null, stateCode: null, expiresOn: null }, d.documentId)),
  ];
}
