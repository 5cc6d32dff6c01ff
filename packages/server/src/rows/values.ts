// Values between database rows and the API, the same way in every area: timestamps as ISO text and
// id lists as SQL int[] literals.
import { sql } from 'kysely';

/** An int[] literal; ids are forced to integers, so nothing else can reach the SQL text. */
export const idArray = (ids: readonly number[]) => sql.raw(`'{${ids.map((id) => Math.trunc(Number(id)) || 0).join(',')}}'::int[]`);

/** Timestamps as ISO text whichever driver read them. */
export const iso = (value: Date | string): string => (value instanceof Date ? value : new Date(value)).toISOString();

/** Like iso, keeping null. */
export const isoOrNull = (value: Date | string | null): string | null => (value === null ? null : iso(value));
