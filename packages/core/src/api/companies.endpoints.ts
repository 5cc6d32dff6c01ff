// Companies, roles, the compliance vault, documents and credentials (SPEC §7.3).
import * as v from 'valibot';
import { idParamSchema, okSchema, textSchema as text } from '../schemas/common.js';
import {
  companyDocumentUploadSchema,
  certificateInputSchema,
  certificateSchema,
  companyRolesResponseSchema,
  companySchema,
  complianceTypeSchema,
  createCompanySchema,
  credentialSchema,
  documentationInputSchema,
  documentationSchema,
  documentSchema,
  indicatorsSchema,
  insuranceInputSchema,
  insuranceSchema,
  licenseInputSchema,
  licenseSchema,
  presignedDownloadSchema,
  projectUpdateSchema,
  updateCompanySchema,
  updateUserTypeSchema,
  userTypeSchema,
  vendorSchema,
} from '../schemas/company.js';
import { presignedUploadSchema, projectSearchRowSchema } from '../schemas/permit.js';
import { invitationSchema } from '../schemas/invitation.js';
import { transferOwnerSchema } from '../schemas/account.js';
import { itemHistorySchema, sharedItemParamsSchema } from '../schemas/shared-access.js';
import { creatingEndpoint, endpoint } from './endpoint.js';

const id = v.object({ id: idParamSchema });
const listQuery = v.object({ keyword: v.optional(text(200)), status: v.optional(v.picklist(['active', 'archived'])) });
/** page from 1 and size (default 20), for header-paged company lists. */
const pageQuery = v.object({
  page: v.optional(v.pipe(v.unknown(), v.transform(Number), v.integer(), v.minValue(1), v.maxValue(100_000)), 1),
  size: v.optional(v.pipe(v.unknown(), v.transform(Number), v.integer(), v.minValue(1), v.maxValue(100)), 20),
});
const complianceKind = v.picklist(['license', 'insurance', 'certificate']);
/** The company whose own kinds are listed or added besides the common ones. */
const complianceTypeQuery = v.object({ type: complianceKind, companyId: v.optional(idParamSchema) });

/** list / one / search / create / update / archive / restore for one kind of vault item. */
function vaultEndpoints<Item extends v.GenericSchema, Input extends v.GenericSchema>(
  plural: string, itemKey: string, item: Item, input: Input,
) {
  const itemParams = v.object({ id: idParamSchema, [itemKey]: idParamSchema });
  const base = `/v4/companies/{id}/${plural}`;
  return {
    list: endpoint({ method: 'GET', path: base, auth: 'bearer', summary: `The company ${plural}`, params: id, query: listQuery, response: v.array(item) }),
    get: endpoint({ method: 'GET', path: `${base}/{${itemKey}}`, auth: 'bearer', summary: `One of the company ${plural}`, params: itemParams, response: item }),
    create: creatingEndpoint({ method: 'POST', path: base, auth: 'bearer', summary: `Add to the company ${plural}`, params: id, body: input, response: item }),
    update: endpoint({ method: 'PUT', path: `${base}/{${itemKey}}`, auth: 'bearer', summary: `Change one of the company ${plural}`, params: itemParams, body: input, response: item }),
    archive: endpoint({ method: 'DELETE', path: `${base}/{${itemKey}}`, auth: 'bearer', summary: `Archive one of the company ${plural}`, params: itemParams, response: item }),
    restore: endpoint({ method: 'POST', path: `${base}/{${itemKey}}/restore`, auth: 'bearer', summary: `Restore one of the company ${plural}`, params: itemParams, response: item }),
  } as const;
}

export const companyEndpoints = {
  create: creatingEndpoint({
    method: 'POST', path: '/v4/companies', auth: 'bearer', summary: 'Create a company (the caller becomes its owner)',
    query: v.object({ invitation: v.optional(idParamSchema) }), body: createCompanySchema, response: companySchema,
  }),
  list: endpoint({ method: 'GET', path: '/v4/companies', auth: 'bearer', summary: 'Companies of the signed-in user (no guest roles)', response: v.array(companySchema) }),
  get: endpoint({ method: 'GET', path: '/v4/companies/{id}', auth: 'bearer', summary: 'One company', params: id, response: companySchema }),
  update: endpoint({ method: 'PATCH', path: '/v4/companies/{id}', auth: 'bearer', summary: 'Update the company profile', params: id, body: updateCompanySchema, response: companySchema }),
  vendors: endpoint({ method: 'GET', path: '/v4/companies/{id}/vendors', auth: 'bearer', summary: 'Vendors of a company', params: id, response: v.array(vendorSchema) }),
  individualVendors: endpoint({ method: 'GET', path: '/v4/companies/individual/vendors', auth: 'bearer', summary: 'Vendors of the personal account', response: v.array(vendorSchema) }),
  vendor: endpoint({
    method: 'GET', path: '/v4/companies/{companyId}/vendors/{vendorId}', auth: 'bearer', summary: 'One vendor link',
    params: v.object({ companyId: idParamSchema, vendorId: idParamSchema }), response: vendorSchema,
  }),
  updateVendorProfile: endpoint({
    method: 'PATCH', path: '/v4/companies/{companyId}/vendors/{vendorId}', auth: 'bearer', summary: 'Update the vendor information',
    params: v.object({ companyId: idParamSchema, vendorId: idParamSchema }), body: updateCompanySchema, response: vendorSchema,
  }),
  transferOwner: endpoint({
    method: 'POST', path: '/v4/companies/{id}/owner', auth: 'bearer',
    summary: 'Hand the owner role to another active member (owner only); the caller becomes an Administrator',
    params: id, body: transferOwnerSchema, response: okSchema,
  }),
  // Issue 13: the client ends a vendor relation (SPEC §7.3 has no call for it): the link and the wallet
  // the vendor shared with it end at once (Revoked 12 / 22), and so does the onboarding that made it.
  endVendor: endpoint({
    method: 'DELETE', path: '/v4/companies/{companyId}/vendors/{vendorId}', auth: 'bearer', summary: 'End a vendor relation',
    params: v.object({ companyId: idParamSchema, vendorId: idParamSchema }), response: vendorSchema,
  }),
  roles: endpoint({ method: 'GET', path: '/v4/companies/{id}/roles', auth: 'bearer', summary: 'Users and their roles in a company', params: id, response: companyRolesResponseSchema }),
  assignedProjects: endpoint({
    method: 'GET', path: '/v4/companies/{id}/assigned-projects', auth: 'bearer', summary: 'Projects assigned to a company',
    params: id, query: pageQuery, response: projectSearchRowSchema, paging: 'headers',
  }),
  projectUpdates: endpoint({
    method: 'GET', path: '/v4/companies/{id}/project-updates', auth: 'bearer', summary: 'Recent permit updates (the Updates badge)',
    params: id, response: v.array(projectUpdateSchema),
  }),
  markProjectUpdatesRead: endpoint({
    method: 'POST', path: '/v4/companies/{id}/project-updates/read', auth: 'bearer', summary: 'Mark the company recent updates as read (clears the Updates badge)',
    params: id, response: okSchema,
  }),
  guestFors: endpoint({ method: 'GET', path: '/v4/companies/{id}/guest-fors', auth: 'bearer', summary: 'Companies this one is a guest of', params: id, response: v.array(companySchema) }),
  vendorFors: endpoint({
    method: 'GET', path: '/v4/companies/{id}/vendor-fors', auth: 'bearer', summary: 'Companies this one is a vendor for',
    params: id, query: v.object({ all: v.optional(v.picklist(['true', 'false'])) }), response: v.array(companySchema),
  }),
  documents: endpoint({ method: 'GET', path: '/v4/companies/{id}/documents', auth: 'bearer', summary: 'All files of a company', params: id, response: v.array(documentSchema) }),
  uploadDocument: creatingEndpoint({
    method: 'POST', path: '/v4/companies/{id}/documents', auth: 'bearer',
    summary: 'Register a file for a license, insurance, certificate or documentation and get a presigned URL to upload its bytes (up to 50,000,000 bytes)',
    params: id, body: companyDocumentUploadSchema, response: presignedUploadSchema,
  }),
  sharedCompliance: endpoint({
    method: 'GET', path: '/v4/companies/{vendorId}/compliance/shared', auth: 'bearer', summary: 'A vendor wallet shared with a company',
    params: v.object({ vendorId: idParamSchema }),
    query: v.object({ 'vendor-for': text(50), 'include-version': v.optional(v.picklist(['true', 'false'])) }),
    response: v.object({ licenses: v.array(licenseSchema), insurances: v.array(insuranceSchema), certificates: v.array(certificateSchema) }),
  }),
  // Issue 13: a shared item's history (file versions, changes) and the downloads of it by the companies it is shared with.
  itemHistory: endpoint({
    method: 'GET', path: '/v4/companies/{id}/compliance/{kind}/{itemId}/history', auth: 'bearer', summary: 'A vault item\'s versions, changes and shared downloads',
    params: sharedItemParamsSchema, response: itemHistorySchema,
  }),
  licenses: vaultEndpoints('licenses', 'licenseId', licenseSchema, licenseInputSchema),
  insurances: vaultEndpoints('insurances', 'insuranceId', insuranceSchema, insuranceInputSchema),
  certificates: vaultEndpoints('certificates', 'certificateId', certificateSchema, certificateInputSchema),
  documentations: vaultEndpoints('documentations', 'documentId', documentationSchema, documentationInputSchema),
  invitations: endpoint({
    method: 'GET', path: '/v4/companies/{id}/invitations', auth: 'bearer', summary: 'Invitations a company has sent',
    params: id, response: v.array(invitationSchema),
  }),
} as const;

export const roleEndpoints = {
  remove: endpoint({
    method: 'DELETE', path: '/v4/roles/user-types/{id}', auth: 'bearer', summary: 'Remove a user role (owner only)',
    params: id, response: okSchema,
  }),
  update: endpoint({
    method: 'PUT', path: '/v4/roles/user-types/{id}', auth: 'bearer', summary: 'Change a user role or disable it',
    params: id, body: updateUserTypeSchema, response: userTypeSchema,
  }),
} as const;

export const documentEndpoints = {
  list: endpoint({
    method: 'GET', path: '/v4/documents', auth: 'bearer', summary: 'Documents attached to something',
    query: v.object({ documentable_id: text(50), documentable_type: v.picklist(['Permit', 'Project', 'Company', 'License', 'Insurance', 'Certificate']) }),
    response: v.array(documentSchema),
  }),
  presignedDownload: endpoint({
    method: 'GET', path: '/v4/s3/presigned', auth: 'bearer', summary: 'A short-lived download URL for a stored file',
    query: v.object({ file: text(500) }), response: presignedDownloadSchema,
  }),
  cloudfrontPresigned: endpoint({
    method: 'POST', path: '/app/cloudfront/presigned', auth: 'bearer', summary: 'A short-lived URL for an original file URL',
    body: v.object({ originalUrl: text(2000) }), response: presignedDownloadSchema,
  }),
  credentials: endpoint({
    method: 'GET', path: '/v4/credentials', auth: 'bearer', summary: 'Expiration credentials of a company',
    query: v.object({ companyId: idParamSchema }), response: v.array(credentialSchema),
  }),
  indicators: endpoint({
    method: 'GET', path: '/v4/indicators/companies', auth: 'bearer', summary: 'Compliance indicators per company',
    query: v.object({ ids: v.pipe(text(1000), v.regex(/^\d+(,\d+)*$/)), 'vendor-for': v.optional(text(50)) }),
    response: v.array(indicatorsSchema),
  }),
  complianceTypes: endpoint({
    method: 'GET', path: '/v4/compliance-types', auth: 'bearer', summary: 'Kinds of license, insurance or certificate',
    query: complianceTypeQuery, response: v.array(complianceTypeSchema),
  }),
  createComplianceType: creatingEndpoint({
    method: 'POST', path: '/v4/compliance-types', auth: 'bearer', summary: 'Add a kind of license, insurance or certificate',
    query: complianceTypeQuery,
    body: v.object({ name: v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(200)) }), response: complianceTypeSchema,
  }),
} as const;
