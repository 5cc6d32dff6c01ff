// The municipality keyword search (issue 15) without asking the database to filter and sort: every
// municipality's id, lower(name) and state, loaded once per process in the database's own `ORDER BY name, id`
// (so its collation decides the order, as the SQL search did) and lower() (so a keyword matches exactly the
// names `lower(name) LIKE '%keyword%'` matched). A search scans the ~20,000 names in memory (≈0.1 ms) and
// answers the page's ids and the total; the answers themselves come from municipality-cache.ts (bounded,
// valid at one answer_version, 0099) or the database, so the directory's phone and cut-off are not kept here.
//
// Staleness: migration 0092 moves municipality_search_version on every statement that adds, removes or
// renames a municipality, in the writer's transaction. The search reads that version in the same statement
// as the answer version and the rows it lacks (municipalities.repository.ts) and, when it moved past the
// list's, reloads the list and searches again: an edit made through any replica, the seed or psql is found by the next search.
// Memory: ≈1.5 MB of heap for 19,369 names (one string of them all, their ids, starts and states), and the
// answers of the last RECENT_SEARCHES searches (a page of ids each) while the list stands.
import { sql } from 'kysely';
import type { Db } from '../db/schema.js';
import { LRUCache } from 'lru-cache';

export interface NameFilter {
  state?: string | undefined;
  keyword?: string | undefined;
  page: number;
  size: number;
}

interface NameIndex {
  version: bigint;
  ids: Int32Array;
  /**
   * Every lower(name), as the database computes it, in `ORDER BY name, id`, each followed by a NUL (which no
   * text in PostgreSQL can hold): one string that indexOf searches far faster than 20,000 includes calls.
   */
  text: string;
  /** Where each name starts in text, and text.length at the end. */
  starts: Int32Array;
  states: string[];
  /** The latest searches' answers (the same filter answers the same while this list stands). */
  recent: LRUCache<string, { ids: number[]; totalCount: number }>;
}

/** Searches remembered per list: ≈0.1 ms of scan each saved, at most a few hundred KB of ids. */
const RECENT_SEARCHES = 1_000;

const SEPARATOR = '\0';

interface Slot {
  current: NameIndex | null;
  loading: Promise<NameIndex> | null;
}

/** One list per database handle (each test context has its own). */
const slots = new WeakMap<Db, Slot>();

const slotOf = (db: Db): Slot => {
  let slot = slots.get(db);
  if (!slot) {
    slot = { current: null, loading: null };
    slots.set(db, slot);
  }
  return slot;
};

/** The names and their version in one statement, so one snapshot: the version names exactly these rows. */
async function load(db: Db): Promise<NameIndex> {
  const { rows } = await sql<{ version: string; id: number | null; lower_name: string | null; state_code: string | null }>`
    SELECT v.version::text AS version, m.id, lower(m.name) AS lower_name, m.state_code
    FROM municipality_search_version v LEFT JOIN municipalities m ON true
    ORDER BY m.name, m.id`.execute(db);
  const found = rows.filter((row) => row.id !== null);
  const codes = new Map<string, string>(); // a few dozen distinct codes: one string each
  const starts = new Int32Array(found.length + 1);
  const names: string[] = [];
  let at = 0;
  found.forEach((row, i) => {
    const name = row.lower_name ?? '';
    starts[i] = at;
    names.push(name);
    at += name.length + SEPARATOR.length;
  });
  starts[found.length] = at;
  return {
    version: BigInt(rows[0]?.version ?? '0'),
    ids: Int32Array.from(found, (row) => Number(row.id)),
    text: names.map((name) => name + SEPARATOR).join(''),
    starts,
    states: found.map((row) => {
      const code = row.state_code ?? '';
      if (!codes.has(code)) codes.set(code, code);
      return codes.get(code) as string;
    }),
    recent: new LRUCache({ max: RECENT_SEARCHES }),
  };
}

/** The position of the name holding text offset `at`: the last start ≤ at. */
function entryAt(starts: Int32Array, at: number): number {
  let low = 0;
  let high = starts.length - 2;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if ((starts[mid] as number) <= at) low = mid;
    else high = mid - 1;
  }
  return low;
}

/** A loaded list: its version, and its search. */
export interface MunicipalityNameIndex {
  readonly version: bigint;
  /**
   * The ids of one page of municipalities (by name, then id) whose lower(name) contains the keyword
   * (lower-cased as the SQL search did) and whose state is the given one, and how many there are in all.
   */
  search(filter: NameFilter): { ids: number[]; totalCount: number };
}

/**
 * The list this process holds, loaded if there is none yet or if it is older than `atLeast` (a version the
 * caller read from the database). Concurrent callers share one load.
 */
export async function municipalityNameIndex(db: Db, atLeast = 0n): Promise<MunicipalityNameIndex> {
  const slot = slotOf(db);
  while (!slot.current || slot.current.version < atLeast) {
    if (!slot.loading) {
      slot.loading = load(db).then(
        (index) => {
          if (!slot.current || slot.current.version <= index.version) slot.current = index;
          slot.loading = null;
          return index;
        },
        (error: unknown) => {
          slot.loading = null;
          throw error;
        },
      );
    }
    await slot.loading;
  }
  const index = slot.current;
  return { version: index.version, search: (filter) => rememberedSearch(index, filter) };
}

function rememberedSearch(index: NameIndex, filter: NameFilter): { ids: number[]; totalCount: number } {
  const key = JSON.stringify([filter.keyword ? filter.keyword.toLowerCase() : '', filter.state || '', filter.page, filter.size]);
  let answer = index.recent.get(key);
  if (!answer) {
    answer = searchIndex(index, filter);
    index.recent.set(key, answer);
  }
  return { ids: [...answer.ids], totalCount: answer.totalCount };
}

function searchIndex(index: NameIndex, filter: NameFilter): { ids: number[]; totalCount: number } {
  const keyword = filter.keyword ? filter.keyword.toLowerCase() : '';
  const state = filter.state || '';
  const from = (filter.page - 1) * filter.size;
  const to = from + filter.size;
  const ids: number[] = [];
  let totalCount = 0;
  const take = (i: number) => {
    if (state && index.states[i] !== state) return;
    if (totalCount >= from && totalCount < to) ids.push(index.ids[i] as number);
    totalCount++;
  };
  if (!keyword) {
    for (let i = 0; i < index.ids.length; i++) take(i);
  } else if (!keyword.includes(SEPARATOR)) {
    // Each hit once per name, in the list's order: after a hit, go on from the next name's start.
    const { text, starts } = index;
    for (let at = text.indexOf(keyword); at !== -1; ) {
      const i = entryAt(starts, at);
      take(i);
      at = text.indexOf(keyword, starts[i + 1] as number);
    }
  }
  return { ids, totalCount };
}

/** Loads the list ahead of the first search (at start), so that one does not wait for it. */
export async function warmMunicipalitySearch(db: Db): Promise<void> {
  await municipalityNameIndex(db);
}
