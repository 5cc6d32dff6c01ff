// Wiring of the compliance center's calls to core's catalogue: the vault (licenses, insurances,
// certificates, documentations), company files, indicators, credentials, compliance types, assigned
// projects, guest-fors and vendor-fors. GET /v4/documents and /v4/s3/presigned are wired by documents/,
// which reads the vault's files through vault-documents.ts.
import { endpoints } from '@permitdesk/core';
import type { App } from '../http/context.js';
import { registerEndpoint } from '../http/register.js';
import * as h from './compliance.handlers.js';

export function registerComplianceRoutes(app: App): void {
  const c = endpoints.companies;
  const groups = [
    [c.licenses, h.vaultHandlers('license')],
    [c.insurances, h.vaultHandlers('insurance')],
    [c.certificates, h.vaultHandlers('certificate')],
    [c.documentations, h.documentationHandlers()],
  ] as const;
  for (const [group, handlers] of groups) {
    // The handlers read the parsed parameters by name (see VaultRequest).
    registerEndpoint(app, group.list, handlers.list as never);
    registerEndpoint(app, group.get, handlers.get as never);
    registerEndpoint(app, group.create, handlers.create as never);
    registerEndpoint(app, group.update, handlers.update as never);
    registerEndpoint(app, group.archive, handlers.archive as never);
    registerEndpoint(app, group.restore, handlers.restore as never);
  }
  registerEndpoint(app, c.itemHistory, h.itemHistoryHandler);
  registerEndpoint(app, c.documents, h.companyDocuments);
  registerEndpoint(app, c.uploadDocument, h.uploadCompanyDocument);
  registerEndpoint(app, c.assignedProjects, h.assignedProjectsHandler);
  registerEndpoint(app, c.guestFors, h.guestForsHandler);
  registerEndpoint(app, c.vendorFors, h.vendorForsHandler);
  registerEndpoint(app, endpoints.documents.credentials, h.credentialsHandler);
  registerEndpoint(app, endpoints.documents.indicators, h.indicatorsHandler);
  registerEndpoint(app, endpoints.documents.complianceTypes, h.complianceTypesHandler);
  registerEndpoint(app, endpoints.documents.createComplianceType, h.createComplianceTypeHandler);
}
