// Runs a tour with driver.js. Loaded on demand (with driver's CSS) so no page pays for it up front.
import { driver } from 'driver.js';
import 'driver.js/dist/driver.css';
import { TOUR_STEPS } from './tour-steps.js';
import { stripPopupAttributes } from './tour-aria.js';
import type { TourId } from './tours-seen.js';

/** Starts the tour; resolves false when none of its elements is on the page. */
export function startTour(id: TourId, root: ParentNode = document): boolean {
  const steps = TOUR_STEPS[id]
    .map((step) => ({ step, element: root.querySelector<HTMLElement>(step.target) }))
    .filter((found): found is { step: (typeof TOUR_STEPS)[TourId][number]; element: HTMLElement } => found.element !== null);
  if (steps.length === 0) return false;
  const tour = driver({
    showProgress: true,
    allowClose: true,
    // driver sets its popup attributes right after this hook, in the same task: a microtask runs after it.
    onHighlightStarted: (element) => queueMicrotask(() => stripPopupAttributes(element)),
    onHighlighted: (element) => stripPopupAttributes(element),
    steps: steps.map(({ step, element }) => ({ element, popover: { title: step.title, description: step.description } })),
  });
  tour.drive();
  return true;
}
