// The public lookups of SPEC §7.1 (app-start calls) and §7.4, plus the gazetteer's address search.
// Static paths come before parameterised ones that could shadow them.
import { endpoints, type EndpointDef } from '@permitdesk/core';
import type { App } from '../http/context.js';
import { HttpError, notFound } from '../http/errors.js';
import { registerEndpoint } from '../http/register.js';
import { countAddressRequest, getAddressCount, servedRequests } from './address-counts.repository.js';
import { governingMunicipality, municipalityAlternatives } from './governing-municipality.js';
import {
  areaMap,
  coverage,
  listAreas,
  listMunicipalities,
  municipalityBySlug,
} from './municipalities.repository.js';
import { globalSettings, listStates, permitStages, stateById } from './settings.repository.js';
import { listTasks, permitServices, taskDetail, taskExists, taskFees, taskInspections } from './tasks.repository.js';

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

export function registerLookupRoutes(app: App): void {
  registerEndpoint(app, api.searchAddresses, ({ services }, { query }) =>
    viaProvider(() => services.geo.addresses.search(query.q, query.limit)),
  );
  registerEndpoint(app, api.geocodeAddress, async ({ services }, { params }) => {
    const found = await viaProvider(() => services.geo.addresses.geocode(params.id));
    if (!found) throw notFound("Uh oh! We couldn't find that address.", 'ADDRESS_NOT_FOUND');
    return found;
  });
  registerEndpoint(app, api.servedRequests, async ({ services }) => ({ count: await servedRequests(services.db) }));

  registerEndpoint(app, api.municipalityBySlug, async ({ services }, { query }) => {
    const found = await municipalityBySlug(services.db, query.slug);
    if (!found) throw notFound('No municipality has this slug.', 'MUNICIPALITY_NOT_FOUND');
    return found;
  });
  registerEndpoint(app, api.municipalityByLocation, async ({ services }, { query }) => {
    const address = { latitude: query.lat, longitude: query.lon, city: query.city, state: query.state, zip: query.zip };
    const found = await governingMunicipality(services, address);
    if (!found) throw notFound('No municipality we cover governs this location.', 'MUNICIPALITY_NOT_FOUND');
    // When the data cannot tell, the other candidate goes along for the visitor to choose.
    const alternatives = municipalityAlternatives(services.geo, address);
    return alternatives.length > 0 ? { ...found, alternatives } : found;
  });
  registerEndpoint(app, api.municipalities, async ({ services }, { query }) => {
    const { items, totalCount } = await listMunicipalities(services.db, query);
    return { items, page: query.page, size: query.size, totalCount };
  });
  registerEndpoint(app, api.coverage, ({ services }) => coverage(services.db));
  registerEndpoint(app, api.administrativeAreas, async ({ services }, { query }) => {
    const { items, totalCount } = await listAreas(services.db, query);
    return {
      data: items,
      links: pageLinks(api.administrativeAreas, query, query.page, query.size, totalCount),
      meta: { 'page-size': query.size, 'record-count': totalCount },
    };
  });
  registerEndpoint(app, api.administrativeAreaMap, async ({ services }, { params }) => {
    const found = await areaMap(services.db, params.id);
    if (!found) throw notFound('No administrative area has this id.', 'AREA_NOT_FOUND');
    return found;
  });

  // '/address-count/integrations' (POST) before '/address-count/{id}'.
  registerEndpoint(app, api.addressCountIntegrations, ({ services }, { body }) =>
    countAddressRequest(services.db, body.addressId, body.details, 'integration'),
  );
  registerEndpoint(app, api.getAddressCount, ({ services, user }, { params }) => getAddressCount(services.db, params.id, user?.sub ?? null));
  // Kept for the catalogue, made harmless: requests are counted when a permit request is stored
  // (forms/submit.ts), so this changes nothing, ignores the caller's place name and answers what the
  // signed-in caller may see, however often it is called.
  registerEndpoint(app, api.putAddressCount, ({ services, user }, { params }) => getAddressCount(services.db, params.id, user.sub));

  registerEndpoint(app, api.tasks, ({ services }) => listTasks(services.db));
  registerEndpoint(app, api.permitServices, ({ services }) => permitServices(services.db));
  registerEndpoint(app, api.task, async ({ services }, { params, query }) => {
    const found = await taskDetail(services.db, params.id, query.include);
    if (!found) throw notFound('No task has this id.', 'TASK_NOT_FOUND');
    return found;
  });
  registerEndpoint(app, api.fees, async ({ services }, { query }) => {
    if (!(await taskExists(services.db, query.taskId))) throw notFound('No task has this id.', 'TASK_NOT_FOUND');
    return taskFees(services.db, query.taskId);
  });
  registerEndpoint(app, api.inspections, async ({ services }, { query }) => {
    if (!(await taskExists(services.db, query.taskId))) throw notFound('No task has this id.', 'TASK_NOT_FOUND');
    return taskInspections(services.db, query.taskId);
  });
  registerEndpoint(app, api.globalSettings, ({ services }) => globalSettings(services.db));
  registerEndpoint(app, api.permitStages, ({ services }) => permitStages(services.db));
  registerEndpoint(app, api.states, ({ services }) => listStates(services.db));
  registerEndpoint(app, api.state, async ({ services }, { params }) => {
    const found = await stateById(services.db, params.stateId);
    if (!found) throw notFound('No state has this id.', 'STATE_NOT_FOUND');
    return found;
  });
}
