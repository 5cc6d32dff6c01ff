// Wiring of the public lookups (SPEC §7.1, §7.4) and the gazetteer's address search. Static paths come
// before parameterised ones that could shadow them.
import { endpoints } from '@permitdesk/core';
import type { App } from '../http/context.js';
import { registerEndpoint } from '../http/register.js';
import * as h from './lookups.handlers.js';

const api = endpoints.lookups;

export function registerLookupRoutes(app: App): void {
  registerEndpoint(app, api.searchAddresses, h.searchAddresses);
  registerEndpoint(app, api.geocodeAddress, h.geocodeAddress);
  registerEndpoint(app, api.servedRequests, h.servedRequests);
  registerEndpoint(app, api.municipalityBySlug, h.municipalityBySlug);
  registerEndpoint(app, api.municipalityByLocation, h.municipalityByLocation);
  registerEndpoint(app, api.municipalities, h.municipalities);
  registerEndpoint(app, api.coverage, h.coverage);
  registerEndpoint(app, api.administrativeAreas, h.administrativeAreas);
  registerEndpoint(app, api.administrativeAreaMap, h.administrativeAreaMap);
  // '/address-count/integrations' (POST) before '/address-count/{id}'.
  registerEndpoint(app, api.addressCountIntegrations, h.addressCountIntegrations);
  registerEndpoint(app, api.getAddressCount, h.getAddressCount);
  registerEndpoint(app, api.putAddressCount, h.putAddressCount);
  registerEndpoint(app, api.tasks, h.tasks);
  registerEndpoint(app, api.permitServices, h.permitServices);
  registerEndpoint(app, api.task, h.task);
  registerEndpoint(app, api.fees, h.fees);
  registerEndpoint(app, api.inspections, h.inspections);
  registerEndpoint(app, api.globalSettings, h.globalSettings);
  registerEndpoint(app, api.permitStages, h.permitStages);
  registerEndpoint(app, api.states, h.states);
  registerEndpoint(app, api.state, h.state);
}
