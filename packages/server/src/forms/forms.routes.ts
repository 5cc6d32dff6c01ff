// Wiring of the form engine's calls (core's forms group) and form 32's integration records to core's
// catalogue.
import { endpoints } from '@permitdesk/core';
import type { App } from '../http/context.js';
import { registerEndpoint } from '../http/register.js';
import * as h from './forms.handlers.js';

export function registerFormRoutes(app: App): void {
  const api = endpoints.forms;
  registerEndpoint(app, api.definition, h.formDefinitionHandler);
  registerEndpoint(app, api.entryData, h.entryDataHandler);
  registerEndpoint(app, api.submit, h.submitFormHandler);
  registerEndpoint(app, api.licenseLookup, h.licenseLookupHandler);
  registerEndpoint(app, endpoints.integrations.webhook, h.integrationRecordHandler);
}
