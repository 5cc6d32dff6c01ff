// The homeowner's status page (issue 16): the permit's editors (and the permit team) create, list and
// revoke status links; anyone holding a link reads the permit's status and subscribes by e-mail; the
// mailed links confirm and unsubscribe (one click, RFC 8058).
import * as v from 'valibot';
import {
  createStatusLinkSchema,
  createdStatusLinkSchema,
  publicPermitStatusSchema,
  statusConfirmSchema,
  statusLinkParamsSchema,
  statusLinkSchema,
  statusNoticeSchema,
  statusPermitParamsSchema,
  statusSubscribeSchema,
  statusTokenParamsSchema,
} from '../schemas/status-links.js';
import { endpoint } from './endpoint.js';

export const statusLinkEndpoints = {
  list: endpoint({
    method: 'GET', path: '/v4/permits/{permitId}/status-links', auth: 'bearer',
    summary: "The permit's homeowner status links, newest first, with their subscribers (the permit's editors and the permit team)",
    params: statusPermitParamsSchema, response: v.array(statusLinkSchema),
  }),
  // Not a creatingEndpoint on purpose: an idempotent replay would store the token, which must exist only in the creator's hands.
  create: endpoint({
    method: 'POST', path: '/v4/permits/{permitId}/status-links', auth: 'bearer',
    summary: "Share the permit's status with the property owner: a /status/{token} link (the answer is the only time its address is shown)",
    params: statusPermitParamsSchema, body: createStatusLinkSchema, response: createdStatusLinkSchema,
  }),
  revoke: endpoint({
    method: 'PUT', path: '/v4/permits/{permitId}/status-links/{linkId}/revoke', auth: 'bearer',
    summary: 'Revoke a status link: the page answers 404 at once and its subscribers get no more mail',
    params: statusLinkParamsSchema, response: statusLinkSchema,
  }),
  open: endpoint({
    method: 'GET', path: '/v4/public/permit-status/{token}', auth: 'none',
    summary: "The permit's status in plain words: stage, every step, inspections, what happens next (no account)",
    params: statusTokenParamsSchema, response: publicPermitStatusSchema,
  }),
  subscribe: endpoint({
    method: 'POST', path: '/v4/public/permit-status/{token}/subscriptions', auth: 'none',
    summary: 'Ask for e-mails on each stage change: a confirmation mail goes to the address (double opt-in)',
    params: statusTokenParamsSchema, body: statusSubscribeSchema, response: statusNoticeSchema,
  }),
  confirm: endpoint({
    method: 'POST', path: '/v4/public/permit-status/{token}/subscriptions/confirm', auth: 'none',
    summary: 'Confirm a subscription with the token of its confirmation mail',
    params: statusTokenParamsSchema, body: statusConfirmSchema, response: statusNoticeSchema,
  }),
  // No body: RFC 8058's one-click POST sends the form field List-Unsubscribe=One-Click, which is ignored.
  unsubscribe: endpoint({
    method: 'POST', path: '/v4/public/permit-status/unsubscribe/{token}', auth: 'none',
    summary: 'Unsubscribe in one click (the link of every status mail, and its List-Unsubscribe header)',
    params: statusTokenParamsSchema, response: statusNoticeSchema,
  }),
} as const;
