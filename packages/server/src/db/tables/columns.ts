// Column types shared by every area's tables.
import type { ColumnType } from 'kysely';

/** timestamptz with a default: read as a Date, written as a Date or ISO text, optional on insert. */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** A nullable column that may be left out on insert. */
export type Optional<T> = ColumnType<T | null, T | null | undefined, T | null>;
/** bigint columns: both drivers return them as numbers while they fit (see db/database.ts). */
export type BigId = number;
