// Saved queue views: the built-in ones every operator has (core's OPS_BUILTIN_VIEWS) and each
// operator's own named filters (ops_saved_views), which only their author lists or deletes.
import { OPS_BUILTIN_VIEWS, type OpsSavedView, type OpsSavedViewInput } from '@permitdesk/core';
import { notFound } from '../../http/errors.js';
import type { Db } from '../../db/schema.js';

export const VIEW_NOT_FOUND = 'Saved view not found.';

const toView = (row: { id: number; name: string; filters: unknown }): OpsSavedView => ({
  id: String(row.id),
  name: row.name,
  builtIn: false,
  filters: (typeof row.filters === 'string' ? JSON.parse(row.filters) : row.filters) as Record<string, string>,
});

export async function listViews(db: Db, userId: string): Promise<OpsSavedView[]> {
  const rows = await db.selectFrom('ops_saved_views').select(['id', 'name', 'filters']).where('user_id', '=', userId).orderBy('name').execute();
  return [...OPS_BUILTIN_VIEWS, ...rows.map(toView)];
}

/** Saves the filters under the name (a view of that name is replaced). */
export async function saveView(db: Db, userId: string, input: OpsSavedViewInput): Promise<OpsSavedView> {
  // Empty values are no filter: they are not stored.
  const filters = Object.fromEntries(Object.entries(input.filters).filter(([, value]) => value !== ''));
  const row = await db
    .insertInto('ops_saved_views')
    .values({ user_id: userId, name: input.name, filters: JSON.stringify(filters) })
    .onConflict((oc) => oc.columns(['user_id', 'name']).doUpdateSet({ filters: JSON.stringify(filters) }))
    .returning(['id', 'name', 'filters'])
    .executeTakeFirstOrThrow();
  return toView(row);
}

/** Deletes one of the user's own views; 404 for another operator's view or none. */
export async function deleteView(db: Db, userId: string, id: number): Promise<void> {
  const deleted = await db.deleteFrom('ops_saved_views').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw notFound(VIEW_NOT_FOUND, 'VIEW_NOT_FOUND');
}
