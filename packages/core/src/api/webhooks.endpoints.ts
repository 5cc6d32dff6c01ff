// Outbound webhooks (issue 14): a company's owner or administrators subscribe a URL to its events; each
// event is POSTed signed (PermitDesk-Signature), retried for 24 h, logged, and can be replayed.
// SPEC's GET /webhooks/integrations/{id} (integrations) is another thing and keeps its meaning.
import * as v from 'valibot';
import { idParamSchema, okSchema } from '../schemas/common.js';
import { webhookCreatedSchema, webhookCreateSchema, webhookDeliverySchema, webhookSchema } from '../schemas/webhooks.js';
import { endpoint } from './endpoint.js';

const uuidParam = v.pipe(v.string(), v.uuid('Not found.'));
const company = v.object({ id: idParamSchema });
const subscription = v.object({ id: idParamSchema, wid: uuidParam });
const delivery = v.object({ id: idParamSchema, wid: uuidParam, did: uuidParam });

export const webhookEndpoints = {
  list: endpoint({
    method: 'GET', path: '/v4/companies/{id}/webhooks', auth: 'bearer', summary: "The company's webhook subscriptions (owner or administrator)",
    params: company, response: v.array(webhookSchema),
  }),
  create: endpoint({
    method: 'POST', path: '/v4/companies/{id}/webhooks', auth: 'bearer',
    summary: 'Subscribe a URL (https) to events; the answer carries the signing secret, shown this once',
    params: company, body: webhookCreateSchema, response: webhookCreatedSchema,
  }),
  remove: endpoint({
    method: 'DELETE', path: '/v4/companies/{id}/webhooks/{wid}', auth: 'bearer', summary: 'Delete a subscription and its delivery log',
    params: subscription, response: okSchema,
  }),
  deliveries: endpoint({
    method: 'GET', path: '/v4/companies/{id}/webhooks/{wid}/deliveries', auth: 'bearer',
    summary: "A subscription's deliveries, newest first (the last 100), each with every attempt's response code, duration and error",
    params: subscription, response: v.array(webhookDeliverySchema),
  }),
  replay: endpoint({
    method: 'POST', path: '/v4/companies/{id}/webhooks/{wid}/deliveries/{did}/replay', auth: 'bearer',
    summary: 'Send a delivery again now (same delivery id and body, a new signature); retried for 24 h again',
    params: delivery, response: webhookDeliverySchema,
  }),
} as const;
