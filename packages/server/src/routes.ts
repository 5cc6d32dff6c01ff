// Every area's routes, in one list (each engineer adds one line). Static paths must be registered
// before parameterised ones that could shadow them.
import { registerCompanyRoutes } from './companies/companies.routes.js';
import type { App } from './http/context.js';
import { registerAccountRoutes } from './account/account.routes.js';
import { registerVerificationRoutes } from './verification/verification.routes.js';
import { registerIdentityRoutes } from './identity/identity.routes.js';
import { registerLookupRoutes } from './lookups/lookups.routes.js';
import { registerMailboxRoutes } from './mail/mailbox.routes.js';
import { registerStorageRoutes } from './storage/storage.routes.js';
import { registerPermitRoutes } from './permits/permits.routes.js';
import { registerDocumentRoutes } from './documents/documents.routes.js';
import { registerProjectRoutes } from './projects/projects.routes.js';
import { registerFormRoutes } from './forms/forms.routes.js';
import { registerOperatorRoutes } from './operator/operator.routes.js';
import { registerDeskRoutes } from './operator/desk/desk.routes.js';
import { registerOpsQueueRoutes } from './operator/queue/queue.routes.js';
import { registerPolicyRoutes } from './policies/policies.routes.js';
import { registerComplianceRoutes } from './compliance/compliance.routes.js';
import { registerComplianceLinkRoutes } from './compliance/public-links/links.routes.js';
import { registerReminderRoutes } from './compliance/reminders/reminders.routes.js';
import { registerCompanyCreateRoute, registerInvitationRoutes } from './invitations/invitations.routes.js';
import { registerVendorRoutes } from './vendors/vendors.routes.js';
import { registerIntegrationRoutes } from './integrations/integrations.routes.js';
import { registerEsignRoutes } from './esign/esign.routes.js';
import { registerDeskQuoteRoutes } from './integrations/desk-quotes.routes.js';
import { registerDirectoryRoutes } from './operator/directory/directory.routes.js';
import { registerActivityRoutes } from './activity/activity.routes.js';
import { registerExportRoutes } from './exports/exports.routes.js';
import { registerTeamRoutes } from './team/team.routes.js';
import { registerGateRoutes } from './gate/gate.routes.js';
import { registerFunnelRoutes } from './funnel/funnel.routes.js';
import { registerRateLimits } from './http/rate-limit.js';
import { registerPlatformRoutes } from './platform/platform.routes.js';
import { registerJobRoutes } from './jobs/jobs.routes.js';
import { registerStatusLinkRoutes } from './permits/status-links/status-links.routes.js';
import { registerWebhookRoutes } from './webhooks/webhooks.routes.js';

export function registerRoutes(app: App): void {
  registerRateLimits(app); // first: the limits run before the endpoints they guard
  registerIdentityRoutes(app);
  registerCompanyCreateRoute(app); // companies.create, first of the companies endpoints as before
  registerCompanyRoutes(app);
  registerLookupRoutes(app);
  registerVerificationRoutes(app);
  registerAccountRoutes(app);
  registerStorageRoutes(app);
  registerMailboxRoutes(app);
  registerPermitRoutes(app);
  registerDocumentRoutes(app);
  registerProjectRoutes(app);
  registerFormRoutes(app);
  registerOperatorRoutes(app);
  registerDeskRoutes(app);
  registerActivityRoutes(app);
  registerExportRoutes(app);
  registerTeamRoutes(app);
  registerOpsQueueRoutes(app);
  registerPolicyRoutes(app);
  registerComplianceRoutes(app);
  registerComplianceLinkRoutes(app);
  registerReminderRoutes(app);
  registerInvitationRoutes(app);
  registerVendorRoutes(app);
  registerIntegrationRoutes(app);
  registerEsignRoutes(app);
  registerDeskQuoteRoutes(app);
  registerDirectoryRoutes(app);
  registerPlatformRoutes(app);
  registerJobRoutes(app);
  registerStatusLinkRoutes(app);
  registerWebhookRoutes(app);
  registerGateRoutes(app);
  registerFunnelRoutes(app);
}
