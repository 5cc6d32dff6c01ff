// Whether a CSS media query matches, kept current as the window changes (a phone turned, a window
// narrowed). For layout choices CSS alone cannot make, like cards instead of a table.
import { useSyncExternalStore } from 'react';

/** A phone's width: below it the dashboard makes the layout choices CSS cannot (the radar's cards). */
export const PHONE_QUERY = '(max-width: 640px)';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
