// The company's webhook calls (/v4/companies/{id}/webhooks...): owner or administrator only.
import { isProduction } from '../config.js';
import { MANAGER_ROLES, type endpoints } from '@permitdesk/core';
import { requireRoleInCompany } from '../companies/company-access.js';
import type { EndpointHandler } from '../http/register.js';
import type { AppServices } from '../services.js';
import { WEBHOOK_SECRETS } from './index.js';
import { createWebhook, deleteWebhook, listDeliveries, listWebhooks, replayDelivery } from './subscriptions.js';

type Hooks = typeof endpoints.webhooks;

const requireManager = (ctx: { services: AppServices; user: { sub: string } }, companyId: number) => requireRoleInCompany(ctx.services.db, ctx.user.sub, companyId, MANAGER_ROLES);
const policyOf = (services: AppServices) => ({ production: isProduction(services.config) });

export const listWebhooksHandler: EndpointHandler<Hooks['list']> = async (ctx, { params }) => {
  await requireManager(ctx, params.id);
  return listWebhooks(ctx.services.db, params.id);
};

export const createWebhookHandler: EndpointHandler<Hooks['create']> = async (ctx, { params, body }) => {
  await requireManager(ctx, params.id);
  const { services } = ctx;
  return createWebhook(services.db, services.secretBox(WEBHOOK_SECRETS), policyOf(services), { companyId: params.id, url: body.url, events: body.events, description: body.description ?? null, userId: ctx.user.sub }, services.clock());
};

export const deleteWebhookHandler: EndpointHandler<Hooks['remove']> = async (ctx, { params }) => {
  await requireManager(ctx, params.id);
  await deleteWebhook(ctx.services.db, params.id, params.wid);
  return { ok: true as const };
};

export const listDeliveriesHandler: EndpointHandler<Hooks['deliveries']> = async (ctx, { params }) => {
  await requireManager(ctx, params.id);
  return listDeliveries(ctx.services.db, params.id, params.wid);
};

export const replayDeliveryHandler: EndpointHandler<Hooks['replay']> = async (ctx, { params }) => {
  await requireManager(ctx, params.id);
  const delivery = await replayDelivery(ctx.services.db, params.id, params.wid, params.did, ctx.services.clock());
  ctx.services.jobs.nudge();
  return delivery;
};
