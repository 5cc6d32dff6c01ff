// Handlers of the e-signature calls (issue 13, part 2). The sender's: bearer, the access rules of
// envelopes.ts. The signer's: no account, the token is the key (the per-client rate limit of
// http/rate-limit.ts sits in front of them), answers never cached nor indexed.
import type { endpoints } from '@permitdesk/core';
import { auditActor } from '../http/audit-actor.js';
import { clientAddress } from '../http/client-address.js';
import type { AppContext } from '../http/context.js';
import type { EndpointHandler } from '../http/register.js';
import { isStaff } from '../staff/staff.js';
import { listEnvelopes, remindEnvelope, sendEnvelope, voidEnvelope } from './envelopes.js';
import { declineEnvelope, mailPasscode, signEnvelope, signingDocument, signingView, verifySignedHash, verifySignerPasscode } from './signing.js';

type Esign = typeof endpoints.esign;

const actorOf = async (ctx: { c: AppContext; services: { db: import('../db/schema.js').Db }; user: import('../identity/user.js').AuthUser }) =>
  auditActor(ctx.c, ctx.user, (await isStaff(ctx.services.db, ctx.user.sub)) ? 'permit_team' : 'customer');

export const sendEnvelopeHandler: EndpointHandler<Esign['send']> = async (ctx, { body }) => sendEnvelope(ctx.services, ctx.user, await actorOf(ctx), body);

export const listEnvelopesHandler: EndpointHandler<Esign['list']> = ({ services, user }, { query }) => listEnvelopes(services, user, query);

export const voidEnvelopeHandler: EndpointHandler<Esign['void']> = async (ctx, { params, body }) =>
  voidEnvelope(ctx.services, ctx.user, await actorOf(ctx), params.id, body.reason ?? null);

export const remindEnvelopeHandler: EndpointHandler<Esign['remind']> = async (ctx, { params }) => remindEnvelope(ctx.services, ctx.user, await actorOf(ctx), params.id);

/** The signer's answers are never stored by a cache, nor indexed. */
const privateAnswer = (c: AppContext) => {
  c.header('Cache-Control', 'no-store');
  c.header('X-Robots-Tag', 'noindex, nofollow');
};

export const signingViewHandler: EndpointHandler<Esign['view']> = ({ services, c }, { params }) => {
  privateAnswer(c);
  return signingView(services, params.token);
};

export const sendPasscodeHandler: EndpointHandler<Esign['sendPasscode']> = ({ services, c }, { params }) => {
  privateAnswer(c);
  return mailPasscode(services, params.token);
};

export const verifyPasscodeHandler: EndpointHandler<Esign['verifyPasscode']> = ({ services, c }, { params, body }) => {
  privateAnswer(c);
  return verifySignerPasscode(services, params.token, body.passcode);
};

export const signingDocumentHandler: EndpointHandler<Esign['document']> = ({ services, c }, { params }) => {
  privateAnswer(c);
  return signingDocument(services, params.token);
};

export const signHandler: EndpointHandler<Esign['sign']> = ({ services, c }, { params, body }) => {
  privateAnswer(c);
  return signEnvelope(services, params.token, body.signature, { ip: clientAddress(c), userAgent: c.req.header('user-agent') ?? '' });
};

export const declineHandler: EndpointHandler<Esign['decline']> = ({ services, c }, { params, body }) => {
  privateAnswer(c);
  return declineEnvelope(services, params.token, body.reason);
};

export const verifyHashHandler: EndpointHandler<Esign['verify']> = ({ services }, { body }) => verifySignedHash(services.db, body.sha256);
