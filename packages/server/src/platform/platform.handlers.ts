// Handlers of the platform calls (catalogue: platform.*) and of the platform's inbound webhook.
import type { endpoints } from '@permitdesk/core';
import { auditActor } from '../http/audit-actor.js';
import type { AppContext } from '../http/context.js';
import type { EndpointHandler } from '../http/register.js';
import { completeConnect, connectionStatus, disconnect, startConnect } from './connections.js';
import { receiveEvent } from './inbound.js';
import { embedContext, importPlatformProject, listPlatformProjects, platformProject } from './projects.js';
import { listDocuments, retryDocument } from './push-back.js';
import { signInWithPlatformLink } from './signin.js';
import { WEBHOOK_HEADERS } from '../webhooks/signature.js';

type Platform = typeof endpoints.platform;

export const statusHandler: EndpointHandler<Platform['status']> = ({ services, user }, { query }) => connectionStatus(services, user, query.companyId);

export const connectHandler: EndpointHandler<Platform['connect']> = ({ services, user }, { body }) => startConnect(services, user, body.companyId);

export const disconnectHandler: EndpointHandler<Platform['disconnect']> = ({ services, user, c }, { query }) =>
  disconnect(services, user, query.companyId, auditActor(c, user, 'customer'));

export const authenticateHandler: EndpointHandler<Platform['authenticate']> = ({ services, user, c }, { query }) =>
  completeConnect(services, user, query, auditActor(c, user, 'customer'));

export const projectsHandler: EndpointHandler<Platform['projects']> = ({ services, user }, { query }) => listPlatformProjects(services, user, query.companyId);

export const projectHandler: EndpointHandler<Platform['project']> = ({ services, user }, { params, query }) =>
  platformProject(services, user, query.companyId, params.platformProjectId);

export const importHandler: EndpointHandler<Platform['import']> = ({ services, user, c }, { body }) =>
  importPlatformProject(services, user, body, auditActor(c, user, 'customer'));

export const embedHandler: EndpointHandler<Platform['embed']> = ({ services, user }, { query }) => embedContext(services, user, query.projectId);

export const documentsHandler: EndpointHandler<Platform['documents']> = ({ services, user }, { query }) => listDocuments(services, user, query.companyId);

export const retryDocumentHandler: EndpointHandler<Platform['retryDocument']> = ({ services, user }, { params }) => retryDocument(services, user, params.id);

export const signInHandler: EndpointHandler<Platform['signIn']> = ({ services, c }, { query }) => {
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'no-referrer');
  return signInWithPlatformLink(services, query.token);
};

/** POST /webhooks/platform/{connectionId}: the raw body (the signature covers its exact bytes). */
export async function inboundWebhookHandler(c: AppContext): Promise<Response> {
  const services = c.get('services');
  const answer = await receiveEvent(services, {
    connectionId: c.req.param('connectionId') ?? '',
    timestamp: c.req.header(WEBHOOK_HEADERS.timestamp) ?? null,
    signature: c.req.header(WEBHOOK_HEADERS.signature) ?? null,
    body: await c.req.text(),
  });
  if (answer.status === 202 && !answer.body.duplicate) services.jobs.nudge();
  return c.json(answer.body, answer.status);
}
