// The whole radar view for an export (issue 18): the same scope, filters and sort as the radar search,
// walked in keyset pages (the last row's sort key and id, never an OFFSET), so a view of any size is read
// a page at a time and never held whole.
import type { Permit } from '@permitdesk/core';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/schema.js';
import { loadPermits } from '../../permits/read-model.js';
import { idArray } from '../../rows/values.js';
import { radarFilters, type RadarSearchParams } from './radar-filters.js';
import { assignedProjectIds, scopeKey, type RadarScope } from './scope.js';

/** Rows read per page of the walk. */
export const RADAR_WALK_PAGE = 500;

/** Each sort's column, and how its key (read as text, so no precision is lost) is cast back. */
const SORT_KEYS = {
  customerName: { column: 'customer_sort', cast: 'text' },
  createdAt: { column: 'created_at', cast: 'timestamptz' },
  status: { column: 'stage', cast: 'int' },
} as const;

interface Cursor {
  key: string;
  id: number;
}

/**
 * Every permit of the radar view in its sort order, a page (of `pageSize` permits) at a time: the scope's
 * own permits and those of the projects assigned to it, merged as the radar search merges them.
 */
export async function* walkRadar(db: Db, scope: RadarScope, params: RadarSearchParams, pageSize = RADAR_WALK_PAGE): AsyncGenerator<Permit[]> {
  const key = scopeKey(scope);
  const assigned = await assignedProjectIds(db, scope);
  const where = radarFilters(params);
  const sort = SORT_KEYS[params.sort.slice(1) as keyof typeof SORT_KEYS];
  const descending = params.sort.startsWith('-');
  const direction = sql.raw(descending ? 'DESC' : 'ASC');
  const column = sql.raw(`r.${sort.column}`);
  const by = sql`${column} ${direction}, r.id ${direction}`;
  const after = (cursor: Cursor | null): RawBuilder<unknown> =>
    cursor === null ? sql`true` : sql`(${column}, r.id) ${sql.raw(descending ? '<' : '>')} (${cursor.key}::${sql.raw(sort.cast)}, ${cursor.id})`;

  let cursor: Cursor | null = null;
  for (;;) {
    const branch = (from: RawBuilder<unknown>) =>
      sql`(SELECT r.id, ${column} AS s, ${column}::text AS k FROM permits r WHERE ${from} AND ${where} AND ${after(cursor)} ORDER BY ${by} LIMIT ${pageSize})`;
    const own = branch(sql`r.radar_scope = ${key}`);
    const union = assigned.length > 0 ? sql`${own} UNION ALL ${branch(sql`r.project_id = ANY(${idArray(assigned)})`)}` : own;
    // Each branch walks its ordered index from the cursor; the page is the first pageSize of their merge.
    const { rows } = await sql<{ id: number; k: string }>`
      SELECT r.id, r.k FROM (${union}) r ORDER BY r.s ${direction}, r.id ${direction} LIMIT ${pageSize}`.execute(db);
    if (rows.length === 0) return;
    yield await loadPermits(db, rows.map((row) => Number(row.id)));
    if (rows.length < pageSize) return;
    const last = rows.at(-1)!;
    cursor = { key: last.k, id: Number(last.id) };
  }
}
