// The guided tours (SPEC §2.9): which exist. A user's seen tours are kept on the server (issue 18: the
// first visit starts a tour once per user, on any device) and mirrored locally.
import * as v from 'valibot';

export const TOUR_IDS = ['radar', 'radar-search', 'permit-detail'] as const;
export type TourId = (typeof TOUR_IDS)[number];

export const tourIdSchema = v.picklist(TOUR_IDS, 'Unknown guided tour.');
export const toursSeenSchema = v.object({ seen: v.array(tourIdSchema) });
export type ToursSeen = v.InferOutput<typeof toursSeenSchema>;
