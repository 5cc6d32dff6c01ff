// Wiring of the CSV exports (core's exports group).
import { endpoints } from '@permitdesk/core';
import type { App } from '../http/context.js';
import { registerEndpoint } from '../http/register.js';
import * as h from './exports.handlers.js';

export function registerExportRoutes(app: App): void {
  const api = endpoints.exports;
  registerEndpoint(app, api.radarCsv, h.radarCsv);
  registerEndpoint(app, api.vaultCsv, h.vaultCsv);
  registerEndpoint(app, api.createLink, h.createExportLink);
  registerEndpoint(app, api.download, h.downloadExport);
}
