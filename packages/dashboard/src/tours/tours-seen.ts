// Which guided tours a user has seen (SPEC §2.9: first visit only, tracked locally), kept under core's
// saved view key so a logout does not show them again.
import { SAVED_VIEW_KEYS } from '@permitdesk/core/client';

export const TOUR_IDS = ['radar', 'radar-search', 'permit-detail'] as const;
export type TourId = (typeof TOUR_IDS)[number];

export function toursSeen(storage: Storage = localStorage): TourId[] {
  try {
    const value = JSON.parse(storage.getItem(SAVED_VIEW_KEYS.guidedToursSeen) ?? '[]') as unknown;
    return Array.isArray(value) ? value.filter((id): id is TourId => (TOUR_IDS as readonly unknown[]).includes(id)) : [];
  } catch {
    return [];
  }
}

export const hasSeenTour = (id: TourId, storage: Storage = localStorage): boolean => toursSeen(storage).includes(id);

export function markTourSeen(id: TourId, storage: Storage = localStorage): void {
  const seen = toursSeen(storage);
  if (!seen.includes(id)) storage.setItem(SAVED_VIEW_KEYS.guidedToursSeen, JSON.stringify([...seen, id]));
}
