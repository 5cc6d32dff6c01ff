// Public lookups (SPEC §7.1 app-start calls, §7.4) plus the gazetteer's address search.
import * as v from 'valibot';
import { idParamSchema, pagedResultSchema } from '../schemas/common.js';
import {
  addressCountSchema,
  addressCountUpdateSchema,
  addressSearchResultSchema,
  administrativeAreaSchema,
  feeSchema,
  geocodedAddressAnswerSchema,
  type GeocodedAddress,
  globalSettingSchema,
  inspectionTemplateSchema,
  locatedMunicipalitySchema,
  municipalitySchema,
  permitServiceSchema,
  permitStageSchema,
  servedRequestsSchema,
  taskDetailSchema,
  taskSchema,
} from '../schemas/lookup.js';
import { stateSchema } from '../schemas/states.js';
import { creatingEndpoint, endpoint } from './endpoint.js';

const numberText = (min: number, max: number) =>
  v.pipe(v.string(), v.regex(/^-?\d+(\.\d+)?$/), v.transform(Number), v.minValue(min), v.maxValue(max));
const pageQuery = {
  page: v.optional(v.pipe(v.string(), v.regex(/^\d{1,6}$/), v.transform(Number), v.minValue(1)), '1'),
  size: v.optional(v.pipe(v.string(), v.regex(/^\d{1,3}$/), v.transform(Number), v.minValue(1), v.maxValue(200)), '20'),
};

export const lookupEndpoints = {
  searchAddresses: endpoint({
    method: 'GET', path: '/v4/lookup/addresses', auth: 'none', summary: 'Address autocomplete (US only)',
    query: v.object({ q: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200)), limit: v.optional(numberText(1, 10), '5') }),
    response: v.array(addressSearchResultSchema),
  }),
  geocodeAddress: endpoint({
    method: 'GET', path: '/v4/lookup/addresses/{id}', auth: 'none', summary: 'Geocode an address search result by its id, with the municipality governing it',
    params: v.object({ id: v.pipe(v.string(), v.maxLength(300)) }), response: geocodedAddressAnswerSchema,
  }),
  servedRequests: endpoint({
    method: 'GET', path: '/v4/lookup/served-requests', auth: 'none', summary: 'How many requests for information were served',
    response: servedRequestsSchema,
  }),
  // city, state and zip (optional; empty means unknown) are what the geocoded address says: the USPS city
  // they name wins over neighbourhood places nearer the point (350 5th Ave, New York → City of New York).
  municipalityByLocation: endpoint({
    method: 'GET', path: '/search/', auth: 'none', summary: 'The municipality that governs a latitude/longitude (and address city)',
    query: v.object({
      lat: numberText(-90, 90),
      lon: numberText(-180, 180),
      city: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100))),
      state: v.optional(v.pipe(v.string(), v.trim(), v.regex(/^([A-Za-z]{2})?$/), v.toUpperCase())),
      zip: v.optional(v.pipe(v.string(), v.trim(), v.regex(/^(\d{5}(-\d{4})?)?$/))),
    }),
    response: locatedMunicipalitySchema,
  }),
  municipalityBySlug: endpoint({
    method: 'GET', path: '/search/municipality-slug', auth: 'none', summary: 'A municipality by its URL slug',
    query: v.object({ slug: v.pipe(v.string(), v.maxLength(300)) }), response: municipalitySchema,
  }),
  municipalities: endpoint({
    method: 'GET', path: '/v4/lookup/municipalities', auth: 'none', summary: 'Municipalities covered, filtered by state and keyword',
    query: v.object({
      state: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z]{2}$/), v.toUpperCase())),
      keyword: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100))),
      ...pageQuery,
    }),
    response: municipalitySchema, paging: 'headers',
  }),
  coverage: endpoint({
    method: 'GET', path: '/v4/lookup/coverage', auth: 'none', summary: 'How many municipalities are covered, in all and per state',
    response: v.object({ count: v.number(), states: v.array(v.object({ stateCode: v.string(), count: v.number() })) }),
  }),
  administrativeAreas: endpoint({
    method: 'GET', path: '/v3/v1/administrative-areas', auth: 'none', summary: 'States, counties and cities, paged in the body',
    query: v.object({
      type: v.optional(v.picklist(['state', 'county', 'city'])),
      parentId: v.optional(idParamSchema),
      keyword: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100))),
      ...pageQuery,
    }),
    response: pagedResultSchema(administrativeAreaSchema),
  }),
  administrativeAreaMap: endpoint({
    method: 'GET', path: '/v1/administrative-areas/{id}/map', auth: 'none', summary: 'Where to centre a map on an area',
    params: v.object({ id: idParamSchema }),
    response: v.object({ id: v.number(), center: v.tuple([v.number(), v.number()]), zoom: v.number(), municipalityCount: v.number() }),
  }),
  companyNameAvailable: endpoint({
    // Public for the sign-up flow's company step: only a boolean (no id, no spelling of the stored name),
    // rate-limited per client like the other public lookups; creating the company would tell as much (409).
    method: 'GET', path: '/v4/lookup/company-name-available', auth: 'none', summary: 'Whether a company name is still free (case-insensitive)',
    query: v.object({ name: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200)) }),
    response: v.object({ available: v.boolean() }),
  }),
  getAddressCount: endpoint({
    // Public, but only a signed-in caller learns anything: their own company's (or personal) requests there.
    method: 'GET', path: '/address-count/{id}', auth: 'none', summary: "The caller's own requests at one address (0 when anonymous)",
    params: v.object({ id: v.pipe(v.string(), v.maxLength(300)) }), response: addressCountSchema,
  }),
  putAddressCount: endpoint({
    // Requests are counted when a permit request is stored; this changes nothing and ignores `details`.
    method: 'PUT', path: '/address-count/{id}', auth: 'bearer', summary: "The caller's own requests at an address (counting is done by the permit request)",
    params: v.object({ id: v.pipe(v.string(), v.maxLength(300)) }), body: addressCountUpdateSchema, response: addressCountSchema,
  }),
  addressCountIntegrations: creatingEndpoint({
    method: 'POST', path: '/address-count/integrations', auth: 'bearer', summary: 'Count a request that came from an integration',
    body: v.object({ addressId: v.pipe(v.string(), v.maxLength(300)), details: addressCountUpdateSchema.entries.details }),
    response: addressCountSchema,
  }),
  tasks: endpoint({ method: 'GET', path: '/tasks', auth: 'none', summary: 'Every permit task', response: v.array(taskSchema) }),
  permitServices: endpoint({
    method: 'GET', path: '/tasks/permit-services', auth: 'none', summary: 'Tasks grouped by trade',
    response: v.array(permitServiceSchema),
  }),
  task: endpoint({
    method: 'GET', path: '/v3/tasks/{id}', auth: 'none', summary: 'One task, with its inspections and fees when included',
    params: v.object({ id: idParamSchema }),
    query: v.object({ include: v.optional(v.pipe(v.string(), v.maxLength(50))) }),
    response: taskDetailSchema,
  }),
  fees: endpoint({
    method: 'GET', path: '/v3/fees', auth: 'none', summary: 'Fees of a task',
    query: v.object({ taskId: idParamSchema }), response: v.array(feeSchema),
  }),
  inspections: endpoint({
    method: 'GET', path: '/v3/inspections', auth: 'none', summary: 'Inspections of a task, in perform order',
    query: v.object({ taskId: idParamSchema }), response: v.array(inspectionTemplateSchema),
  }),
  globalSettings: endpoint({
    method: 'GET', path: '/global-setting', auth: 'none', summary: 'The global settings of SPEC §9',
    response: v.array(globalSettingSchema),
  }),
  permitStages: endpoint({
    method: 'GET', path: '/permit-stages', auth: 'none', summary: 'The full permit stage list',
    response: v.array(permitStageSchema),
  }),
  states: endpoint({ method: 'GET', path: '/v4/states', auth: 'none', summary: 'US states and territories', response: v.array(stateSchema) }),
  state: endpoint({
    method: 'GET', path: '/v4/states/{stateId}', auth: 'none', summary: 'One state',
    params: v.object({ stateId: idParamSchema }), response: stateSchema,
  }),
} as const;

/**
 * The municipalityByLocation query for a geocoded address: its point, and its city, state and ZIP so
 * that the server picks the city the address belongs to (empty parts are left out).
 */
export function municipalityLocationQuery(address: Pick<GeocodedAddress, 'latitude' | 'longitude' | 'city' | 'state' | 'zip'>) {
  const hint = (value: string | null | undefined) => value?.trim() || undefined;
  return { lat: String(address.latitude), lon: String(address.longitude), city: hint(address.city), state: hint(address.state), zip: hint(address.zip) };
}
