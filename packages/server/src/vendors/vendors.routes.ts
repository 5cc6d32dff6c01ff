// Wiring of the vendors and shared-compliance endpoints. /v4/companies/individual/vendors is registered
// before the /v4/companies/{id}/vendors pattern it would otherwise fall into.
import { endpoints } from '@permitdesk/core';
import type { App } from '../http/context.js';
import { registerEndpoint } from '../http/register.js';
import * as h from './vendors.handlers.js';

const c = endpoints.companies;
const l = endpoints.companyLookups;

export function registerVendorRoutes(app: App): void {
  registerEndpoint(app, c.individualVendors, h.individualVendors);
  registerEndpoint(app, c.vendors, h.companyVendorList);
  registerEndpoint(app, c.vendor, h.vendorRecord);
  registerEndpoint(app, c.updateVendorProfile, h.updateVendorProfile);
  registerEndpoint(app, c.endVendor, h.endVendor);
  registerEndpoint(app, c.sharedCompliance, h.sharedComplianceOfVendor);
  registerEndpoint(app, l.vendors, h.searchVendorList);
  registerEndpoint(app, l.emailDomain, h.companiesUsingEmailDomain);
  registerEndpoint(app, l.compliancePermissionDocuments, h.compliancePermissionDocuments);
}
