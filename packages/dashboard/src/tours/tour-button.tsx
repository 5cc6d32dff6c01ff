// The help button that starts a page's tour whenever the user asks (after the first visit it never
// starts by itself).
import { markTourSeen, type TourId } from './tours-seen.js';

export const TOUR_BUTTON_LABEL = 'Take the tour';

export function TourButton({ id }: { id: TourId }) {
  return (
    <button
      type="button"
      className="btn btn--sm btn--ghost"
      data-tour-start={id}
      onClick={() =>
        void import('./start-tour.js').then(({ startTour }) => {
          if (startTour(id)) markTourSeen(id);
        })
      }
    >
      <span aria-hidden="true">?</span> {TOUR_BUTTON_LABEL}
    </button>
  );
}
