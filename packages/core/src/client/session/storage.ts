// Where the session lives between page loads: a Web Storage (localStorage in browsers, the in-memory
// one below in tests and on servers), under named keys.

/** The session's own keys. */
export const SESSION_STORAGE_KEYS = {
  tokens: 'permitdesk.session.tokens',
  profile: 'permitdesk.session.profile',
  currentCompanyId: 'permitdesk.session.currentCompanyId',
  /** Failed profile refreshes in a row (SPEC §4.2). */
  failedProfileRefresh: 'permitdesk.session.failedProfileRefresh',
} as const;

/** Saved view settings that survive a logout (SPEC §4.2: three saved view keys). */
export const SAVED_VIEW_KEYS = {
  /** The radar's view (columns, expanded rows). */
  radarView: 'permitdesk.radar.view',
  /** The radar's sort. */
  radarSort: 'permitdesk.radar.sort',
  /** The guided tours already seen (SPEC §2.9: first visit only, tracked locally). */
  guidedToursSeen: 'permitdesk.tours.seen',
} as const;

/** A Storage kept in memory. */
export function createMemoryStorage(initial: Record<string, string> = {}): Storage {
  const data = new Map<string, string>(Object.entries(initial));
  const storage = {
    get length() {
      return data.size;
    },
    key: (index: number) => [...data.keys()][index] ?? null,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, String(value)),
    removeItem: (key: string) => void data.delete(key),
    clear: () => data.clear(),
  };
  return storage as Storage;
}

let pageFallback: Storage | undefined;
/**
 * The page's localStorage, or (where the browser blocks it: a third-party frame such as /embed on a
 * partner's page, some privacy modes) one in-memory storage for this page load, instead of a
 * SecurityError that would leave the page blank.
 */
export function pageStorage(): Storage {
  try {
    const storage = globalThis.localStorage;
    if (storage) return storage;
  } catch {
    // blocked: fall through
  }
  return (pageFallback ??= createMemoryStorage());
}

/** Clears the storage but for the given keys. */
export function clearStorageExcept(storage: Storage, keep: readonly string[]): void {
  const saved = keep.flatMap((key) => {
    const value = storage.getItem(key);
    return value === null ? [] : [[key, value] as const];
  });
  storage.clear();
  for (const [key, value] of saved) storage.setItem(key, value);
}

/** Reads a JSON value; null when it is missing or not JSON. */
export function readJsonItem(storage: Storage, key: string): unknown {
  const text = storage.getItem(key);
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
