// Public compliance links (issue 13): a company's owner or administrator creates, lists, reads (with every
// visit) and revokes links to its live compliance wallet; anyone holding a link opens it and downloads the
// files it allows, without an account.
import * as v from 'valibot';
import { idParamSchema } from '../schemas/common.js';
import { presignedDownloadSchema } from '../schemas/company.js';
import {
  complianceLinkDetailSchema,
  complianceLinkSchema,
  createComplianceLinkSchema,
  createdComplianceLinkSchema,
  linkDownloadRequestSchema,
  linkTokenParamsSchema,
  publicComplianceLinkSchema,
} from '../schemas/compliance-links.js';
import { endpoint } from './endpoint.js';

const company = v.object({ companyId: idParamSchema });
const oneLink = v.object({ companyId: idParamSchema, linkId: idParamSchema });

export const complianceLinkEndpoints = {
  list: endpoint({
    method: 'GET', path: '/v4/companies/{companyId}/compliance-links', auth: 'bearer',
    summary: "The company's public compliance links, newest first, with status, visits and the last visit (owners and administrators)",
    params: company, response: v.array(complianceLinkSchema),
  }),
  // Not a creatingEndpoint on purpose: an Idempotency-Key replay stores the answer, and this answer holds
  // the link's token, which must exist nowhere but in the creator's hands (only its SHA-256 is stored).
  create: endpoint({
    method: 'POST', path: '/v4/companies/{companyId}/compliance-links', auth: 'bearer',
    summary: 'Create a public link to the live compliance wallet (all or chosen items); the answer is the only time its address is shown',
    params: company, body: createComplianceLinkSchema, response: createdComplianceLinkSchema,
  }),
  get: endpoint({
    method: 'GET', path: '/v4/companies/{companyId}/compliance-links/{linkId}', auth: 'bearer',
    summary: 'One public link with every visit (time, approximate place, downloads)', params: oneLink, response: complianceLinkDetailSchema,
  }),
  revoke: endpoint({
    method: 'PUT', path: '/v4/companies/{companyId}/compliance-links/{linkId}/revoke', auth: 'bearer',
    summary: 'Revoke a public link: it stops working at once', params: oneLink, response: complianceLinkSchema,
  }),
  open: endpoint({
    method: 'GET', path: '/v4/public/compliance-links/{token}', auth: 'none',
    summary: "Open a public compliance link: the company's name and each item's live status (the visit is recorded)",
    params: linkTokenParamsSchema, response: publicComplianceLinkSchema,
  }),
  download: endpoint({
    method: 'POST', path: '/v4/public/compliance-links/{token}/downloads', auth: 'none',
    summary: 'A short-lived download URL for a file the link allows (the download is recorded)',
    params: linkTokenParamsSchema, body: linkDownloadRequestSchema, response: presignedDownloadSchema,
  }),
} as const;
