// The one transaction helper: every multi-row write runs in it.
// PGlite has a single connection: inside the callback use `trx` only, never the outer handle.
import type { Db, Tx } from './schema.js';

type Opener = (trx: Tx) => Promise<void>;
const openers = new Set<Opener>();

/**
 * Work that runs first in every transaction, registered by a layer above db/ (http/idempotency.ts
 * writes a creating call's Idempotency-Key there, so the key commits or vanishes with the call's rows).
 */
export const onTransactionStart = (opener: Opener): void => {
  openers.add(opener);
};

export const inTransaction = <T>(db: Db, work: (trx: Tx) => Promise<T>): Promise<T> =>
  db.transaction().execute(async (trx) => {
    for (const open of openers) await open(trx);
    return work(trx);
  });
