// Street geocoders in the order GEOCODER names them, then the built-in gazetteer: each gets FALLBACK_AFTER_MS
// (its request is aborted then), and the next answers when one is slow, down, answers nonsense or
// finds nothing. The visitor always gets suggestions (marked unverified when they are the gazetteer's),
// never a blank screen. Geocode goes back to the provider that made the id (its prefix); when that one
// fails, the id's address text (when it carries one) is searched again down the chain.
import type { AddressSearchResult } from '@permitdesk/core';
import type { AddressProvider, ProviderAddress } from './address-provider.js';

/** How long a street geocoder may take before the next one (in the end the built-in gazetteer) answers instead. */
export const FALLBACK_AFTER_MS = 1000;

/** The prefix of the ids a provider makes. */
export const idPrefixOf = (provider: AddressProvider): string => (provider.name === 'builtin' ? 'us' : provider.name);

/** When a geocoder's time is up: after so many milliseconds, or when a promise settles (tests drive it). */
export type Deadline = number | (() => Promise<void>);

export function withFallbacks(primaries: AddressProvider[], builtin: AddressProvider, deadline: Deadline = FALLBACK_AFTER_MS): AddressProvider {
  const chain = [...primaries, builtin];

  /** The provider's answer, or null when it fails or takes longer than timeoutMs (its request is then aborted). */
  async function withinTime<T>(provider: AddressProvider, work: (signal: AbortSignal) => Promise<T>, outer?: AbortSignal): Promise<T | null> {
    if (provider === builtin) return work(outer ?? new AbortController().signal);
    const controller = new AbortController();
    const abort = () => controller.abort();
    outer?.addEventListener('abort', abort, { once: true });
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      const timeUp = () => {
        controller.abort();
        resolve(null);
      };
      if (typeof deadline === 'number') timer = setTimeout(timeUp, deadline);
      else void deadline().then(timeUp);
    });
    try {
      return await Promise.race([work(controller.signal).catch((error: unknown) => (logFailure(provider, error), null)), late]);
    } finally {
      clearTimeout(timer);
      outer?.removeEventListener('abort', abort);
    }
  }

  async function search(query: string, limit: number, signal?: AbortSignal): Promise<AddressSearchResult[]> {
    for (const provider of chain) {
      const found = await withinTime(provider, (s) => provider.search(query, limit, s), signal);
      if (found && found.length > 0) return found;
    }
    return [];
  }

  return {
    name: primaries[0]?.name ?? builtin.name,
    search,
    async geocode(id, signal): Promise<ProviderAddress | null> {
      const owner = chain.find((provider) => id.startsWith(`${idPrefixOf(provider)}.`));
      if (!owner) return null;
      if (owner === builtin) return builtin.geocode(id, signal);
      const found = await withinTime(owner, (s) => owner.geocode(id, s).then((address) => ({ address })), signal);
      if (found) return found.address;
      // The provider is down or slow: the address it matched, searched again down the chain.
      const text = owner.addressText?.(id);
      if (!text) throw new Error(`${owner.name} could not geocode the address`);
      const rest = chain.slice(chain.indexOf(owner) + 1);
      for (const provider of rest) {
        const [first] = (await withinTime(provider, (s) => provider.search(text, 1, s), signal)) ?? [];
        if (!first) continue;
        const address = await withinTime(provider, (s) => provider.geocode(first.id, s), signal);
        if (address) return address;
      }
      return null;
    },
  };
}

/** The built-in gazetteer answering when the one street geocoder cannot. */
export const withBuiltinFallback = (primary: AddressProvider, builtin: AddressProvider, deadline: Deadline = FALLBACK_AFTER_MS): AddressProvider =>
  withFallbacks([primary], builtin, deadline);

function logFailure(provider: AddressProvider, error: unknown) {
  if (error instanceof Error && error.name === 'AbortError') return;
  console.warn(`[geo] ${provider.name} geocoder failed, the next one answers:`, error instanceof Error ? error.message : error);
}
