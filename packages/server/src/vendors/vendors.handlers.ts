// Vendors and shared compliance (catalogue: companies.vendors / individualVendors / vendor /
// updateVendorProfile / sharedCompliance, companyLookups.vendors / emailDomain /
// compliancePermissionDocuments): each handler reads the caller into an InvitationCtx, checks their
// membership and calls vendor-links.ts or shared-compliance.ts.
import { endpoints } from '@permitdesk/core';
import { NO_COMPANY_ACCESS } from '../companies/company-access.js';
import { badRequest, forbidden } from '../http/errors.js';
import type { EndpointHandler } from '../http/register.js';
import { invitationCtx, requireManager, type InvitationCtx } from '../invitations/invitation-context.js';
import { manages, memberCompanies, memberOf } from '../invitations/viewer.js';
import { companiesUsingDomain } from '../companies/email-domain.js';
import { endVendorLink } from './end-vendor.js';
import { permissionDocuments, sharedCompliance, VENDOR_FOR_INVALID } from './shared-compliance.js';
import { companyVendors, isIndividual, personalVendors, searchVendors, updateVendorRecord, vendorLink } from './vendor-links.js';

const c = endpoints.companies;
const l = endpoints.companyLookups;

function requireMember(ctx: InvitationCtx, companyId: number): void {
  if (!memberOf(ctx.viewer, companyId)) throw forbidden(NO_COMPANY_ACCESS, 'COMPANY_FORBIDDEN');
}

export const individualVendors: EndpointHandler<typeof c.individualVendors> = async ({ services, user }) => {
  const ctx = await invitationCtx(services, user);
  return personalVendors(ctx.db, ctx.viewer.sub);
};

export const companyVendorList: EndpointHandler<typeof c.vendors> = async ({ services, user }, { params }) => {
  const ctx = await invitationCtx(services, user);
  requireMember(ctx, params.id);
  return companyVendors(ctx.db, params.id);
};

export const vendorRecord: EndpointHandler<typeof c.vendor> = async ({ services, user }, { params }) => {
  const ctx = await invitationCtx(services, user);
  // The client's members read their record of the vendor; the vendor's members may read it too.
  if (!memberOf(ctx.viewer, params.companyId) && !memberOf(ctx.viewer, params.vendorId)) throw forbidden(NO_COMPANY_ACCESS, 'COMPANY_FORBIDDEN');
  return vendorLink(ctx.db, params.companyId, params.vendorId);
};

export const updateVendorProfile: EndpointHandler<typeof c.updateVendorProfile> = async ({ services, user }, { params, body }) => {
  const ctx = await invitationCtx(services, user);
  requireManager(ctx, params.companyId);
  return updateVendorRecord(ctx.db, params.companyId, params.vendorId, body, ctx.now);
};

/**
 * Issue 13: either side ends a vendor relation (and the wallet it opened): the client's owner or an
 * administrator (the wallet's recipient leaves it), or the vendor's (the wallet's owner stops sharing).
 */
export const endVendor: EndpointHandler<typeof c.endVendor> = async ({ services, user }, { params }) => {
  const ctx = await invitationCtx(services, user);
  const byVendor = !manages(ctx.viewer, params.companyId) && manages(ctx.viewer, params.vendorId);
  if (!byVendor) requireManager(ctx, params.companyId);
  return endVendorLink(ctx, params.companyId, params.vendorId, byVendor ? 'vendor' : 'client');
};

export const sharedComplianceOfVendor: EndpointHandler<typeof c.sharedCompliance> = async ({ services, user }, { params, query }) =>
  sharedCompliance(await invitationCtx(services, user), params.vendorId, query['vendor-for']);

export const searchVendorList: EndpointHandler<typeof l.vendors> = async ({ services, user }, { query }) => {
  const ctx = await invitationCtx(services, user);
  const vendorFor = query['vendor-for'];
  let clientCompanyIds = memberCompanies(ctx.viewer);
  let personal = true;
  if (vendorFor !== undefined && isIndividual(vendorFor)) clientCompanyIds = [];
  else if (vendorFor !== undefined) {
    if (!/^[1-9]\d{0,15}$/.test(vendorFor)) throw badRequest(VENDOR_FOR_INVALID, 'VALIDATION_ERROR');
    requireMember(ctx, Number(vendorFor));
    clientCompanyIds = [Number(vendorFor)];
    personal = false;
  }
  const page = await searchVendors(ctx.db, { userId: ctx.viewer.sub, clientCompanyIds, personal, keyword: query.keyword, page: query.page, size: query.size, descending: query.sort === '-customerName' });
  return { items: page.items, page: query.page, size: query.size, totalCount: page.totalCount };
};

export const companiesUsingEmailDomain: EndpointHandler<typeof l.emailDomain> = async ({ services, user }, { query }) => {
  const ctx = await invitationCtx(services, user);
  return companiesUsingDomain(ctx.db, query.email, {
    excludeUserId: query['exclude-owner'] === 'true' ? ctx.viewer.sub : null,
    excludeCompanyIds: query['exclude-vendor'] === undefined ? [] : [query['exclude-vendor']],
  });
};

export const compliancePermissionDocuments: EndpointHandler<typeof l.compliancePermissionDocuments> = async ({ services, user }, { query }) => permissionDocuments(await invitationCtx(services, user), query.invitation);
