// The queue's filters live in the page's address (?stage=20&needsReply=true&page=2): a view is a link,
// the back button goes back to the previous filters, and the query sent is exactly the address's.
import { OPS_QUEUE_FILTER_NAMES, type OpsQueueFilters, type OpsSavedView } from '@permitdesk/core';

export const QUEUE_PAGE_SIZE = 20;

/** The filters in the address (empty values dropped; unknown parameters ignored). */
export function filtersFromSearch(search: URLSearchParams): OpsQueueFilters {
  const filters: OpsQueueFilters = {};
  for (const name of OPS_QUEUE_FILTER_NAMES) {
    const value = search.get(name);
    if (value !== null && value !== '') filters[name] = value;
  }
  return filters;
}

export const pageFromSearch = (search: URLSearchParams): number => {
  const page = Number(search.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 1;
};

/** The address for filters and a page (page 1 is left out). */
export function searchFor(filters: OpsQueueFilters, page = 1): URLSearchParams {
  const search = new URLSearchParams();
  for (const name of OPS_QUEUE_FILTER_NAMES) {
    const value = filters[name];
    if (value !== undefined && value !== '') search.set(name, value);
  }
  if (page > 1) search.set('page', String(page));
  return search;
}

/** GET /v4/operator/queue's query for the filters and page. */
export const queueQuery = (filters: OpsQueueFilters, page: number): Record<string, string> => ({
  ...Object.fromEntries(searchFor(filters)),
  page: String(page),
  size: String(QUEUE_PAGE_SIZE),
});

/** Changes one filter (undefined or '' removes it). */
export function withFilter(filters: OpsQueueFilters, name: keyof OpsQueueFilters, value: string | undefined): OpsQueueFilters {
  const next = { ...filters };
  if (value === undefined || value === '') delete next[name];
  else next[name] = value;
  return next;
}

const normalized = (filters: Record<string, string>) =>
  JSON.stringify(Object.entries(filters).filter(([name, value]) => value !== '' && !(name === 'sort' && value === 'newest')).sort(([a], [b]) => a.localeCompare(b)));

/** The view whose filters are exactly the current ones, if any (its tab shows as selected). */
export const currentView = (views: readonly OpsSavedView[], filters: OpsQueueFilters): OpsSavedView | undefined =>
  views.find((view) => normalized(view.filters) === normalized(filters as Record<string, string>));

/** 'Over SLA by 2d' / 'Over SLA by 5h'; null when the permit is within its target or has no clock. */
export function overSlaLabel(overSlaHours: number | null): string | null {
  if (overSlaHours === null || overSlaHours <= 0) return null;
  return overSlaHours >= 24 ? `Over SLA by ${Math.floor(overSlaHours / 24)}d` : `Over SLA by ${overSlaHours}h`;
}

/** The flag filters, shown as checkboxes. */
export const FLAG_FILTERS = [
  ['needsReply', 'Needs a reply'],
  ['cancellationRequested', 'Cancellation requested'],
  ['quotePending', 'Quote pending'],
  ['inspectionDue', 'Inspection due'],
  ['overSla', 'Over SLA'],
  ['waitingOnCustomer', 'Waiting on customer'],
  ['active', 'Open stages only'],
  ['createdToday', 'New today'],
] as const satisfies readonly (readonly [keyof OpsQueueFilters, string])[];
