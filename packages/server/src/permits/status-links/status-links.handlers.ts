// Handlers of the homeowner's status page calls (issue 16). The contractor's: whoever may change the
// permit (SPEC §6: its company's Owner, Administrator or PM, an editor assignee; the permit team) —
// another company's member gets the permit's 404, the Observer 403. The homeowner's: no account, the
// token is the key (per-client rate limits of http/rate-limit.ts in front), never cached nor indexed.
import type { endpoints } from '@permitdesk/core';
import { auditActor } from '../../http/audit-actor.js';
import type { AppContext } from '../../http/context.js';
import type { EndpointHandler } from '../../http/register.js';
import { requirePermitAccess } from '../access.js';
import { createStatusLink, listStatusLinks, revokeStatusLink } from './links.js';
import { confirmStatusSubscription, openStatusPage, subscribeToStatus, unsubscribeFromStatus } from './public-status.js';
import { statusPageUrl } from './tokens.js';

type StatusLinks = typeof endpoints.statusLinks;

export const listStatusLinksHandler: EndpointHandler<StatusLinks['list']> = async ({ services, user }, { params }) => {
  await requirePermitAccess(services.db, user.sub, params.permitId, 'editor');
  return listStatusLinks(services.db, params.permitId);
};

export const createStatusLinkHandler: EndpointHandler<StatusLinks['create']> = async ({ services, user, c }, { params, body }) => {
  const access = await requirePermitAccess(services.db, user.sub, params.permitId, 'editor');
  const actor = auditActor(c, user, access.staff ? 'permit_team' : 'customer');
  const created = await createStatusLink(
    services.db,
    { permitId: params.permitId, companyId: access.companyId, userId: user.sub, actor, label: body.label, showPrices: body.showPrices },
    services.clock(),
  );
  // The answer is the creator's only sight of the token: never cached on the way.
  c.header('Cache-Control', 'no-store');
  return { ...created, url: statusPageUrl(services.config.PUBLIC_URL, created.token) };
};

export const revokeStatusLinkHandler: EndpointHandler<StatusLinks['revoke']> = async ({ services, user, c }, { params }) => {
  const access = await requirePermitAccess(services.db, user.sub, params.permitId, 'editor');
  const actor = auditActor(c, user, access.staff ? 'permit_team' : 'customer');
  return revokeStatusLink(services.db, params.permitId, params.linkId, { userId: user.sub, actor, companyId: access.companyId }, services.clock());
};

/** The homeowner's answers are never stored by a cache, nor indexed. */
const privateAnswer = (c: AppContext) => {
  c.header('Cache-Control', 'no-store');
  c.header('X-Robots-Tag', 'noindex, nofollow');
};

export const openStatusHandler: EndpointHandler<StatusLinks['open']> = ({ services, c }, { params }) => {
  privateAnswer(c);
  return openStatusPage(services, params.token);
};

export const subscribeStatusHandler: EndpointHandler<StatusLinks['subscribe']> = ({ services, c }, { params, body }) => {
  privateAnswer(c);
  return subscribeToStatus(services, params.token, body.email);
};

export const confirmStatusHandler: EndpointHandler<StatusLinks['confirm']> = ({ services, c }, { params, body }) => {
  privateAnswer(c);
  return confirmStatusSubscription(services, params.token, body.confirmToken);
};

export const unsubscribeStatusHandler: EndpointHandler<StatusLinks['unsubscribe']> = ({ services, c }, { params }) => {
  privateAnswer(c);
  return unsubscribeFromStatus(services, params.token);
};
