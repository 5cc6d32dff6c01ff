// Requests for information per address (SPEC §2.5, §3 'Address count'): the widget warns when an
// address was asked about before, and the address step shows the total served so far.
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

/** The count at an address; zero (and empty details) when nobody asked yet. `id` is a result id or an address id. */
export async function getAddressCount(db: Db, id: string): Promise<AddressCount> {
  const addressId = addressIdOf(id);
  const { rows } = await sql<Row>`SELECT address_id, count, details FROM address_counts WHERE address_id = ${addressId}`.execute(db);
  const row = rows[0];
  return row
    ? { id, addressId, count: Number(row.count), details: detailsOf(row), isCreate: false }
    : { id, addressId, count: 0, details: { longitude: 0, latitude: 0, place_name: '' }, isCreate: false };
}

/** One more request at an address; isCreate tells whether this was the first. */
export async function countAddressRequest(db: Db, id: string, details: Details, source: 'widget' | 'integration'): Promise<AddressCount> {
  const addressId = addressIdOf(id);
  const { rows } = await sql<Row>`
    INSERT INTO address_counts (address_id, count, details, source) VALUES (${addressId}, 1, ${JSON.stringify(details)}::jsonb, ${source})
    ON CONFLICT (address_id) DO UPDATE SET count = address_counts.count + 1, details = EXCLUDED.details,
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
