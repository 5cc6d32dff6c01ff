// The answers (core's Municipality) of the municipalities this process answered lately (issue 15): a
// keyword search reads one version and only the rows it has not answered at that version, instead of three
// correlated subqueries per row of every page (≈70% of a search's time on PGlite).
//
// Staleness: migration 0099 moves municipality_search_version.answer_version on every statement that may
// change an answer (any column of municipalities, the directory's phone and cut-off, the administrative
// areas), in the writer's transaction. Each lookup reads that version from the database (the same statement
// as the rows it lacks), and answers cached at another version are never used: an edit made through any
// replica, the seed or psql shows on the next lookup.
// Memory: bounded (LIMIT answers, least recently used out first, ≈2 KB each: a few MB), never all 19k.
import type { Municipality } from '@permitdesk/core';
import { LRUCache } from 'lru-cache';
import type { Db } from '../db/schema.js';

export const MUNICIPALITY_CACHE_LIMIT = 2_000;

interface Cache {
  /** The answer_version of every answer held; -1 before the first. */
  version: bigint;
  byId: LRUCache<number, Municipality>;
}

/** One cache per database handle (each test context has its own). */
const caches = new WeakMap<Db, Cache>();

const cacheOf = (db: Db): Cache => {
  let cache = caches.get(db);
  if (!cache) {
    cache = { version: -1n, byId: new LRUCache({ max: MUNICIPALITY_CACHE_LIMIT }) };
    caches.set(db, cache);
  }
  return cache;
};

/** The answers held for these ids (each moved to most recently used), the version they hold for, and the ids missing. */
export function cachedMunicipalities(db: Db, ids: readonly number[]): { version: bigint; found: Map<number, Municipality>; missing: number[] } {
  const cache = cacheOf(db);
  const found = new Map<number, Municipality>();
  const missing: number[] = [];
  for (const id of ids) {
    const answer = cache.byId.get(id);
    if (answer === undefined) missing.push(id);
    else found.set(id, answer);
  }
  return { version: cache.version, found, missing };
}

/**
 * Keeps answers read at `version`: a newer version than the cache's drops every answer it held first; an
 * older one (a lookup whose statement ran before another's) keeps nothing.
 */
export function cacheMunicipalities(db: Db, version: bigint, answers: readonly Municipality[]): void {
  const cache = cacheOf(db);
  if (version > cache.version) {
    cache.version = version;
    cache.byId.clear();
  }
  if (version !== cache.version) return;
  for (const answer of answers) cache.byId.set(answer.id, freeze(answer));
}

/** How many answers are held (for the tests: the cache stays bounded). */
export const municipalityCacheSize = (db: Db): number => cacheOf(db).byId.size;

/** Shared by every caller: nobody may change one in place. */
function freeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) freeze(inner);
    Object.freeze(value);
  }
  return value;
}
