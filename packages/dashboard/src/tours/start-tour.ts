// Runs a tour with driver.js. Loaded on demand (with driver's CSS) so no page pays for it up front.
// One tour at a time, and it gives way to the user: typing anywhere (the search box opening its
// suggestions) ends it, so a tour never covers what the user just asked for.
import { driver, type Driver } from 'driver.js';
import 'driver.js/dist/driver.css';
import { TOUR_STEPS } from './tour-steps.js';
import { stripPopupAttributes } from './tour-aria.js';
import type { TourId } from './tours-seen.js';

let running: Driver | null = null;

/** Whether a tour is on screen now. */
export const isTourRunning = (): boolean => running?.isActive() ?? false;

/** Starts the tour; false when another one runs or none of its elements is on the page. */
export function startTour(id: TourId, root: ParentNode = document): boolean {
  if (isTourRunning()) return false;
  const steps = TOUR_STEPS[id]
    .map((step) => ({ step, element: root.querySelector<HTMLElement>(step.target) }))
    .filter((found): found is { step: (typeof TOUR_STEPS)[TourId][number]; element: HTMLElement } => found.element !== null);
  if (steps.length === 0) return false;
  const giveWay = (event: Event) => {
    if (!(event.target instanceof Node && document.querySelector('.driver-popover')?.contains(event.target))) tour.destroy();
  };
  const tour = driver({
    showProgress: true,
    allowClose: true,
    // driver sets its popup attributes right after this hook, in the same task: a microtask runs after it.
    onHighlightStarted: (element) => queueMicrotask(() => stripPopupAttributes(element)),
    onHighlighted: (element) => stripPopupAttributes(element),
    onDestroyed: () => {
      document.removeEventListener('input', giveWay, true);
      running = null;
    },
    steps: steps.map(({ step, element }) => ({ element, popover: { title: step.title, description: step.description } })),
  });
  running = tour;
  document.addEventListener('input', giveWay, true);
  tour.drive();
  return true;
}
