// The one transaction helper: every multi-row write runs in it.
// PGlite has a single connection: inside the callback use `trx` only, never the outer handle.
import type { Db, Tx } from './schema.js';

export const inTransaction = <T>(db: Db, work: (trx: Tx) => Promise<T>): Promise<T> => db.transaction().execute(work);
