// The radar search (GET /v4/projects/search): keyword over the chosen search fields, the AllProject /
// HasPermit filter, active or all, one of six sorts, page and size, within a RadarScope.
//
// Query plans (bench/README.md has the figures):
// * Without a keyword, page ids come from an ordered range of one composite index per scope (filters
//   answered from its INCLUDEd columns), merged with the projects assigned from outside the scope; the
//   total is a sum over radar_counts. A deep page costs an index-only walk, not a join of skipped rows.
// * With a keyword, the scope-leading trigram index (radar_scope, search_text; migration 0020) yields
//   the scope's matches only. Up to KEYWORD_TOTAL_CAP of them are collected once, counted and sorted for
//   the page in the same statement. A keyword matching more than that is paged through the ordered
//   indexes instead (it soon fills a page there), and its total reads KEYWORD_TOTAL_CAP ("that many or
//   more"). The cap is 2,000: at 10,000, counting a common keyword cost ~8 ms more at 1M permits.
// Either way the page's rows are then loaded in full by id (a deferred join).
// Round trips (issue 17): the first statement also reads a head row, radarScopeOf's role check (for
// searchRadarAs), the projects assigned from outside the scope and the total. Without a keyword and with
// nothing assigned from outside (the common radar), the page and its rows come in that same statement.
import { RADAR_KEYWORD_TOTAL_CAP, projectSearchParamsSchema, type CompanyRole, type Permit } from '@permitdesk/core';
import { sql, type RawBuilder } from 'kysely';
import * as v from 'valibot';
import type { Db } from '../../db/schema.js';
import { hasKeyword, radarCountsTotal, radarFilters, type RadarSearchParams } from './radar-filters.js';
import { loadPermits, loadPermitsOfPage } from '../../permits/read-model.js';
import { idArray } from '../../rows/values.js';
import { assignedProjectIdsSql, radarAccessSql, scopeKey, scopeKeySql, scopeOfRole, sortedIds, type RadarScope } from './scope.js';

export { NOT_A_PERMIT_STAGES, parseSearchFields, type RadarSearchParams } from './radar-filters.js';

/** The most matches a keyword search counts (core's contract for x-pagination-totalcount). */
export const KEYWORD_TOTAL_CAP = RADAR_KEYWORD_TOTAL_CAP;

export interface RadarSearchResult {
  rows: Permit[];
  page: number;
  size: number;
  /** Exact, except for a keyword matching more than KEYWORD_TOTAL_CAP permits: then KEYWORD_TOTAL_CAP. */
  totalCount: number;
}

/** Query-string parameters → search parameters with core's defaults (throws on invalid input). */
export const parseSearchParams = (query: Record<string, unknown>): RadarSearchParams => v.parse(projectSearchParamsSchema, query);

const SORT_COLUMN = { customerName: 'customer_sort', createdAt: 'created_at', status: 'stage' } as const;

/** The sort of the request as SQL: `column direction, id direction` on the given alias (and column name). */
function order(params: RadarSearchParams, alias: string, as?: string) {
  const column = as ?? SORT_COLUMN[params.sort.slice(1) as keyof typeof SORT_COLUMN];
  const direction = params.sort.startsWith('-') ? 'DESC' : 'ASC';
  return { column: sql.raw(`${alias}.${column}`), by: sql.raw(`${alias}.${column} ${direction}, ${alias}.id ${direction}`) };
}

interface Query {
  key: string;
  assigned: number[];
  where: RawBuilder<unknown>;
  params: RadarSearchParams;
  cap: number;
}

export interface SearchOptions {
  /** KEYWORD_TOTAL_CAP unless given (tests use a small one). */
  keywordTotalCap?: number;
}

/** The page's ids in sort order, each branch walking its ordered index (merged with UNION ALL). */
async function orderedPage(db: Db, { key, assigned, where, params }: Query): Promise<number[]> {
  const offset = (params.page - 1) * params.size;
  const sort = order(params, 'r');
  if (assigned.length === 0) {
    const { rows } = await sql<{ id: number }>`
      SELECT r.id FROM permits r WHERE r.radar_scope = ${key} AND ${where}
      ORDER BY ${sort.by} LIMIT ${params.size} OFFSET ${offset}`.execute(db);
    return rows.map((row) => Number(row.id));
  }
  // The assigned projects are few: with a of their permits passing the filters, the page's rows from the
  // scope lie within positions offset - a … offset + size of its own index walk, so the walk skips the
  // first offset - a rows itself (Limit over an index-only scan) and only the window is merged with the
  // assigned rows (Merge Append), rather than every skipped row.
  const reach = offset + params.size;
  const inAssigned = sql`FROM permits r WHERE r.project_id = ANY(${idArray(assigned)}) AND ${where}`;
  const { rows } = await sql<{ id: number }>`
    WITH w AS MATERIALIZED (SELECT greatest(0, ${offset} - count(*))::int AS lo ${inAssigned})
    SELECT u.id FROM (
      (SELECT r.id, ${sort.column} AS k FROM permits r WHERE r.radar_scope = ${key} AND ${where}
       ORDER BY ${sort.by} LIMIT ${reach} - (SELECT lo FROM w) OFFSET (SELECT lo FROM w))
      UNION ALL
      (SELECT r.id, ${sort.column} AS k ${inAssigned})
    ) u ORDER BY ${order(params, 'u', 'k').by} LIMIT ${params.size} OFFSET ${offset} - (SELECT lo FROM w)`.execute(db);
  return rows.map((row) => Number(row.id));
}

/** The first statement's head: radarScopeOf's role check, the assigned projects and (without a keyword) the total. */
interface Head {
  role: CompanyRole | null;
  allowed: boolean;
  assigned: number[];
  total?: number;
}

/**
 * The head as one row. Unchecked (the caller ran radarScopeOf): `allowed` true. The total counts the
 * scope's own permits only: with assigned projects it is read again with theirs.
 */
function headSql(db: Db, scope: RadarScope, check: boolean, params: RadarSearchParams | null): RawBuilder<Head> {
  const access = check ? radarAccessSql(db, scope.userId, scope.companyId) : { role: sql`NULL::text`, allowed: sql`true` };
  const total = params ? sql`, ${radarCountsTotal(params, scopeKey(scope))}::int AS total` : sql``;
  return sql<Head>`SELECT ${access.role} AS role, ${access.allowed} AS allowed, ARRAY(${assignedProjectIdsSql(scope)}) AS assigned ${total}`;
}

/** The total without a keyword: radar_counts plus the assigned projects' permits. */
async function browseTotal(db: Db, { key, assigned, where, params }: Query): Promise<number> {
  const assignedCount =
    assigned.length > 0 ? sql`(SELECT count(*) FROM permits r WHERE r.project_id = ANY(${idArray(assigned)}) AND ${where})` : sql`0`;
  const { rows } = await sql<{ n: number }>`SELECT (${radarCountsTotal(params, key)} + ${assignedCount})::int AS n`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/**
 * Without a keyword: one statement reads the head, and, when the user may read the radar and no project is
 * assigned from outside the scope, the ordered page and its rows (issue 17: one round trip for the common
 * radar). With assigned projects the page is merged with theirs afterwards.
 */
async function browse(db: Db, scope: RadarScope, check: boolean, params: RadarSearchParams, where: RawBuilder<unknown>): Promise<{ head: Head; rows: Permit[]; totalCount: number }> {
  const key = scopeKey(scope);
  const sort = order(params, 'r');
  // LIMIT and OFFSET as literals (validated integers): with them unknown, the generic plan's estimate
  // (a tenth of the scope) made PostgreSQL plan the statement afresh on every call.
  const limit = sql.lit(Math.trunc(params.size));
  const offset = sql.lit(Math.trunc((params.page - 1) * params.size));
  const page = sql`
    SELECT r.id, row_number() OVER (ORDER BY ${sort.by}) AS ord FROM permits r
    WHERE (SELECT h.allowed AND cardinality(h.assigned) = 0 FROM head h) AND r.radar_scope = ${scopeKeySql(key)} AND ${where}
    ORDER BY ${sort.by} LIMIT ${limit} OFFSET ${offset}`;
  const { head, rows } = await loadPermitsOfPage(db, headSql(db, scope, check, params), page);
  if (!head.allowed || head.assigned.length === 0) return { head, rows, totalCount: Number(head.total ?? 0) };
  const query: Query = { key, assigned: sortedIds(head.assigned), where, params, cap: 0 };
  const [ids, totalCount] = await Promise.all([orderedPage(db, query), browseTotal(db, query)]);
  return { head, rows: await loadPermits(db, ids), totalCount };
}

/**
 * With a keyword: the matches (at most KEYWORD_TOTAL_CAP + 1) are read once through the trigram index,
 * then counted and, within the cap, sorted for the page from that one materialised set. Past the cap,
 * the page comes from the ordered walk, where a common keyword soon fills a page.
 */
async function find(db: Db, query: Query): Promise<{ ids: number[]; totalCount: number }> {
  const { key, assigned, where, params, cap } = query;
  const sort = order(params, 'r');
  const offset = (params.page - 1) * params.size;
  const assignedBranch =
    assigned.length > 0
      ? sql`UNION ALL SELECT r.id, ${sort.column} FROM permits r WHERE r.project_id = ANY(${idArray(assigned)}) AND ${where}`
      : sql``;
  const { rows } = await sql<{ n: number; ids: number[] }>`
    WITH m AS MATERIALIZED (
      SELECT r.id, ${sort.column} FROM permits r WHERE r.radar_scope = ${key} AND ${where}
      ${assignedBranch}
      LIMIT ${cap + 1}
    )
    SELECT n, CASE WHEN n <= ${cap} THEN ARRAY(SELECT r.id FROM m r ORDER BY ${sort.by} LIMIT ${params.size} OFFSET ${offset}) END AS ids
    FROM (SELECT count(*)::int AS n FROM m) c`.execute(db);
  const n = Number(rows[0]?.n ?? 0);
  if (n <= cap) return { ids: (rows[0]?.ids ?? []).map(Number), totalCount: n };
  return { ids: await orderedPage(db, query), totalCount: cap };
}

/** The radar search in a scope radarScopeOf already checked. */
export const searchProjects = (db: Db, scope: RadarScope, params: RadarSearchParams, options: SearchOptions = {}): Promise<RadarSearchResult> =>
  search(db, scope, false, params, options);

/**
 * The radar search as a user in a company (null: the personal account), with radarScopeOf's check read in
 * the search's first statement (403 without a usable role in the company, before anything is answered).
 */
export const searchRadarAs = (db: Db, userId: string, companyId: number | null, params: RadarSearchParams, options: SearchOptions = {}): Promise<RadarSearchResult> =>
  search(db, { userId, companyId }, true, params, options);

async function search(db: Db, scope: RadarScope, check: boolean, params: RadarSearchParams, options: SearchOptions): Promise<RadarSearchResult> {
  const where = radarFilters(params);
  const verdict = (head: Head) => {
    if (check) scopeOfRole(scope.userId, scope.companyId, head.role);
  };
  if (!hasKeyword(params)) {
    const found = await browse(db, scope, check, params, where);
    verdict(found.head);
    return { rows: found.rows, page: params.page, size: params.size, totalCount: found.totalCount };
  }
  const head = (await headSql(db, scope, check, null).execute(db)).rows[0]!;
  verdict(head);
  const query: Query = { key: scopeKey(scope), assigned: sortedIds(head.assigned), where, params, cap: options.keywordTotalCap ?? KEYWORD_TOTAL_CAP };
  const found = await find(db, query);
  return { rows: await loadPermits(db, found.ids), page: params.page, size: params.size, totalCount: found.totalCount };
}
