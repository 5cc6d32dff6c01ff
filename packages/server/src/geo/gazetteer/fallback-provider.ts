// A street geocoder first, the built-in gazetteer when it is slow, down or finds nothing: the visitor
// always gets suggestions (marked unverified when they are the gazetteer's), never a blank screen.
// The gazetteer's ids start 'us.', so geocode goes back to the provider that made the id.
import type { AddressProvider } from './address-provider.js';

/** How long the street geocoder may take before the built-in gazetteer answers instead. */
export const FALLBACK_AFTER_MS = 1000;

const isBuiltinId = (id: string) => id.startsWith('us.');

export function withBuiltinFallback(primary: AddressProvider, builtin: AddressProvider, timeoutMs = FALLBACK_AFTER_MS): AddressProvider {
  /** The work's answer, or null when it fails or takes longer than timeoutMs. */
  async function withinTime<T>(work: Promise<T>): Promise<T | null> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), timeoutMs)));
    try {
      return await Promise.race([work.catch(() => null), late]);
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    name: primary.name,
    async search(query, limit) {
      const found = await withinTime(primary.search(query, limit));
      return found && found.length > 0 ? found : builtin.search(query, limit);
    },
    geocode: (id) => (isBuiltinId(id) ? builtin.geocode(id) : primary.geocode(id)),
  };
}
