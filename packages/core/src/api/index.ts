// Every call of SPEC §7, grouped by area. The client, the server and /openapi.json all read this table.
import { auditEndpoints } from './audit.endpoints.js';
import { companyEndpoints, documentEndpoints, roleEndpoints } from './companies.endpoints.js';
import { complianceLinkEndpoints } from './compliance-links.endpoints.js';
import { exportEndpoints } from './exports.endpoints.js';
import { esignEndpoints } from './esign.endpoints.js';
import { formEndpoints } from './forms.endpoints.js';
import { funnelEndpoints } from './funnel.endpoints.js';
import { gateEndpoints } from './gate.endpoints.js';
import { guestAccessEndpoints } from './guest-access.endpoints.js';
import { jobEndpoints } from './jobs.endpoints.js';
import { webhookEndpoints } from './webhooks.endpoints.js';
import { accountSelfServiceEndpoints } from './account.endpoints.js';
import { accountEndpoints, identityEndpoints } from './identity.endpoints.js';
import { integrationEndpoints } from './integrations.endpoints.js';
import { companyLookupEndpoints, invitationEndpoints } from './invitations.endpoints.js';
import { lookupEndpoints } from './lookup.endpoints.js';
import { operatorEndpoints } from './operator.endpoints.js';
import { opsQuoteEndpoints } from './ops-quotes.endpoints.js';
import { opsDeskEndpoints } from './ops-desk.endpoints.js';
import { opsQueueEndpoints } from './ops-queue.endpoints.js';
import { permitEndpoints, projectEndpoints } from './permits.endpoints.js';
import { verificationEndpoints } from './verification.endpoints.js';
import { uploadEndpoints } from './uploads.endpoints.js';
import { statusLinkEndpoints } from './status-links.endpoints.js';
import { reminderEndpoints } from './reminders.endpoints.js';
import { platformEndpoints } from './platform.endpoints.js';

export * from './endpoint.js';
export { municipalityLocationQuery } from './lookup.endpoints.js';
/** Each area on its own, for clients that need only a few (the widget's bundle stays small). */
export {
  accountEndpoints,
  accountSelfServiceEndpoints,
  auditEndpoints,
  companyEndpoints,
  companyLookupEndpoints,
  complianceLinkEndpoints,
  documentEndpoints,
  exportEndpoints,
  esignEndpoints,
  formEndpoints,
  funnelEndpoints,
  gateEndpoints,
  guestAccessEndpoints,
  identityEndpoints,
  integrationEndpoints,
  invitationEndpoints,
  jobEndpoints,
  lookupEndpoints,
  operatorEndpoints,
  opsQuoteEndpoints,
  opsDeskEndpoints,
  opsQueueEndpoints,
  permitEndpoints,
  platformEndpoints,
  projectEndpoints,
  reminderEndpoints,
  roleEndpoints,
  statusLinkEndpoints,
  uploadEndpoints,
  verificationEndpoints,
  webhookEndpoints,
};

export const endpoints = {
  identity: identityEndpoints,
  account: { ...accountEndpoints, ...accountSelfServiceEndpoints },
  lookups: lookupEndpoints,
  companyLookups: companyLookupEndpoints,
  verification: verificationEndpoints,
  forms: formEndpoints,
  permits: permitEndpoints,
  projects: projectEndpoints,
  companies: companyEndpoints,
  roles: roleEndpoints,
  documents: documentEndpoints,
  exports: exportEndpoints,
  invitations: invitationEndpoints,
  integrations: integrationEndpoints,
  operator: operatorEndpoints,
  opsQuotes: opsQuoteEndpoints,
  opsDesk: opsDeskEndpoints,
  audit: auditEndpoints,
  opsQueue: opsQueueEndpoints,
  guestAccess: guestAccessEndpoints,
  complianceLinks: complianceLinkEndpoints,
  esign: esignEndpoints,
  reminders: reminderEndpoints,
  platform: platformEndpoints,
  jobs: jobEndpoints,
  statusLinks: statusLinkEndpoints,
  uploads: uploadEndpoints,
  webhooks: webhookEndpoints,
  gate: gateEndpoints,
  funnel: funnelEndpoints,
} as const;
export type Endpoints = typeof endpoints;
