// Handlers of the public compliance link calls (issue 13). The owner's calls: the company's owner or an
// administrator only (requireCompanyManager, SPEC §6). The visitor's calls: no account, the token is
// the only key (the per-client rate limit of http/rate-limit.ts sits in front of them).
import type { endpoints } from '@permitdesk/core';
import { auditActor } from '../../http/audit-actor.js';
import { clientAddress } from '../../http/client-address.js';
import type { AppContext } from '../../http/context.js';
import type { EndpointHandler } from '../../http/register.js';
import { requireCompanyManager } from '../access.js';
import { linkUrl } from './link-tokens.js';
import { createLink, linkDetail, listLinks, revokeLink } from './links.js';
import { downloadFromLink, openPublicLink, type Visitor } from './public-link.js';

type Links = typeof endpoints.complianceLinks;

export const listLinksHandler: EndpointHandler<Links['list']> = async (ctx, { params }) => {
  await requireCompanyManager(ctx, params.companyId);
  return listLinks(ctx.services.db, params.companyId, ctx.services.clock());
};

export const createLinkHandler: EndpointHandler<Links['create']> = async (ctx, { params, body }) => {
  await requireCompanyManager(ctx, params.companyId);
  const { services, user } = ctx;
  const created = await createLink(services.db, { companyId: params.companyId, userId: user.sub, actor: auditActor(ctx.c, user, 'customer'), input: body }, services.clock());
  // The answer is the creator's only sight of the token: never cached on the way.
  ctx.c.header('Cache-Control', 'no-store');
  return { ...created, url: linkUrl(services.config.PUBLIC_URL, created.token) };
};

export const getLinkHandler: EndpointHandler<Links['get']> = async (ctx, { params }) => {
  await requireCompanyManager(ctx, params.companyId);
  return linkDetail(ctx.services.db, params.companyId, params.linkId, ctx.services.clock());
};

export const revokeLinkHandler: EndpointHandler<Links['revoke']> = async (ctx, { params }) => {
  await requireCompanyManager(ctx, params.companyId);
  return revokeLink(ctx.services.db, params.companyId, params.linkId, { userId: ctx.user.sub, actor: auditActor(ctx.c, ctx.user, 'customer') }, ctx.services.clock());
};

const visitorOf = (c: AppContext): Visitor => ({ ip: clientAddress(c), headers: c.req.raw.headers });

/** The visitor's answers are never stored by a cache, nor indexed. */
const privateAnswer = (c: AppContext) => {
  c.header('Cache-Control', 'no-store');
  c.header('X-Robots-Tag', 'noindex, nofollow');
};

export const openLinkHandler: EndpointHandler<Links['open']> = async ({ services, c }, { params }) => {
  privateAnswer(c);
  return openPublicLink(services, params.token, visitorOf(c));
};

export const downloadLinkFileHandler: EndpointHandler<Links['download']> = async ({ services, c }, { params, body }) => {
  privateAnswer(c);
  return downloadFromLink(services, params.token, body, visitorOf(c));
};
