// A company's relations to other companies, from the invitations engineer's tables (0040):
// company_guests (guest-fors: the hosts that granted it guest access) and company_vendors (vendor-fors:
// the clients it is a vendor for; the vendors of a client, for indicators in vendor mode). A relation
// holds while its status is Approved (1).
import { INVITE_STATUS, VENDOR_FOR_INDIVIDUAL, type Company, type CompanyRole } from '@permitdesk/core';
import { sql } from 'kysely';
import { toCompany, type CompanyRow } from '../companies/companies-service.js';
import { idArray } from '../rows/values.js';
import type { Db } from '../db/schema.js';

type Row = CompanyRow & { role: CompanyRole | null };

const companiesWithRole = (rows: Row[]): Company[] => rows.map(({ role, ...row }) => toCompany(row, role));

/** The companies `companyId` is a guest of, by name; role is the caller's own there (if any). */
export async function guestFors(db: Db, companyId: number, userId: string): Promise<Company[]> {
  const { rows } = await sql<Row>`
    SELECT c.*, (SELECT cu.role FROM company_users cu WHERE cu.company_id = c.id AND cu.user_id = ${userId}::uuid AND cu.active) AS role
    FROM company_guests g JOIN companies c ON c.id = g.host_company_id
    WHERE g.guest_company_id = ${companyId} AND g.status = ${INVITE_STATUS.Approved}
    ORDER BY lower(c.name), c.id`.execute(db);
  return companiesWithRole(rows).map((company) => ({ ...company, guestAccess: true }));
}

/** The client companies `companyId` is a vendor for (all: ended links too), by name. */
export async function vendorFors(db: Db, companyId: number, userId: string, all: boolean): Promise<Company[]> {
  const current = all ? sql`` : sql`AND v.status = ${INVITE_STATUS.Approved}`;
  const { rows } = await sql<Row>`
    SELECT c.*, (SELECT cu.role FROM company_users cu WHERE cu.company_id = c.id AND cu.user_id = ${userId}::uuid AND cu.active) AS role
    FROM company_vendors v JOIN companies c ON c.id = v.company_id
    WHERE v.vendor_id = ${companyId} ${current}
    ORDER BY lower(c.name), c.id`.execute(db);
  return companiesWithRole(rows);
}

/**
 * Which of `vendorIds` are current vendors of the client: a company id, or 'Individual' for the
 * caller's personal account.
 */
export async function currentVendorsOf(db: Db, client: number | typeof VENDOR_FOR_INDIVIDUAL, userId: string, vendorIds: readonly number[]): Promise<Set<number>> {
  if (vendorIds.length === 0) return new Set();
  const owner = client === VENDOR_FOR_INDIVIDUAL ? sql`v.client_user_id = ${userId}::uuid` : sql`v.company_id = ${client}`;
  const { rows } = await sql<{ vendor_id: number }>`
    SELECT v.vendor_id FROM company_vendors v
    WHERE ${owner} AND v.status = ${INVITE_STATUS.Approved} AND v.vendor_id = ANY(${idArray(vendorIds)})`.execute(db);
  return new Set(rows.map((row) => Number(row.vendor_id)));
}
