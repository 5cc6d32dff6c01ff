// Wiring of the companies endpoints (catalogue: companies.list/get/update, companies.roles,
// roles.remove/update, companyLookups.companyInfo, lookups.companyNameAvailable). companies.create is registered by invitations/
// (invitations.routes.ts), just before these, as it also answers an invitation.
import { endpoints } from '@permitdesk/core';
import type { App } from '../http/context.js';
import { registerEndpoint } from '../http/register.js';
import * as h from './companies.handlers.js';

const c = endpoints.companies;

export function registerCompanyRoutes(app: App): void {
  registerEndpoint(app, c.list, h.listCompanies);
  registerEndpoint(app, c.get, h.getCompany);
  registerEndpoint(app, c.update, h.updateCompany);
  registerEndpoint(app, c.roles, h.companyRoles);
  registerEndpoint(app, c.transferOwner, h.transferOwner);
  registerEndpoint(app, endpoints.roles.remove, h.removeRole);
  registerEndpoint(app, endpoints.roles.update, h.updateRole);
  registerEndpoint(app, endpoints.companyLookups.companyInfo, h.companyInfo);
  registerEndpoint(app, endpoints.lookups.companyNameAvailable, h.companyNameAvailable);
}
