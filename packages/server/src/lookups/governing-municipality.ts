// The municipality that governs a geocoded address: one rule for the address lookup (what the visitor is
// shown) and the permit request (what the server stores), so the two can never disagree.
import type { GeocodedAddress, Municipality, MunicipalityAlternative, MunicipalityChoice } from '@permitdesk/core';
import type { Db } from '../db/schema.js';
import type { MunicipalityRecord } from '../geo/catalog.js';
import type { GoverningPlace } from '../geo/gazetteer/address-provider.js';
import type { GeoService } from '../geo/geo-service.js';
import { municipalityById, municipalityBySlug } from './municipalities.repository.js';

export type AddressPoint = Pick<GeocodedAddress, 'latitude' | 'longitude'> & { city?: string | undefined; state?: string | undefined; zip?: string | undefined } & {
  /** What the geocoder says governs the address (the Census's place and county): it wins over the point. */
  governing?: GoverningPlace | undefined;
};

function locateAddress(geo: GeoService, address: AddressPoint): MunicipalityRecord | null {
  // The address's own city, state and ZIP pick the city it belongs to: 350 5th Ave is in New York City,
  // not in 'Times Square'.
  const hint = (value: string | undefined) => value?.trim() || undefined;
  return geo.locate(address.latitude, address.longitude, { city: hint(address.city), state: hint(address.state)?.toUpperCase(), zip: hint(address.zip), governing: address.governing });
}

/** Null when no municipality we cover governs the point. */
export async function governingMunicipality(deps: { db: Db; geo: GeoService }, address: AddressPoint): Promise<Municipality | null> {
  const located = locateAddress(deps.geo, address);
  return located ? municipalityBySlug(deps.db, located.slug) : null;
}

/** The other municipalities the address may belong to when the data cannot tell, for the visitor to choose. */
export function municipalityAlternatives(geo: GeoService, address: AddressPoint): MunicipalityAlternative[] {
  const located = locateAddress(geo, address);
  // The geocoder knew the boundaries (the Census): nothing to ask the visitor.
  if (!located || address.governing) return [];
  return geo.alternatives(address.latitude, address.longitude, located, address.zip?.trim()).map(({ municipality, reason }) => ({
    id: municipality.id,
    name: municipality.name,
    slug: municipality.slug,
    kind: municipality.kind,
    reason,
  }));
}

/**
 * The municipality a visitor chose for an address: the one located, or one of the alternatives they were
 * offered when the data cannot tell. 'mismatch' for any other (a request never picks its own municipality);
 * null when no municipality we cover governs the point.
 */
export async function chosenMunicipality(
  deps: { db: Db; geo: GeoService },
  address: AddressPoint,
  chosenId: number | undefined,
): Promise<Municipality | 'mismatch' | null> {
  const located = await governingMunicipality(deps, address);
  if (!located || chosenId === undefined || chosenId === located.id) return located;
  const offered = municipalityAlternatives(deps.geo, address).some((alternative) => alternative.id === chosenId);
  return offered ? ((await municipalityById(deps.db, chosenId)) ?? 'mismatch') : 'mismatch';
}

/** What to keep with a request when the visitor was asked to choose: why, and the municipalities offered; null when not asked. */
export function municipalityChoice(geo: GeoService, address: AddressPoint): MunicipalityChoice | null {
  const located = locateAddress(geo, address);
  const alternatives = located ? municipalityAlternatives(geo, address) : [];
  if (!located || alternatives.length === 0) return null;
  return {
    reason: alternatives[0]!.reason,
    offered: [{ id: located.id, name: located.name }, ...alternatives.map(({ id, name }) => ({ id, name }))],
  };
}
