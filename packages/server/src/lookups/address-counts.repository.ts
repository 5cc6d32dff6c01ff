// Requests for information per address (SPEC §2.5, §3 'Address count'): the widget warns when an
// address was asked about before, and the address step shows the total served so far. The total is
// counted only by the product's own flow (a stored permit request); what one address had is told only
// to a signed-in user, about their own company's (or their own personal) projects there.
import type { AddressCount } from '@permitdesk/core';
import { sql } from 'kysely';
import type { Db } from '../db/schema.js';
import { addressIdOf } from '../geo/gazetteer/address-provider.js';

type Details = AddressCount['details'];

interface Row {
  address_id: string;
  count: number;
  details: Details | string;
  inserted?: boolean;
}

const detailsOf = (row: Row): Details => (typeof row.details === 'string' ? JSON.parse(row.details) : row.details);

const nothing = (id: string, addressId: string): AddressCount => ({
  id, addressId, count: 0, details: { longitude: 0, latitude: 0, place_name: '' }, isCreate: false,
});

/**
 * The requests at an address that the caller may know about: projects there of a company they belong
 * to (not as a guest) or their own personal ones. Anonymous callers learn nothing (count 0). `id` is a
 * result id or an address id.
 */
export async function getAddressCount(db: Db, id: string, userId: string | null): Promise<AddressCount> {
  const addressId = addressIdOf(id);
  if (!userId) return nothing(id, addressId);
  const { rows } = await sql<{ count: number; place_name: string | null; longitude: number | null; latitude: number | null }>`
    SELECT count(*)::int AS count, max(p.project_address) AS place_name, max(p.longitude) AS longitude, max(p.latitude) AS latitude
    FROM projects p
    WHERE p.address_id = ${addressId}
      AND (p.company_id IN (SELECT company_id FROM company_users WHERE user_id = ${userId} AND active AND role <> 'guest')
           OR (p.company_id IS NULL AND p.owner_user_id = ${userId}))`.execute(db);
  const row = rows[0];
  if (!row || Number(row.count) === 0) return nothing(id, addressId);
  const details = { longitude: Number(row.longitude ?? 0), latitude: Number(row.latitude ?? 0), place_name: row.place_name ?? '' };
  return { id, addressId, count: Number(row.count), details, isCreate: false };
}

/** One more request at an address; isCreate tells whether this was the first. The first details stay: nobody renames a place. */
export async function countAddressRequest(db: Db, id: string, details: Details, source: 'widget' | 'integration'): Promise<AddressCount> {
  const addressId = addressIdOf(id);
  const { rows } = await sql<Row>`
    INSERT INTO address_counts (address_id, count, details, source) VALUES (${addressId}, 1, ${JSON.stringify(details)}::jsonb, ${source})
    ON CONFLICT (address_id) DO UPDATE SET count = address_counts.count + 1,
      source = EXCLUDED.source, updated_at = now()
    RETURNING address_id, count, details, (xmax = 0) AS inserted`.execute(db);
  const row = rows[0]!;
  return { id, addressId, count: Number(row.count), details: detailsOf(row), isCreate: Boolean(row.inserted) };
}

/** Every request served so far. */
export async function servedRequests(db: Db): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT COALESCE(sum(count), 0)::int AS n FROM address_counts`.execute(db);
  return Number(rows[0]?.n ?? 0);
}
