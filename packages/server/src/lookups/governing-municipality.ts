// The municipality that governs a geocoded address: one rule for the address lookup (what the visitor is
// shown) and the permit request (what the server stores), so the two can never disagree.
import type { GeocodedAddress, Municipality } from '@permitdesk/core';
import type { Db } from '../db/schema.js';
import type { GeoService } from '../geo/geo-service.js';
import { municipalityBySlug } from './municipalities.repository.js';

export type AddressPoint = Pick<GeocodedAddress, 'latitude' | 'longitude'> & { city?: string | undefined; state?: string | undefined; zip?: string | undefined };

/** Null when no municipality we cover governs the point. */
export async function governingMunicipality(deps: { db: Db; geo: GeoService }, address: AddressPoint): Promise<Municipality | null> {
  // The address's own city, state and ZIP pick the city it belongs to: 350 5th Ave is in New York City,
  // not in 'Times Square'.
  const hint = (value: string | undefined) => value?.trim() || undefined;
  const located = deps.geo.locate(address.latitude, address.longitude, { city: hint(address.city), state: hint(address.state)?.toUpperCase(), zip: hint(address.zip) });
  return located ? municipalityBySlug(deps.db, located.slug) : null;
}
