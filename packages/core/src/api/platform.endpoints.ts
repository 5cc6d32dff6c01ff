// The construction-management platform (SPEC §7.7: set credentials, project details with the access token,
// authentication with a code, create documents, sign-in without password by e-mail), named after the
// platform: /v4/construction-platform/…. The platform's inbound events (POST /webhooks/platform/{connectionId})
// are read raw (the signature covers the exact bytes) and so are not in this catalogue.
import * as v from 'valibot';
import { okSchema } from '../schemas/common.js';
import {
  platformAuthorizeSchema,
  platformAuthQuerySchema,
  platformCompanyQuerySchema,
  platformConnectionSchema,
  platformConnectSchema,
  platformDocumentParamsSchema,
  platformDocumentSchema,
  platformEmbedContextSchema,
  platformEmbedQuerySchema,
  platformImportResultSchema,
  platformImportSchema,
  platformProjectParamsSchema,
  platformProjectSchema,
  platformSigninQuerySchema,
  platformSigninResultSchema,
  platformStatusSchema,
} from '../schemas/platform.js';
import { endpoint } from './endpoint.js';

export const platformEndpoints = {
  status: endpoint({
    method: 'GET', path: '/v4/construction-platform/credentials', auth: 'bearer',
    summary: "The company's platform connection: its state and last error, never its tokens",
    query: platformCompanyQuerySchema, response: platformStatusSchema,
  }),
  connect: endpoint({
    method: 'POST', path: '/v4/construction-platform/credentials', auth: 'bearer',
    summary: 'Set credentials: start the OAuth 2.0 authorization (code + PKCE + state) of the platform account (owner or administrator)',
    body: platformConnectSchema, response: platformAuthorizeSchema,
  }),
  disconnect: endpoint({
    method: 'DELETE', path: '/v4/construction-platform/credentials', auth: 'bearer',
    summary: 'Disconnect: revoke the tokens at the platform and forget them (owner or administrator)',
    query: platformCompanyQuerySchema, response: okSchema,
  }),
  authenticate: endpoint({
    method: 'GET', path: '/v4/construction-platform/auth', auth: 'bearer',
    summary: "Authentication with a code: trade the platform's authorization code (with the PKCE verifier) for tokens",
    query: platformAuthQuerySchema, response: platformConnectionSchema,
  }),
  projects: endpoint({
    method: 'GET', path: '/v4/construction-platform/projects', auth: 'bearer',
    summary: "The platform account's projects, each with the PermitDesk project linked to it",
    query: platformCompanyQuerySchema, response: v.array(platformProjectSchema),
  }),
  project: endpoint({
    method: 'GET', path: '/v4/construction-platform/projects/{platformProjectId}', auth: 'bearer',
    summary: "Project details from the platform, with the connection's access token",
    params: platformProjectParamsSchema, query: platformCompanyQuerySchema, response: platformProjectSchema,
  }),
  import: endpoint({
    method: 'POST', path: '/v4/construction-platform/imports', auth: 'bearer',
    summary: 'Import a platform project: its name, address (resolved like the widget) and customer make a PermitDesk project, linked',
    body: platformImportSchema, response: platformImportResultSchema,
  }),
  embed: endpoint({
    method: 'GET', path: '/v4/construction-platform/embed', auth: 'bearer',
    summary: "The embedded widget's context: the linked project's address and customer",
    query: platformEmbedQuerySchema, response: platformEmbedContextSchema,
  }),
  documents: endpoint({
    method: 'GET', path: '/v4/construction-platform/documents', auth: 'bearer',
    summary: 'Create documents: what was pushed to the platform projects, and what failed (retried)',
    query: platformCompanyQuerySchema, response: v.array(platformDocumentSchema),
  }),
  retryDocument: endpoint({
    method: 'POST', path: '/v4/construction-platform/documents/{id}/retry', auth: 'bearer',
    summary: 'Send a failed document again now', params: platformDocumentParamsSchema, response: platformDocumentSchema,
  }),
  signIn: endpoint({
    method: 'GET', path: '/v4/construction-platform/sign-in', auth: 'none',
    summary: "Sign-in without password by e-mail: a platform user's single-use, 60-second signed link",
    query: platformSigninQuerySchema, response: platformSigninResultSchema,
  }),
} as const;
