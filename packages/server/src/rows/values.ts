// Values between database rows and the API, the same way in every area: timestamps as ISO text and
// id lists as SQL int[] parameters.
import { sql } from 'kysely';

/**
 * An int[] parameter (its array literal as text; ids forced to integers). A parameter, not a literal in the
 * SQL text, so a statement reads the same for every list of ids and stays prepared (issue 17).
 */
export const idArray = (ids: readonly number[]) => sql`${`{${ids.map((id) => Math.trunc(Number(id)) || 0).join(',')}}`}::int[]`;

/** Timestamps as ISO text whichever driver read them. */
export const iso = (value: Date | string): string => (value instanceof Date ? value : new Date(value)).toISOString();

/** Like iso, keeping null. */
export const isoOrNull = (value: Date | string | null): string | null => (value === null ? null : iso(value));
