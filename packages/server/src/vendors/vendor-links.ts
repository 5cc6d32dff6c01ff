// Vendor links (SPEC §3 'Vendor link: vendor, companyId, vendorId'): the vendors of a company or of the
// personal account, one link, the client's own record of a vendor (PATCH vendor profile), and the vendor
// search of the compliance sidebar. Only current links (Approved 1) are listed.
import { INVITE_STATUS, VENDOR_FOR_INDIVIDUAL, type Company, type CompanyRole, type Vendor } from '@permitdesk/core';
import { sql } from 'kysely';
import { toCompany, type CompanyRow } from '../companies/companies-service.js';
import { notFound } from '../http/errors.js';
import { iso } from '../rows/values.js';
import type { Db } from '../db/schema.js';

export const VENDOR_NOT_FOUND = 'Vendor not found.';

interface LinkRow {
  company_id: number | null;
  vendor_id: number;
  status: number;
  name: string | null;
  address: string | null;
  created_at: Date | string;
  vendor_name: string;
  vendor_address: string | null;
}

const selectLinks = (db: Db) =>
  db
    .selectFrom('company_vendors as cv')
    .innerJoin('companies as c', 'c.id', 'cv.vendor_id')
    .select(['cv.company_id', 'cv.vendor_id', 'cv.status', 'cv.name', 'cv.address', 'cv.created_at', 'c.name as vendor_name', 'c.address as vendor_address'])
    .where('cv.status', '=', INVITE_STATUS.Approved);

export const toVendor = (row: LinkRow): Vendor => ({
  companyId: row.company_id === null ? null : Number(row.company_id),
  vendorId: Number(row.vendor_id),
  // The client's record wins over the vendor company's own name and address.
  vendor: { id: Number(row.vendor_id), name: row.name ?? row.vendor_name, address: row.address ?? row.vendor_address },
  status: Number(row.status),
  createdAt: iso(row.created_at),
});

const byName = (a: Vendor, b: Vendor) => a.vendor.name.localeCompare(b.vendor.name, 'en', { sensitivity: 'base' }) || a.vendorId - b.vendorId;

export async function companyVendors(db: Db, companyId: number): Promise<Vendor[]> {
  return (await selectLinks(db).where('cv.company_id', '=', companyId).execute()).map(toVendor).sort(byName);
}

export async function personalVendors(db: Db, userId: string): Promise<Vendor[]> {
  return (await selectLinks(db).where('cv.client_user_id', '=', userId).execute()).map(toVendor).sort(byName);
}

export async function vendorLink(db: Db, companyId: number, vendorId: number): Promise<Vendor> {
  const row = await selectLinks(db).where('cv.company_id', '=', companyId).where('cv.vendor_id', '=', vendorId).executeTakeFirst();
  if (!row) throw notFound(VENDOR_NOT_FOUND, 'VENDOR_NOT_FOUND');
  return toVendor(row);
}

/** The client's record of its vendor; a blank name or address goes back to the vendor company's own. */
export async function updateVendorRecord(db: Db, companyId: number, vendorId: number, changes: { name?: string | undefined; address?: string | null | undefined }, now: Date): Promise<Vendor> {
  await vendorLink(db, companyId, vendorId);
  await db
    .updateTable('company_vendors')
    .set({
      ...(changes.name !== undefined ? { name: changes.name.trim() || null } : {}),
      ...(changes.address !== undefined ? { address: changes.address?.trim() || null } : {}),
      updated_at: now,
    })
    .where('company_id', '=', companyId)
    .where('vendor_id', '=', vendorId)
    .execute();
  return vendorLink(db, companyId, vendorId);
}

export interface VendorSearch {
  userId: string;
  /** The clients whose vendors are searched: companies of the user, and/or their personal account. */
  clientCompanyIds: readonly number[];
  personal: boolean;
  keyword?: string | undefined;
  page: number;
  size: number;
  descending: boolean;
}

/**
 * GET /v4/lookup/vendors: the vendor companies of the given clients, by name ('+customerName' is the
 * SPEC's sort key for these searches), paged; role is the user's own in the vendor company, if any.
 */
export async function searchVendors(db: Db, search: VendorSearch): Promise<{ items: Company[]; totalCount: number }> {
  const clients = [
    ...(search.clientCompanyIds.length > 0 ? [sql`cv.company_id IN (${sql.join(search.clientCompanyIds.map((id) => sql`${id}`))})`] : []),
    ...(search.personal ? [sql`cv.client_user_id = ${search.userId}::uuid`] : []),
  ];
  if (clients.length === 0) return { items: [], totalCount: 0 };
  const keyword = search.keyword?.trim().toLowerCase();
  const matches = keyword ? sql`AND lower(c.name) LIKE ${`%${keyword.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`}` : sql``;
  const where = sql`EXISTS (SELECT 1 FROM company_vendors cv WHERE cv.vendor_id = c.id AND cv.status = ${INVITE_STATUS.Approved} AND (${sql.join(clients, sql` OR `)})) ${matches}`;
  const total = await sql<{ n: number | string }>`SELECT count(*) AS n FROM companies c WHERE ${where}`.execute(db);
  const direction = search.descending ? sql`DESC` : sql`ASC`;
  const { rows } = await sql<CompanyRow & { role: CompanyRole | null }>`
    SELECT c.*, (SELECT cu.role FROM company_users cu WHERE cu.company_id = c.id AND cu.user_id = ${search.userId}::uuid AND cu.active) AS role
    FROM companies c WHERE ${where}
    ORDER BY lower(c.name) ${direction}, c.id
    LIMIT ${search.size} OFFSET ${(search.page - 1) * search.size}`.execute(db);
  return { items: rows.map(({ role, ...row }) => toCompany(row, role)), totalCount: Number(total.rows[0]?.n ?? 0) };
}

export const isIndividual = (vendorFor: string): boolean => vendorFor === VENDOR_FOR_INDIVIDUAL;
