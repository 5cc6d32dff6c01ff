// How a quote's status reads, on the desk and on the customer's quote page.
import { QUOTE_STATUSES } from '@permitdesk/core';

export const QUOTE_STATUS_LABELS: Readonly<Record<string, string>> = {
  [QUOTE_STATUSES.pending]: 'Awaiting the customer',
  [QUOTE_STATUSES.accepted]: 'Accepted',
  [QUOTE_STATUSES.declined]: 'Declined',
  [QUOTE_STATUSES.expired]: 'Expired',
};
export const quoteStatusLabel = (status: string): string => QUOTE_STATUS_LABELS[status] ?? status;
