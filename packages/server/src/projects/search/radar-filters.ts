// The WHERE clauses of a radar search (GET /v4/projects/search): dismissal (type), the AllProject /
// HasPermit status filter and the keyword over the chosen search fields. Every branch of the search
// (the scope's own permits, the projects assigned from outside it) applies the same filters.
import { SEARCH_FIELDS, STAGE, projectSearchParamsSchema } from '@permitdesk/core';
import { sql, type RawBuilder } from 'kysely';
import type * as v from 'valibot';
import { keywordMatcher } from '../../permits/search-keyword.js';
import { scopeKeySql } from './scope.js';

export type RadarSearchParams = v.InferOutput<typeof projectSearchParamsSchema>;
type SearchField = (typeof SEARCH_FIELDS)[number];

/** Stages that are not (yet) a permit: the 'permit needed?' question and the two no-permit answers. */
export const NOT_A_PERMIT_STAGES = [STAGE.Unsorted, STAGE.NoPermit, STAGE.NoPermitNeeded] as const;

/** The fields a keyword is matched against: the searchFields list, or every field. */
export function parseSearchFields(searchFields: string | undefined): SearchField[] {
  const asked = (searchFields ?? '')
    .split(',')
    .map((field) => field.trim())
    .filter((field): field is SearchField => (SEARCH_FIELDS as readonly string[]).includes(field));
  return asked.length > 0 ? [...new Set(asked)] : [...SEARCH_FIELDS];
}

/**
 * One field's test, on the permit row the trigram index already fetched: the project's address and order
 * number are copied onto it (migration 0020), and the task's name becomes the array of matching task ids,
 * computed once per query.
 */
function fieldCondition(field: SearchField, matches: (column: string) => RawBuilder<unknown>, keyword: string): RawBuilder<unknown> {
  switch (field) {
    case 'customerName':
      return matches('r.customer_sort');
    case 'projectId':
      return /^\d{1,9}$/.test(keyword) ? sql`r.project_id = ${Number(keyword)}` : sql`false`;
    case 'jobAddress':
      return matches('r.search_address');
    case 'orderNumber':
      return matches('r.search_order_number');
    case 'permitNumber':
      return matches('lower(r.permit_number)');
    case 'taskName':
      return sql`r.task_id = ANY (ARRAY(SELECT t.id FROM permit_tasks t WHERE ${matches('lower(t.name)')}))`;
  }
}

export const hasKeyword = (params: RadarSearchParams) => params.keyword.trim() !== '';

/** Filters shared by every branch: dismissal, the status filter, and the keyword. */
export function radarFilters(params: RadarSearchParams): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [];
  if (params.type === 'active') parts.push(sql`r.dismissed = false`);
  if (params.status === 'HasPermit') parts.push(sql`r.stage NOT IN (${sql.join(NOT_A_PERMIT_STAGES.map((s) => sql.lit(s)))})`);
  const keyword = params.keyword.trim();
  if (keyword) {
    const matches = keywordMatcher(keyword);
    const fields = parseSearchFields(params.searchFields);
    // The (radar_scope, search_text) trigram index finds the keyword in the combined text (every field,
    // the project id included); when only some fields are asked for, those are then tested one by one.
    parts.push(matches('r.search_text'));
    if (fields.length < SEARCH_FIELDS.length) {
      parts.push(sql`(${sql.join(fields.map((field) => fieldCondition(field, matches, keyword)), sql` OR `)})`);
    }
  }
  return parts.length > 0 ? sql.join(parts, sql` AND `) : sql`true`;
}

/** The total without a keyword: a sum over the scope's few radar_counts rows (kept by triggers). */
export function radarCountsTotal(params: RadarSearchParams, key: string): RawBuilder<unknown> {
  const parts = [sql`c.radar_scope = ${scopeKeySql(key)}`];
  if (params.type === 'active') parts.push(sql`c.dismissed = false`);
  if (params.status === 'HasPermit') parts.push(sql`c.stage NOT IN (${sql.join(NOT_A_PERMIT_STAGES.map((s) => sql.lit(s)))})`);
  return sql`(SELECT COALESCE(sum(c.n), 0) FROM radar_counts c WHERE ${sql.join(parts, sql` AND `)})`;
}
