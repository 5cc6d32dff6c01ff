// Wiring of the desk quotes (core's opsQuotes group: permitQuotes, issueQuote, quote, acceptQuote,
// declineQuote). The directory calls of the same group are wired by operator/directory/.
import { endpoints } from '@permitdesk/core';
import type { App } from '../http/context.js';
import { registerEndpoint } from '../http/register.js';
import * as h from './desk-quotes.handlers.js';

export function registerDeskQuoteRoutes(app: App): void {
  const api = endpoints.opsQuotes;
  registerEndpoint(app, api.permitQuotes, h.permitQuotesHandler);
  registerEndpoint(app, api.issueQuote, h.issueQuoteHandler);
  registerEndpoint(app, api.quote, h.quoteHandler);
  registerEndpoint(app, api.acceptQuote, h.acceptQuoteHandler);
  registerEndpoint(app, api.declineQuote, h.declineQuoteHandler);
}
