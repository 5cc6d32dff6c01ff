// Searching as the user types: debounced, older requests aborted, and the status message to show.
import { useEffect, useRef, useState } from 'react';
import type { AddressSearchResult } from '@permitdesk/core';
import { ADDRESS_MESSAGES } from './address-messages.js';

export type AddressSearch = (text: string, signal: AbortSignal) => Promise<AddressSearchResult[]>;

/** Quiet time after the last keystroke before a request goes out: the first suggestion shows one round trip later. */
export const SEARCH_DEBOUNCE_MS = 150;

export function useAddressSearch(search: AddressSearch, text: string) {
  const [results, setResults] = useState<AddressSearchResult[]>([]);
  const [phase, setPhase] = useState<'idle' | 'searching' | 'done' | 'failed'>('idle');
  const controller = useRef<AbortController | null>(null);

  useEffect(() => {
    controller.current?.abort();
    const query = text.trim();
    if (!query) {
      setResults([]);
      setPhase('idle');
      return;
    }
    setPhase('searching');
    const ac = new AbortController();
    controller.current = ac;
    const timer = setTimeout(() => {
      search(query, ac.signal).then(
        (found) => {
          if (ac.signal.aborted) return;
          setResults(found);
          setPhase('done');
        },
        () => {
          if (ac.signal.aborted) return;
          setResults([]);
          setPhase('failed');
        },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      ac.abort();
    };
  }, [search, text]);

  const status =
    phase === 'idle'
      ? ADDRESS_MESSAGES.startTyping
      : phase === 'searching'
        ? ADDRESS_MESSAGES.searching
        : phase === 'failed'
          ? ADDRESS_MESSAGES.failed
          : results.length === 0
            ? ADDRESS_MESSAGES.notFound
            : null;
  return { results, status };
}
