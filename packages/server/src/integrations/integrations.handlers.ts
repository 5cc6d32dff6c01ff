// Handlers of the integration calls: whether an account exists (GET /users/{email}), the accounting
// quotes (the permit team issues them) and the e-sign documents of cancellations.
import type { endpoints } from '@permitdesk/core';
import type { EndpointHandler } from '../http/register.js';
import { requireStaff } from '../staff/staff.js';
import { inTransaction } from '../db/transaction.js';
import { auditActor } from '../http/audit-actor.js';
import { downloadEsign, esignDocumentOf, passcode, resendEsign } from './esign.js';
import { answerQuote, getQuote, issueQuote } from './quotes.js';

type Integrations = typeof endpoints.integrations;

/** Whether an account exists for an address, and whether it is verified. */
export const userByEmailHandler: EndpointHandler<Integrations['userByEmail']> = async ({ services }, { params }) => {
  const user = await services.identity.findByEmail(params.email);
  return { email: params.email, exists: user !== null, verified: user?.email_verified ?? false };
};

export const quoteHandler: EndpointHandler<Integrations['quote']> = ({ services }, { params, headers }) => getQuote(services.db, params.quoteId, headers, services.clock());

/** The accounting agent answers for the customer: the trail names no user, only the request. */
export const updateQuoteHandler: EndpointHandler<Integrations['updateQuote']> = ({ services, user, c }, { params, headers, body }) =>
  inTransaction(services.db, (trx) => answerQuote(trx, params.quoteId, headers, body, services.clock(), auditActor(c, user, user ? 'customer' : 'system')));

export const createQuoteHandler: EndpointHandler<Integrations['createQuote']> = async ({ services, user, c }, { params, body }) => {
  await requireStaff(services.db, user.sub);
  return inTransaction(services.db, (trx) => issueQuote(trx, params.quoteId, body, auditActor(c, user, 'permit_team'), services.clock()));
};

export const esignDocumentHandler: EndpointHandler<Integrations['esignDocument']> = ({ services, user }, { params }) =>
  esignDocumentOf(services, services.db, user, params.id, params.type);

export const esignPasscodeHandler: EndpointHandler<Integrations['esignPasscode']> = ({ services, user }) => passcode(services, services.db, user);

export const esignDownloadHandler: EndpointHandler<Integrations['esignDownload']> = ({ services, user }, { params }) => downloadEsign(services, services.db, user, params.id);

export const esignResendHandler: EndpointHandler<Integrations['esignResend']> = ({ services, user }, { params }) => resendEsign(services, services.db, user, params.id);
