// Integrations (catalogue: integrations.userByEmail, quote / updateQuote / createQuote, esignDocument /
// esignPasscode / esignDownload / esignResend). The webhook integration record (integrations.webhook)
// is served by the forms area, which stores form 32.
import { endpoints } from '@permitdesk/core';
import type { App } from '../http/context.js';
import { registerEndpoint } from '../http/register.js';
import { requireStaff } from '../staff/staff.js';
import { downloadEsign, esignDocumentOf, passcode, resendEsign } from './esign.js';
import { answerQuote, getQuote, issueQuote } from './quotes.js';

const i = endpoints.integrations;

export function registerIntegrationRoutes(app: App): void {
  // GET /users/{email}: whether an account exists for an address, and whether it is verified.
  registerEndpoint(app, i.userByEmail, async ({ services }, { params }) => {
    const user = await services.identity.findByEmail(params.email);
    return { email: params.email, exists: user !== null, verified: user?.email_verified ?? false };
  });

  registerEndpoint(app, i.quote, ({ services }, { params, headers }) => getQuote(services.db, params.quoteId, headers, services.clock()));
  registerEndpoint(app, i.updateQuote, ({ services }, { params, headers, body }) => answerQuote(services.db, params.quoteId, headers, body, services.clock()));
  registerEndpoint(app, i.createQuote, async ({ services, user }, { params, body }) => {
    await requireStaff(services.db, user.sub);
    return issueQuote(services.db, params.quoteId, body, user.sub, services.clock());
  });

  registerEndpoint(app, i.esignDocument, ({ services, user }, { params }) => esignDocumentOf(services, services.db, user, params.id, params.type));
  registerEndpoint(app, i.esignPasscode, ({ services, user }) => passcode(services, services.db, user));
  registerEndpoint(app, i.esignDownload, ({ services, user }, { params }) => downloadEsign(services, services.db, user, params.id));
  registerEndpoint(app, i.esignResend, ({ services, user }, { params }) => resendEsign(services, services.db, user, params.id));
}
