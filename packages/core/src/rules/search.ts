// Search defaults (SPEC §2.4, §3, §9) and the radar URLs other screens link to (SPEC §2.3, §2.5, §2.7).
import { PROJECT_SORTS, RADAR_KEYWORD_TOTAL_CAP, SEARCH_FIELDS } from '../schemas/permit.js';
import type { ProjectSearchParams } from '../schemas/permit.js';

type ProjectSort = (typeof PROJECT_SORTS)[number];
type SearchField = (typeof SEARCH_FIELDS)[number];

/** Default radar sort: customer name ascending. */
export const DEFAULT_RADAR_SORT = '+customerName' satisfies ProjectSort;

/** The header search box's suggestions: size 5, page 1, sort +customerName, type active. */
export const SUGGESTION_SEARCH = {
  size: 5,
  page: 1,
  sort: DEFAULT_RADAR_SORT,
  type: 'active',
} as const satisfies ProjectSearchParams;

/** Project searches: 20 a page from page 1, by customer name. */
export const PROJECT_SEARCH = { size: 20, page: 1, sort: DEFAULT_RADAR_SORT } as const satisfies ProjectSearchParams;

/** Vendor lookups: keyword, size 20, page 1, sort '+customerName' (SPEC §3 Vendor search parameters). */
export const VENDOR_SEARCH = { keyword: '', size: 20, page: 1, sort: DEFAULT_RADAR_SORT } as const;

/** The radar's sortable columns and the sort key each sends. */
export const RADAR_SORT_COLUMNS = {
  customerName: 'customerName',
  dateAdded: 'createdAt',
  status: 'status',
} as const;
export type RadarSortColumn = keyof typeof RADAR_SORT_COLUMNS;

/** The sort parameter for a column and direction: ('dateAdded', 'desc') → '-createdAt'. */
export const radarSort = (column: RadarSortColumn, direction: 'asc' | 'desc'): ProjectSort =>
  `${direction === 'asc' ? '+' : '-'}${RADAR_SORT_COLUMNS[column]}`;

/** Reads a sort parameter back into a column and direction; the default for anything unknown. */
export function parseRadarSort(sort: string | null | undefined): { column: RadarSortColumn; direction: 'asc' | 'desc' } {
  const valid = (PROJECT_SORTS as readonly string[]).includes(sort ?? '') ? (sort as ProjectSort) : DEFAULT_RADAR_SORT;
  const key = valid.slice(1);
  const column = (Object.keys(RADAR_SORT_COLUMNS) as RadarSortColumn[]).find((c) => RADAR_SORT_COLUMNS[c] === key) ?? 'customerName';
  return { column, direction: valid.startsWith('-') ? 'desc' : 'asc' };
}

export const RADAR_PATH = '/project-radar';
export const RADAR_SEARCH_PATH = '/project-radar/search';

/** A full search from the header box: '/project-radar/search?keyword=..&searchFields=...' (SPEC §2.4). */
export function radarSearchUrl(keyword: string, searchFields: readonly SearchField[] = SEARCH_FIELDS): string {
  const query = new URLSearchParams({ keyword, searchFields: searchFields.join(',') });
  return `${RADAR_SEARCH_PATH}?${query.toString()}`;
}

/** The radar search for one address: the similar-address warning and closed cancellations link here. */
export const radarAddressUrl = (address: string): string =>
  `${RADAR_SEARCH_PATH}?${new URLSearchParams({ keyword: address }).toString()}`;

/** '/project-radar/search?status=AllProject' or '?status=HasPermit' (View All permits). */
export const radarStatusUrl = (status: 'AllProject' | 'HasPermit'): string => `${RADAR_SEARCH_PATH}?status=${status}`;

/** Entering a project from a radar row (SPEC §2.7). */
export const projectPermitUrl = (projectId: number | string, permitId: number | string): string =>
  `/projects/${projectId}/${permitId}`;
export const dataCollectionUrl = (projectId: number | string, permitId: number | string): string =>
  `/data-collection/${projectId}/${permitId}`;

/**
 * The radar's result count: '1 permit', '1,234 permits'. With a keyword the server counts up to
 * RADAR_KEYWORD_TOTAL_CAP matches, so a total at the cap reads '2,000+ permits'.
 */
export function radarTotalLabel(totalCount: number, hasKeyword: boolean): string {
  const capped = hasKeyword && totalCount >= RADAR_KEYWORD_TOTAL_CAP;
  return `${totalCount.toLocaleString('en-US')}${capped ? '+' : ''} ${totalCount === 1 ? 'permit' : 'permits'}`;
}
