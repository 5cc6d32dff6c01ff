// A page's guided tour: on the first visit only (tracked locally), it starts TIMINGS.guidedTourDelayMs
// (500 ms) after the page is ready (SPEC §2.9, §9). driver.js is loaded only when a tour runs.
import { TIMINGS } from '@permitdesk/core';
import { useEffect } from 'react';
import { hasSeenTour, markTourSeen, type TourId } from './tours-seen.js';

export type { TourId } from './tours-seen.js';

export function useGuidedTour(id: TourId | null, ready: boolean): void {
  useEffect(() => {
    if (!id || !ready || hasSeenTour(id)) return;
    let live = true;
    const timer = setTimeout(() => {
      void import('./start-tour.js').then(({ startTour }) => {
        if (live && startTour(id)) markTourSeen(id);
      });
    }, TIMINGS.guidedTourDelayMs);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [id, ready]);
}
