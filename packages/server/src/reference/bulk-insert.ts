// Many rows in one statement on both drivers: the rows travel as one JSON parameter and
// jsonb_to_recordset turns them back into typed columns (no per-row round trips, no driver-specific
// array binding).
import { sql, type RawBuilder } from 'kysely';
import type { Database, Db } from '../db/schema.js';

/** Column name → SQL type, in insert order. */
export type ColumnTypes = Record<string, string>;

export function recordset(rows: readonly object[], columns: ColumnTypes): RawBuilder<unknown> {
  const definition = Object.entries(columns)
    .map(([name, type]) => `${name} ${type}`)
    .join(', ');
  return sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(${sql.raw(definition)})`;
}

/** INSERT INTO table (columns) SELECT columns FROM the rows [ON CONFLICT ...], in chunks. */
export async function bulkInsert(
  db: Db,
  table: keyof Database,
  rows: readonly object[],
  columns: ColumnTypes,
  onConflict = '',
  chunkSize = 10_000,
): Promise<void> {
  const names = sql.raw(Object.keys(columns).join(', '));
  for (let start = 0; start < rows.length; start += chunkSize) {
    const chunk = rows.slice(start, start + chunkSize);
    await sql`INSERT INTO ${sql.table(table)} (${names}) SELECT ${names} FROM ${recordset(chunk, columns)} ${sql.raw(onConflict)}`.execute(db);
  }
}
