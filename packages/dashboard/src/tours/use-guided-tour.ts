// A page's guided tour on the first visit: it starts TIMINGS.guidedTourDelayMs (500 ms) after the page
// is ready (SPEC §2.9, §9), unless the user got there first: a click or a key press meanwhile, or a
// dropdown already open, and the tour waits for the help button instead. driver.js loads only then.
// 'First visit' is per user: the seen tours are kept on the server (tours-seen.ts).
import { TIMINGS } from '@permitdesk/core';
import { useEffect } from 'react';
import { markTourSeen, useToursSeen, type TourId } from './tours-seen.js';

export type { TourId } from './tours-seen.js';

const USER_ACTIONS = ['pointerdown', 'keydown', 'input'] as const;

export function useGuidedTour(id: TourId | null, ready: boolean): void {
  const seen = useToursSeen();
  // Waits for the user's record from the server: a tour seen on another device does not start here.
  const due = id !== null && seen !== undefined && !seen.includes(id);
  useEffect(() => {
    if (!id || !ready || !due) return;
    let live = true;
    const cancel = () => {
      live = false;
      clearTimeout(timer);
    };
    for (const type of USER_ACTIONS) document.addEventListener(type, cancel, { capture: true, once: true });
    const timer = setTimeout(() => {
      if (document.querySelector('[aria-expanded="true"]')) return; // a menu or suggestion list is open
      void import('./start-tour.js').then(({ startTour }) => {
        if (live && startTour(id)) markTourSeen(id);
      });
    }, TIMINGS.guidedTourDelayMs);
    return () => {
      cancel();
      for (const type of USER_ACTIONS) document.removeEventListener(type, cancel, { capture: true });
    };
  }, [id, ready, due]);
}
