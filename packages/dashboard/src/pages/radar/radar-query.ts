// The radar's query lives in the URL (keyword, searchFields, status, sort, page), so back/forward and
// shared links show the same list. These functions read and write it, and turn it into the search call.
import {
  DEFAULT_RADAR_SORT,
  PROJECT_SEARCH,
  PROJECT_SORTS,
  PROJECT_STATUS_FILTERS,
  type ProjectSearchParams,
} from '@permitdesk/core';
import { SAVED_VIEW_KEYS } from '@permitdesk/core/client';

export type ProjectSort = (typeof PROJECT_SORTS)[number];
export type StatusFilter = (typeof PROJECT_STATUS_FILTERS)[number];

export interface RadarQuery {
  keyword: string;
  /** Comma-separated search fields, as the header search sends them; null for every field. */
  searchFields: string | null;
  status: StatusFilter;
  sort: ProjectSort;
  page: number;
}

const DEFAULT_STATUS: StatusFilter = 'AllProject';
/** The search endpoint accepts pages up to 100,000. */
const MAX_PAGE = 100_000;

const isSort = (value: string | null): value is ProjectSort => (PROJECT_SORTS as readonly string[]).includes(value ?? '');
const isStatus = (value: string | null): value is StatusFilter => (PROJECT_STATUS_FILTERS as readonly string[]).includes(value ?? '');

/** The URL's query, with defaults for what is missing or invalid; `fallbackSort` is the saved sort. */
export function readRadarQuery(params: URLSearchParams, fallbackSort: ProjectSort = DEFAULT_RADAR_SORT): RadarQuery {
  const page = Number(params.get('page'));
  const sort = params.get('sort');
  const status = params.get('status');
  return {
    keyword: (params.get('keyword') ?? '').trim(),
    searchFields: params.get('searchFields') || null,
    status: isStatus(status) ? status : DEFAULT_STATUS,
    sort: isSort(sort) ? sort : fallbackSort,
    page: Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1,
  };
}

/** The URL query for a radar query; defaults are left out so links stay short. */
export function writeRadarQuery(query: RadarQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.keyword) params.set('keyword', query.keyword);
  if (query.keyword && query.searchFields) params.set('searchFields', query.searchFields);
  if (query.status !== DEFAULT_STATUS) params.set('status', query.status);
  if (query.sort !== DEFAULT_RADAR_SORT) params.set('sort', query.sort);
  if (query.page > 1) params.set('page', String(query.page));
  return params;
}

/** A change of filter, keyword or sort starts again at page 1. */
export function changeQuery(query: RadarQuery, change: Partial<Omit<RadarQuery, 'page'>>): RadarQuery {
  return { ...query, ...change, page: 1 };
}

/** The search call for a query: 20 a page (SPEC §9), active rows, within the current company. */
export function searchRequest(query: RadarQuery, companyId: string | null): ProjectSearchParams {
  return {
    ...PROJECT_SEARCH,
    type: 'active',
    keyword: query.keyword,
    status: query.status,
    sort: query.sort,
    page: query.page,
    ...(query.keyword && query.searchFields ? { searchFields: query.searchFields } : {}),
    ...(companyId ? { companyId: Number(companyId) } : {}),
  };
}

/** The sort the user last chose, kept under core's saved view key so it survives a logout. */
export function readSavedSort(storage: Storage = localStorage): ProjectSort {
  const saved = storage.getItem(SAVED_VIEW_KEYS.radarSort);
  return isSort(saved) ? saved : DEFAULT_RADAR_SORT;
}
export function saveSort(sort: ProjectSort, storage: Storage = localStorage): void {
  storage.setItem(SAVED_VIEW_KEYS.radarSort, sort);
}
