// Quotes the permit team issues from the desk (issue 12): the total of the line items, and where an
// accepted quote takes the permit — the next stage of the normal path Requested → Processing →
// Submitted → Approved → Open; at Open and off the path (on hold, canceled, closed, triage, ...) the
// permit stays where it is.
import { QUOTE_STATUSES } from '../schemas/integration.js';
import type { QuoteLineItem } from '../schemas/ops-quotes.js';
import { STAGE, type StageNumber } from './stages.js';

/** The stages a quote's acceptance moves along, in order. */
export const QUOTE_PATH: readonly StageNumber[] = [STAGE.Requested, STAGE.Processing, STAGE.Submitted, STAGE.Approved, STAGE.Open];

/** The stage an accepted quote moves the permit to, or null when it stays (Open, or off the normal path). */
export function stageAfterAcceptedQuote(stage: number): StageNumber | null {
  const index = QUOTE_PATH.indexOf(stage as StageNumber);
  return index === -1 || index === QUOTE_PATH.length - 1 ? null : QUOTE_PATH[index + 1]!;
}

/** The sum of the line items in dollars, added up in cents so 0.1 + 0.2 is 0.30. */
export const quoteTotal = (items: readonly Pick<QuoteLineItem, 'amount'>[]): number =>
  items.reduce((sum, item) => sum + Math.round(item.amount * 100), 0) / 100;

/** A pending quote is valid through its valid-until day (UTC); the next day it reads 'expired'. */
export const isQuoteExpired = (validUntil: string | null, now: Date): boolean => validUntil !== null && validUntil < now.toISOString().slice(0, 10);

/** How a quote's status reads, on the desk and in the audit trail. */
export const QUOTE_STATUS_LABELS: Readonly<Record<string, string>> = {
  [QUOTE_STATUSES.pending]: 'Awaiting the customer',
  [QUOTE_STATUSES.accepted]: 'Accepted',
  [QUOTE_STATUSES.declined]: 'Declined',
  [QUOTE_STATUSES.expired]: 'Expired',
};
export const quoteStatusLabel = (status: string): string => QUOTE_STATUS_LABELS[status] ?? status;
