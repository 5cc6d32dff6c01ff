// Handlers of the desk quotes (core's opsQuotes group, quote calls): the permit team lists and issues a
// permit's quotes; the signed-in customer reads, accepts and declines one.
import type { endpoints } from '@permitdesk/core';
import { auditActor } from '../http/audit-actor.js';
import type { EndpointHandler } from '../http/register.js';
import { requireStaff } from '../staff/staff.js';
import { inTransaction } from '../db/transaction.js';
import { answerDeskQuote, customerQuote, issueDeskQuote, permitQuotes } from './desk-quotes.js';

type OpsQuotes = typeof endpoints.opsQuotes;

export const permitQuotesHandler: EndpointHandler<OpsQuotes['permitQuotes']> = async ({ services, user }, { params }) => {
  await requireStaff(services.db, user.sub);
  return permitQuotes(services.db, params.id, services.clock());
};

export const issueQuoteHandler: EndpointHandler<OpsQuotes['issueQuote']> = async ({ services, user, c }, { params, body }) => {
  await requireStaff(services.db, user.sub);
  const actor = auditActor(c, user, 'permit_team');
  return inTransaction(services.db, (trx) => issueDeskQuote(trx, services, actor, params.id, body));
};

export const quoteHandler: EndpointHandler<OpsQuotes['quote']> = ({ services, user }, { params }) =>
  customerQuote(services.db, user.sub, params.quoteId, services.clock());

export const acceptQuoteHandler: EndpointHandler<OpsQuotes['acceptQuote']> = ({ services, user, c }, { params }) =>
  inTransaction(services.db, (trx) =>
    answerDeskQuote(trx, services, user.sub, (staff) => auditActor(c, user, staff ? 'permit_team' : 'customer'), params.quoteId, { answer: 'accepted' }),
  );

export const declineQuoteHandler: EndpointHandler<OpsQuotes['declineQuote']> = ({ services, user, c }, { params, body }) =>
  inTransaction(services.db, (trx) =>
    answerDeskQuote(trx, services, user.sub, (staff) => auditActor(c, user, staff ? 'permit_team' : 'customer'), params.quoteId, {
      answer: 'declined',
      reason: body.reason || null,
    }),
  );
