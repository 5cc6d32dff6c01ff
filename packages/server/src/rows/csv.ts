// Rows as a CSV download, streamed: records from an async source through csv-stringify (a maintained CSV
// writer: quoting, line breaks inside cells), one batch at a time, so an export is never held whole.
import { stringify } from 'csv-stringify';
import { pipeline, Readable } from 'node:stream';

export type CsvCell = string | number | boolean | null | undefined;

/**
 * A header row of `columns`, then every record of `records`, as a web stream. escape_formulas neutralises
 * CSV injection (OWASP): a text cell starting with =, +, -, @, tab or carriage return (or their full-width
 * forms) gets a leading ' so a spreadsheet shows it rather than running it; numbers are left as they are.
 */
export function csvStream(columns: readonly string[], records: AsyncIterable<CsvCell[]>): ReadableStream<Uint8Array> {
  const csv = stringify({ header: true, columns: [...columns], escape_formulas: true, cast: { boolean: (value) => (value ? 'yes' : 'no') } });
  // A failed read ends the download with an error rather than a silently short file.
  pipeline(Readable.from(records), csv, () => undefined);
  return Readable.toWeb(csv) as unknown as ReadableStream<Uint8Array>;
}

/** The headers of a CSV download named `name` (letters, digits, dot, dash and underscore kept). */
export const csvHeaders = (name: string): Record<string, string> => ({
  'content-type': 'text/csv; charset=utf-8',
  'content-disposition': `attachment; filename="${name.replace(/[^\w.-]/g, '_')}.csv"`,
  'cache-control': 'no-store',
});
