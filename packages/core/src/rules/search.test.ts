import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { projectSearchParamsSchema } from '../schemas/permit.js';
import {
  radarTotalLabel,
  DEFAULT_RADAR_SORT,
  PROJECT_SEARCH,
  SUGGESTION_SEARCH,
  VENDOR_SEARCH,
  dataCollectionUrl,
  parseRadarSort,
  projectPermitUrl,
  radarAddressUrl,
  radarSearchUrl,
  radarSort,
  radarStatusUrl,
} from './search.js';

describe('search defaults (SPEC §2.4, §3, §9)', () => {
  it('asks suggestions for size 5, page 1, sort +customerName, type active', () => {
    expect(SUGGESTION_SEARCH).toEqual({ size: 5, page: 1, sort: '+customerName', type: 'active' });
  });

  it('pages vendor and project searches by 20 from page 1, sorted +customerName', () => {
    expect(PROJECT_SEARCH).toEqual({ size: 20, page: 1, sort: '+customerName' });
    expect(VENDOR_SEARCH).toMatchObject({ size: 20, page: 1, sort: '+customerName' });
  });

  it('sorts the radar by customer name ascending by default', () => {
    expect(DEFAULT_RADAR_SORT).toBe('+customerName');
    expect(parseRadarSort(undefined)).toEqual({ column: 'customerName', direction: 'asc' });
  });

  it('is accepted by the radar search query schema', () => {
    expect(v.parse(projectSearchParamsSchema, SUGGESTION_SEARCH)).toMatchObject(SUGGESTION_SEARCH);
    expect(v.parse(projectSearchParamsSchema, PROJECT_SEARCH)).toMatchObject(PROJECT_SEARCH);
  });

  it('turns the sortable columns into sort parameters and back', () => {
    expect(radarSort('customerName', 'asc')).toBe('+customerName');
    expect(radarSort('dateAdded', 'desc')).toBe('-createdAt');
    expect(radarSort('status', 'asc')).toBe('+status');
    expect(parseRadarSort('-createdAt')).toEqual({ column: 'dateAdded', direction: 'desc' });
    expect(parseRadarSort('+bogus')).toEqual({ column: 'customerName', direction: 'asc' });
  });
});

describe('radar URLs (SPEC §2.3, §2.4)', () => {
  it("builds '/project-radar/search?keyword=..&searchFields=...'", () => {
    const url = radarSearchUrl('12 Main St', ['customerName', 'jobAddress']);
    expect(url.startsWith('/project-radar/search?keyword=')).toBe(true);
    const query = new URL(url, 'http://x').searchParams;
    expect([...query.keys()]).toEqual(['keyword', 'searchFields']);
    expect(query.get('keyword')).toBe('12 Main St');
    expect(query.get('searchFields')).toBe('customerName,jobAddress');
  });

  it('searches every field by default', () => {
    const fields = new URL(radarSearchUrl('x'), 'http://x').searchParams.get('searchFields')?.split(',');
    expect(fields).toContain('customerName');
    expect(fields).toContain('jobAddress');
  });

  it('links an address search and the two status views', () => {
    const address = '1 Main St, Springfield, IL & more';
    expect(new URL(radarAddressUrl(address), 'http://x').searchParams.get('keyword')).toBe(address);
    expect(radarAddressUrl('a').startsWith('/project-radar/search?keyword=')).toBe(true);
    expect(radarStatusUrl('AllProject')).toBe('/project-radar/search?status=AllProject');
    expect(radarStatusUrl('HasPermit')).toBe('/project-radar/search?status=HasPermit');
  });

  it('enters a project from a row', () => {
    expect(projectPermitUrl(4, 9)).toBe('/projects/4/9');
    expect(dataCollectionUrl(4, 9)).toBe('/data-collection/4/9');
  });
});

describe('radarTotalLabel', () => {
  it('counts permits, and marks a keyword total at the cap as "that many or more"', () => {
    expect(radarTotalLabel(1, false)).toBe('1 permit');
    expect(radarTotalLabel(1234, false)).toBe('1,234 permits');
    expect(radarTotalLabel(2000, false)).toBe('2,000 permits');
    expect(radarTotalLabel(1999, true)).toBe('1,999 permits');
    expect(radarTotalLabel(2000, true)).toBe('2,000+ permits');
  });
});
