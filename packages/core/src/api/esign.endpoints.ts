// E-signature envelopes (issue 13, part 2). The sender's calls (bearer): send, list, void, remind. The
// signer's calls take no account: the token of /sign/{token} is the key, then the mailed passcode.
// The signed PDF is downloaded through SPEC's GET /v4/documents-esign/download/{id} (integrations).
import * as v from 'valibot';
import {
  createEnvelopeSchema,
  declineRequestSchema,
  envelopeListQuerySchema,
  envelopeSchema,
  passcodeSchema,
  signingDocumentSchema,
  signingViewSchema,
  signRequestSchema,
  signTokenParamsSchema,
  verifyHashSchema,
  verifyResultSchema,
  voidEnvelopeSchema,
} from '../schemas/esign.js';
import { endpoint } from './endpoint.js';

const envelopeId = v.object({ id: v.pipe(v.string(), v.maxLength(100)) });

export const esignEndpoints = {
  send: endpoint({
    method: 'POST', path: '/v4/esign/envelopes', auth: 'bearer',
    summary: 'Send a PDF (or the permit cancellation template) for signature to signers in order; the first signer is mailed',
    body: createEnvelopeSchema, response: envelopeSchema,
  }),
  list: endpoint({
    method: 'GET', path: '/v4/esign/envelopes', auth: 'bearer',
    summary: "A company's or a permit's envelopes with each signer's status, newest first",
    query: envelopeListQuerySchema, response: v.array(envelopeSchema),
  }),
  void: endpoint({
    method: 'PUT', path: '/v4/esign/envelopes/{id}/void', auth: 'bearer',
    summary: 'Void an envelope still waiting for signatures: its links stop working', params: envelopeId, body: voidEnvelopeSchema, response: envelopeSchema,
  }),
  remind: endpoint({
    method: 'PUT', path: '/v4/esign/envelopes/{id}/remind', auth: 'bearer',
    summary: 'Mail the signer whose turn it is again (a new link; the old one stops working)', params: envelopeId, response: envelopeSchema,
  }),
  view: endpoint({
    method: 'GET', path: '/v4/esign/sign/{token}', auth: 'none',
    summary: "The signer's envelope: title, sender, their state and the order", params: signTokenParamsSchema, response: signingViewSchema,
  }),
  sendPasscode: endpoint({
    method: 'POST', path: '/v4/esign/sign/{token}/passcode', auth: 'none',
    summary: "Mail the signer a one-time passcode (TOTP of the signer's own secret)", params: signTokenParamsSchema, response: v.object({ sent: v.boolean() }),
  }),
  verifyPasscode: endpoint({
    method: 'POST', path: '/v4/esign/sign/{token}/verify', auth: 'none',
    summary: 'Prove the address with the mailed passcode (five wrong ones lock the envelope for the signer)',
    params: signTokenParamsSchema, body: passcodeSchema, response: signingViewSchema,
  }),
  document: endpoint({
    method: 'GET', path: '/v4/esign/sign/{token}/document', auth: 'none',
    summary: 'The PDF to read (after the passcode)', params: signTokenParamsSchema, response: signingDocumentSchema,
  }),
  sign: endpoint({
    method: 'POST', path: '/v4/esign/sign/{token}/sign', auth: 'none',
    summary: 'Adopt a signature (typed or drawn) and sign; the next signer is invited', params: signTokenParamsSchema, body: signRequestSchema, response: signingViewSchema,
  }),
  decline: endpoint({
    method: 'POST', path: '/v4/esign/sign/{token}/decline', auth: 'none',
    summary: 'Decline to sign, with a reason (the envelope stops)', params: signTokenParamsSchema, body: declineRequestSchema, response: signingViewSchema,
  }),
  verify: endpoint({
    method: 'POST', path: '/v4/esign/verify', auth: 'none',
    summary: "Which signed envelope a PDF's SHA-256 matches, or none", body: verifyHashSchema, response: verifyResultSchema,
  }),
} as const;
