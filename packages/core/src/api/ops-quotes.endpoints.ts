// Issue 12: the permit team issues quotes from the desk and the customer answers them signed in
// (GET /v4/quotes/{quoteId}, accept, decline); the municipality directory the team keeps. The SPEC's
// header path (/v1/permit-quote/{quoteId}, integrations.endpoints.ts) stays the external integration's.
import * as v from 'valibot';
import { idParamSchema, textSchema } from '../schemas/common.js';
import {
  directoryDetailSchema,
  directoryInputSchema,
  directoryMunicipalitySchema,
  directoryQuerySchema,
  permitQuoteSchema,
  quoteDeclineSchema,
  quoteIssueSchema,
} from '../schemas/ops-quotes.js';
import { creatingEndpoint, endpoint } from './endpoint.js';

const idParams = v.object({ id: idParamSchema });
const quoteParams = v.object({ quoteId: v.pipe(textSchema(100), v.nonEmpty()) });

export const opsQuoteEndpoints = {
  permitQuotes: endpoint({
    method: 'GET', path: '/v4/operator/permits/{id}/quotes', auth: 'bearer', summary: "A permit's quotes, newest first (permit team)",
    params: idParams, response: v.array(permitQuoteSchema),
  }),
  issueQuote: creatingEndpoint({
    method: 'POST', path: '/v4/operator/permits/{id}/quotes', auth: 'bearer',
    summary: 'Issue a quote for a permit (line items, valid until); the customer is mailed the link to /quote/{quoteId}',
    params: idParams, body: quoteIssueSchema, response: permitQuoteSchema,
  }),
  quote: endpoint({
    method: 'GET', path: '/v4/quotes/{quoteId}', auth: 'bearer', summary: "A quote, for whoever may read its permit",
    params: quoteParams, response: permitQuoteSchema,
  }),
  acceptQuote: endpoint({
    method: 'POST', path: '/v4/quotes/{quoteId}/accept', auth: 'bearer',
    summary: 'Accept a pending quote: the order is recorded and the permit moves to its next stage',
    params: quoteParams, response: permitQuoteSchema,
  }),
  declineQuote: endpoint({
    method: 'POST', path: '/v4/quotes/{quoteId}/decline', auth: 'bearer', summary: 'Decline a pending quote (the permit team is told)',
    params: quoteParams, body: quoteDeclineSchema, response: permitQuoteSchema,
  }),
  municipalities: endpoint({
    method: 'GET', path: '/v4/operator/municipalities', auth: 'bearer', summary: 'The municipality directory: search by keyword and state (permit team)',
    query: directoryQuerySchema, response: directoryMunicipalitySchema, paging: 'headers',
  }),
  municipality: endpoint({
    method: 'GET', path: '/v4/operator/municipalities/{id}', auth: 'bearer', summary: "A municipality's directory entry and its versions (permit team)",
    params: idParams, response: directoryDetailSchema,
  }),
  updateMunicipality: endpoint({
    method: 'PUT', path: '/v4/operator/municipalities/{id}', auth: 'bearer', summary: "Change a municipality's directory entry (versioned in the audit trail)",
    params: idParams, body: directoryInputSchema, response: directoryDetailSchema,
  }),
} as const;
