// Which guided tours a user has seen: remembered per user on the server (GET/PUT /v4/account/tours), so a
// tour starts by itself once per person and never again on another device; mirrored under core's saved
// view key (SPEC §2.9, tracked locally) so it holds at once and while the server cannot be reached.
import { TOUR_IDS, type TourId } from '@permitdesk/core';
import { SAVED_VIEW_KEYS } from '@permitdesk/core/client';
import { appQueryClient } from '../data/app-query-client.js';
import { FOR_SESSION } from '../data/query-client.js';
import { queryKeys } from '../data/query-keys.js';
import { useQuery } from '../data/use-query.js';
import { api } from '../session/api.js';
import { useAuth } from '../session/session.js';

export { TOUR_IDS, type TourId };

const isTourId = (id: unknown): id is TourId => (TOUR_IDS as readonly unknown[]).includes(id);

/** The tours marked seen in this browser. */
export function toursSeenHere(storage: Storage = localStorage): TourId[] {
  try {
    const value = JSON.parse(storage.getItem(SAVED_VIEW_KEYS.guidedToursSeen) ?? '[]') as unknown;
    return Array.isArray(value) ? value.filter(isTourId) : [];
  } catch {
    return [];
  }
}

/**
 * The tours this user has seen, here or on any device; undefined until the server answered (a tour must
 * not start before it is known). Should the server not answer, this browser's record decides.
 */
export function useToursSeen(): readonly TourId[] | undefined {
  const signedIn = useAuth((s) => s.isAuthenticated);
  const server = useQuery({
    queryKey: signedIn ? queryKeys.toursSeen : null,
    queryFn: ({ signal }) => api.account.toursSeen({ signal, silent: true }),
    staleTime: FOR_SESSION,
  });
  const here = toursSeenHere();
  if (server.data) return [...new Set([...here, ...server.data.seen])];
  return server.error !== undefined || !signedIn ? here : undefined;
}

/** Remembers a tour as seen, here at once and for the user on the server. */
export function markTourSeen(id: TourId, storage: Storage = localStorage): void {
  const seen = toursSeenHere(storage);
  if (!seen.includes(id)) storage.setItem(SAVED_VIEW_KEYS.guidedToursSeen, JSON.stringify([...seen, id]));
  void api.account
    .markTourSeen({ params: { tourId: id }, silent: true })
    .then((answer) => appQueryClient.setQueryData(queryKeys.toursSeen, answer))
    .catch(() => undefined); // kept locally; the next visit's answer from the server is merged with it
}

/** Settings' 'Show the guided tours again': forgotten on the server and here; each starts on its next visit. */
export async function resetToursSeen(storage: Storage = localStorage): Promise<void> {
  const answer = await api.account.resetTours({ silent: true });
  storage.removeItem(SAVED_VIEW_KEYS.guidedToursSeen);
  appQueryClient.setQueryData(queryKeys.toursSeen, answer);
}
