// Wiring of the integration calls (catalogue: integrations.userByEmail, quote / updateQuote / createQuote,
// esignDocument / esignPasscode / esignDownload / esignResend). The webhook integration record
// (integrations.webhook) is wired by the forms area, which stores form 32.
import { endpoints } from '@permitdesk/core';
import type { App } from '../http/context.js';
import { registerEndpoint } from '../http/register.js';
import * as h from './integrations.handlers.js';

export function registerIntegrationRoutes(app: App): void {
  const api = endpoints.integrations;
  registerEndpoint(app, api.userByEmail, h.userByEmailHandler);
  registerEndpoint(app, api.quote, h.quoteHandler);
  registerEndpoint(app, api.updateQuote, h.updateQuoteHandler);
  registerEndpoint(app, api.createQuote, h.createQuoteHandler);
  registerEndpoint(app, api.esignDocument, h.esignDocumentHandler);
  registerEndpoint(app, api.esignPasscode, h.esignPasscodeHandler);
  registerEndpoint(app, api.esignDownload, h.esignDownloadHandler);
  registerEndpoint(app, api.esignResend, h.esignResendHandler);
}
