// The public lookups of SPEC §7.1 (app-start calls) and §7.4, plus the gazetteer's address search: each
// handler reads one repository of this folder (or the gazetteer).
import { endpoints, type EndpointDef } from '@permitdesk/core';
import { HttpError, notFound } from '../http/errors.js';
import type { EndpointHandler } from '../http/register.js';
import * as addressCountRepo from './address-counts.repository.js';
import { governingMunicipality, municipalityAlternatives } from './governing-municipality.js';
import * as municipalityRepo from './municipalities.repository.js';
import * as settingsRepo from './settings.repository.js';
import * as taskRepo from './tasks.repository.js';

const api = endpoints.lookups;

/** SPEC §8: what the address search shows when the lookup itself fails. */
export const ADDRESS_LOOKUP_FAILED = 'Unfortunately we were unable to lookup the address you requested. If this error persists, please reach out to support. Thank you.';

/** A failing address provider (Google down, quota) is not the user's mistake, nor a crash: 503. */
async function viaProvider<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    console.error('[lookups] address provider failed:', error instanceof Error ? error.message : error);
    throw new HttpError(503, ADDRESS_LOOKUP_FAILED, 'ADDRESS_LOOKUP_FAILED');
  }
}

/** Body paging links (SPEC §3 'Paged result') for a list endpoint. */
function pageLinks(def: EndpointDef, query: Record<string, unknown>, page: number, size: number, total: number) {
  const link = (target: number) => {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) {
      if (value !== undefined && value !== null && value !== '' && name !== 'page' && name !== 'size') params.set(name, String(value));
    }
    params.set('page', String(target));
    params.set('size', String(size));
    return `${def.path}?${params}`;
  };
  const last = Math.max(1, Math.ceil(total / size));
  return { prev: page > 1 ? link(page - 1) : null, next: page < last ? link(page + 1) : null, current: link(page) };
}

export const searchAddresses: EndpointHandler<typeof api.searchAddresses> = ({ services }, { query }) =>
  viaProvider(() => services.geo.addresses.search(query.q, query.limit));

// One round trip for the widget: the address and the municipality governing it (with the alternatives
// when the data cannot tell), as GET /search/ would answer for it.
export const geocodeAddress: EndpointHandler<typeof api.geocodeAddress> = async ({ services }, { params }) => {
  const found = await viaProvider(() => services.geo.addresses.geocode(params.id));
  if (!found) throw notFound("Uh oh! We couldn't find that address.", 'ADDRESS_NOT_FOUND');
  const { governing: _governing, ...address } = found;
  const municipality = await governingMunicipality(services, found);
  const alternatives = municipality ? municipalityAlternatives(services.geo, found) : [];
  return { ...address, municipality: municipality && alternatives.length > 0 ? { ...municipality, alternatives } : municipality };
};

export const servedRequests: EndpointHandler<typeof api.servedRequests> = async ({ services }) => ({ count: await addressCountRepo.servedRequests(services.db) });

export const municipalityBySlug: EndpointHandler<typeof api.municipalityBySlug> = async ({ services }, { query }) => {
  const found = await municipalityRepo.municipalityBySlug(services.db, query.slug);
  if (!found) throw notFound('No municipality has this slug.', 'MUNICIPALITY_NOT_FOUND');
  return found;
};

export const municipalityByLocation: EndpointHandler<typeof api.municipalityByLocation> = async ({ services }, { query }) => {
  const address = { latitude: query.lat, longitude: query.lon, city: query.city, state: query.state, zip: query.zip };
  const found = await governingMunicipality(services, address);
  if (!found) throw notFound('No municipality we cover governs this location.', 'MUNICIPALITY_NOT_FOUND');
  // When the data cannot tell, the other candidate goes along for the visitor to choose.
  const alternatives = municipalityAlternatives(services.geo, address);
  return alternatives.length > 0 ? { ...found, alternatives } : found;
};

export const municipalities: EndpointHandler<typeof api.municipalities> = async ({ services }, { query }) => {
  const { items, totalCount } = await municipalityRepo.listMunicipalities(services.db, query);
  return { items, page: query.page, size: query.size, totalCount };
};

export const coverage: EndpointHandler<typeof api.coverage> = ({ services }) => municipalityRepo.coverage(services.db);

export const administrativeAreas: EndpointHandler<typeof api.administrativeAreas> = async ({ services }, { query }) => {
  const { items, totalCount } = await municipalityRepo.listAreas(services.db, query);
  return {
    data: items,
    links: pageLinks(api.administrativeAreas, query, query.page, query.size, totalCount),
    meta: { 'page-size': query.size, 'record-count': totalCount },
  };
};

export const administrativeAreaMap: EndpointHandler<typeof api.administrativeAreaMap> = async ({ services }, { params }) => {
  const found = await municipalityRepo.areaMap(services.db, params.id);
  if (!found) throw notFound('No administrative area has this id.', 'AREA_NOT_FOUND');
  return found;
};

export const addressCountIntegrations: EndpointHandler<typeof api.addressCountIntegrations> = ({ services }, { body }) =>
  addressCountRepo.countAddressRequest(services.db, body.addressId, body.details, 'integration');

export const getAddressCount: EndpointHandler<typeof api.getAddressCount> = ({ services, user }, { params }) => addressCountRepo.getAddressCount(services.db, params.id, user?.sub ?? null);

// Kept for the catalogue, made harmless: requests are counted when a permit request is stored
// (forms/submit.ts), so this changes nothing, ignores the caller's place name and answers what the
// signed-in caller may see, however often it is called.
export const putAddressCount: EndpointHandler<typeof api.putAddressCount> = ({ services, user }, { params }) => addressCountRepo.getAddressCount(services.db, params.id, user.sub);

export const tasks: EndpointHandler<typeof api.tasks> = ({ services }) => taskRepo.listTasks(services.db);

export const permitServices: EndpointHandler<typeof api.permitServices> = ({ services }) => taskRepo.permitServices(services.db);

export const task: EndpointHandler<typeof api.task> = async ({ services }, { params, query }) => {
  const found = await taskRepo.taskDetail(services.db, params.id, query.include);
  if (!found) throw notFound('No task has this id.', 'TASK_NOT_FOUND');
  return found;
};

export const fees: EndpointHandler<typeof api.fees> = async ({ services }, { query }) => {
  if (!(await taskRepo.taskExists(services.db, query.taskId))) throw notFound('No task has this id.', 'TASK_NOT_FOUND');
  return taskRepo.taskFees(services.db, query.taskId);
};

export const inspections: EndpointHandler<typeof api.inspections> = async ({ services }, { query }) => {
  if (!(await taskRepo.taskExists(services.db, query.taskId))) throw notFound('No task has this id.', 'TASK_NOT_FOUND');
  return taskRepo.taskInspections(services.db, query.taskId);
};

export const globalSettings: EndpointHandler<typeof api.globalSettings> = ({ services }) => settingsRepo.globalSettings(services.db);

export const permitStages: EndpointHandler<typeof api.permitStages> = ({ services }) => settingsRepo.permitStages(services.db);

export const states: EndpointHandler<typeof api.states> = ({ services }) => settingsRepo.listStates(services.db);

export const state: EndpointHandler<typeof api.state> = async ({ services }, { params }) => {
  const found = await settingsRepo.stateById(services.db, params.stateId);
  if (!found) throw notFound('No state has this id.', 'STATE_NOT_FOUND');
  return found;
};
