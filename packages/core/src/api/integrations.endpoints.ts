// Integrations, e-sign and accounting quotes (SPEC §7.7).
import * as v from 'valibot';
import { idParamSchema, textSchema as text } from '../schemas/common.js';
import {
  accountingQuoteSchema,
  esignDocumentSchema,
  integrationSchema,
  policySchema,
  POLICY_KINDS,
  quoteCreateSchema,
  quoteHeadersSchema,
  quoteUpdateSchema,
} from '../schemas/integration.js';
import { emailExistsSchema } from '../schemas/signup.js';
import { endpoint } from './endpoint.js';


export const integrationEndpoints = {
  webhook: endpoint({
    method: 'GET', path: '/webhooks/integrations/{id}', auth: 'bearer', summary: 'An integration record',
    params: v.object({ id: text(100) }), response: integrationSchema,
  }),
  userByEmail: endpoint({
    method: 'GET', path: '/users/{email}', auth: 'bearer', summary: 'A user by e-mail, for integrations',
    params: v.object({ email: v.pipe(text(100), v.toLowerCase(), v.email()) }), response: emailExistsSchema,
  }),
  esignDocument: endpoint({
    method: 'GET', path: '/v4/esign-documentable/{id}/{type}', auth: 'bearer', summary: 'E-sign document of a documentable',
    params: v.object({ id: idParamSchema, type: text(50) }), response: esignDocumentSchema,
  }),
  esignPasscode: endpoint({
    method: 'GET', path: '/passcode/totp', auth: 'bearer', summary: 'A one-time passcode to sign',
    query: v.object({ role: v.picklist(['client']) }), response: v.object({ passcode: v.string() }),
  }),
  esignDownload: endpoint({
    method: 'GET', path: '/v4/documents-esign/download/{id}', auth: 'bearer', summary: 'Download a signed document',
    params: v.object({ id: text(100) }), response: v.object({ url: v.string() }),
  }),
  esignResend: endpoint({
    method: 'GET', path: '/v4/documents-esign/resend/{id}', auth: 'bearer', summary: 'Mail an e-sign request again',
    params: v.object({ id: text(100) }), response: esignDocumentSchema,
  }),
  quote: endpoint({
    method: 'GET', path: '/v1/permit-quote/{quoteId}', auth: 'none', summary: 'An accounting quote (for the agent and organisation of the headers)',
    params: v.object({ quoteId: text(100) }), headers: quoteHeadersSchema, response: accountingQuoteSchema,
  }),
  updateQuote: endpoint({
    method: 'POST', path: '/v1/permit-quote/{quoteId}', auth: 'none', summary: 'Accept or decline a quote',
    params: v.object({ quoteId: text(100) }), headers: quoteHeadersSchema, body: quoteUpdateSchema, response: accountingQuoteSchema,
  }),
  createQuote: endpoint({
    method: 'PUT', path: '/v1/permit-quote/{quoteId}', auth: 'bearer', summary: 'Issue or change a quote (permit team only)',
    params: v.object({ quoteId: text(100) }), body: quoteCreateSchema, response: accountingQuoteSchema,
  }),
  policy: endpoint({
    method: 'GET', path: '/v4/policies/{kind}', auth: 'none', summary: 'A legal text an operator can replace',
    params: v.object({ kind: v.picklist(POLICY_KINDS) }), response: policySchema,
  }),
} as const;
