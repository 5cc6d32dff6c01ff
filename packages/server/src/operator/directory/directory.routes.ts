// Wiring of the municipality directory (core's opsQuotes group: municipalities, municipality,
// updateMunicipality). The quote calls of the same group are wired by integrations/desk-quotes.routes.ts.
import { endpoints } from '@permitdesk/core';
import type { App } from '../../http/context.js';
import { registerEndpoint } from '../../http/register.js';
import * as h from './directory.handlers.js';

export function registerDirectoryRoutes(app: App): void {
  const api = endpoints.opsQuotes;
  registerEndpoint(app, api.municipalities, h.municipalitiesHandler);
  registerEndpoint(app, api.municipality, h.municipalityHandler);
  registerEndpoint(app, api.updateMunicipality, h.updateMunicipalityHandler);
}
