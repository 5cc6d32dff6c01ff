// The radar search (GET /v4/projects/search): keyword over the chosen search fields, the AllProject /
// HasPermit filter, active or all, one of six sorts, page and size, within a RadarScope.
//
// Query plan: page ids first (an ordered range of one composite index per scope, filters answered
// from the index's INCLUDEd columns), then the 20 rows in full by id (a deferred join), so a deep page
// costs an index walk rather than a join of every skipped row. Projects assigned from outside the scope
// are a second ordered branch merged with UNION ALL. The total comes from radar_counts without a
// keyword, and is counted through the trigram index with one.
import {
  SEARCH_FIELDS,
  STAGE,
  projectSearchParamsSchema,
  type Permit,
} from '@permitdesk/core';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import * as v from 'valibot';
import type { Database } from '../../db/schema.js';
import { idArray, loadPermits } from './radar-rows.js';
import { assignedProjectIds, scopeKey, type RadarScope } from './scope.js';

export type RadarSearchParams = v.InferOutput<typeof projectSearchParamsSchema>;
type SearchField = (typeof SEARCH_FIELDS)[number];

export interface RadarSearchResult {
  rows: Permit[];
  page: number;
  size: number;
  totalCount: number;
}

/** Query-string parameters → search parameters with core's defaults (throws on invalid input). */
export const parseSearchParams = (query: Record<string, unknown>): RadarSearchParams => v.parse(projectSearchParamsSchema, query);

/** Stages that are not (yet) a permit: the 'permit needed?' question and the two no-permit answers. */
export const NOT_A_PERMIT_STAGES = [STAGE.Unsorted, STAGE.NoPermit, STAGE.NoPermitNeeded] as const;

const SORT_COLUMN = { customerName: 'r.customer_sort', createdAt: 'r.created_at', status: 'r.stage' } as const;

/** LIKE pattern for a keyword: lower case, with % _ and \ taken literally. */
const containsPattern = (keyword: string) => `%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The fields a keyword is matched against: the searchFields list, or every field. */
export function parseSearchFields(searchFields: string | undefined): SearchField[] {
  const asked = (searchFields ?? '')
    .split(',')
    .map((field) => field.trim())
    .filter((field): field is SearchField => (SEARCH_FIELDS as readonly string[]).includes(field));
  return asked.length > 0 ? [...new Set(asked)] : [...SEARCH_FIELDS];
}

function fieldCondition(field: SearchField, pattern: string, keyword: string): RawBuilder<unknown> {
  switch (field) {
    case 'customerName':
      return sql`r.customer_sort LIKE ${pattern}`;
    case 'projectId':
      return /^\d{1,9}$/.test(keyword) ? sql`r.project_id = ${Number(keyword)}` : sql`false`;
    case 'jobAddress':
      return sql`lower(p.project_address) LIKE ${pattern}`;
    case 'orderNumber':
      return sql`lower(p.order_number) LIKE ${pattern}`;
    case 'permitNumber':
      return sql`lower(r.permit_number) LIKE ${pattern}`;
    case 'taskName':
      return sql`lower(t.name) LIKE ${pattern}`;
  }
}

/** Filters shared by every branch: dismissal, the status filter, and the keyword. */
function filters(params: RadarSearchParams): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [];
  if (params.type === 'active') parts.push(sql`r.dismissed = false`);
  if (params.status === 'HasPermit') parts.push(sql`r.stage NOT IN (${sql.join(NOT_A_PERMIT_STAGES.map((s) => sql.lit(s)))})`);
  const keyword = params.keyword.trim();
  if (keyword) {
    const pattern = containsPattern(keyword);
    const fields = parseSearchFields(params.searchFields);
    // The trigram index finds the keyword in the combined text (every field, the project id included);
    // when only some fields are asked for, those fields are then tested one by one.
    parts.push(sql`r.search_text LIKE ${pattern}`);
    if (fields.length < SEARCH_FIELDS.length) {
      parts.push(sql`(${sql.join(fields.map((field) => fieldCondition(field, pattern, keyword)), sql` OR `)})`);
    }
  }
  return parts.length > 0 ? sql.join(parts, sql` AND `) : sql`true`;
}

/** Rows of the scope itself that pass the filters: from radar_counts without a keyword, else counted. */
function scopeCount(params: RadarSearchParams, key: string, from: RawBuilder<unknown>, where: RawBuilder<unknown>): RawBuilder<unknown> {
  if (params.keyword.trim() !== '') return sql`(SELECT count(*) ${from} WHERE r.radar_scope = ${key} AND ${where})`;
  const parts = [sql`c.radar_scope = ${key}`];
  if (params.type === 'active') parts.push(sql`c.dismissed = false`);
  if (params.status === 'HasPermit') parts.push(sql`c.stage NOT IN (${sql.join(NOT_A_PERMIT_STAGES.map((s) => sql.lit(s)))})`);
  return sql`(SELECT COALESCE(sum(c.n), 0) FROM radar_counts c WHERE ${sql.join(parts, sql` AND `)})`;
}

/** Per-field keyword tests need the project's address and the task's name. */
const needsJoin = (params: RadarSearchParams) =>
  params.keyword.trim() !== '' && parseSearchFields(params.searchFields).some((f) => f === 'jobAddress' || f === 'orderNumber' || f === 'taskName');
const joins = (params: RadarSearchParams) =>
  needsJoin(params) ? sql`JOIN projects p ON p.id = r.project_id JOIN permit_tasks t ON t.id = r.task_id` : sql``;

function order(params: RadarSearchParams, alias = 'r') {
  const column = SORT_COLUMN[params.sort.slice(1) as keyof typeof SORT_COLUMN].replace('r.', `${alias}.`);
  const direction = params.sort.startsWith('-') ? 'DESC' : 'ASC';
  return { column, direction, sql: sql.raw(`${column} ${direction}, ${alias}.id ${direction}`) };
}

export async function searchProjects(db: Kysely<Database>, scope: RadarScope, params: RadarSearchParams): Promise<RadarSearchResult> {
  const { page, size } = params;
  const offset = (page - 1) * size;
  const key = scopeKey(scope);
  const assigned = await assignedProjectIds(db, scope);
  const where = filters(params);
  const from = sql`FROM permits r ${joins(params)}`;
  const sortKey = order(params);

  let ids: number[];
  let totalCount: number;
  if (assigned.length === 0) {
    const [page_, count] = await Promise.all([
      sql<{ id: number }>`SELECT r.id ${from} WHERE r.radar_scope = ${key} AND ${where} ORDER BY ${sortKey.sql} LIMIT ${size} OFFSET ${offset}`.execute(db),
      sql<{ n: number }>`SELECT ${scopeCount(params, key, from, where)}::int AS n`.execute(db),
    ]);
    ids = page_.rows.map((row) => Number(row.id));
    totalCount = Number(count.rows[0]?.n ?? 0);
  } else {
    // Two ordered branches, each cut at offset + size, merged and cut again.
    const reach = offset + size;
    const sortColumn = sortKey.column.replace('r.', '');
    const merged = order(params, 'u');
    const [page_, count] = await Promise.all([
      sql<{ id: number }>`
        SELECT u.id FROM (
          (SELECT r.id, ${sql.raw(sortKey.column)} AS ${sql.raw(sortColumn)} ${from} WHERE r.radar_scope = ${key} AND ${where} ORDER BY ${sortKey.sql} LIMIT ${reach})
          UNION ALL
          (SELECT r.id, ${sql.raw(sortKey.column)} AS ${sql.raw(sortColumn)} ${from} WHERE r.project_id = ANY(${idArray(assigned)}) AND ${where} ORDER BY ${sortKey.sql} LIMIT ${reach})
        ) u ORDER BY ${merged.sql} LIMIT ${size} OFFSET ${offset}`.execute(db),
      sql<{ n: number }>`
        SELECT ${scopeCount(params, key, from, where)}::int
             + (SELECT count(*) ${from} WHERE r.project_id = ANY(${idArray(assigned)}) AND ${where})::int AS n`.execute(db),
    ]);
    ids = page_.rows.map((row) => Number(row.id));
    totalCount = Number(count.rows[0]?.n ?? 0);
  }
  return { rows: await loadPermits(db, ids), page, size, totalCount };
}
