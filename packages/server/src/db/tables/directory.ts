// Kysely types of migrations/0073_quotes_directory.sql's municipality directory.
import type { ColumnType } from 'kysely';
import type { Optional, Timestamp } from './columns.js';

export interface MunicipalityDirectoryTable {
  municipality_id: number;
  main_phone: Optional<string>;
  office_address: Optional<string>;
  portal_url: Optional<string>;
  cutoff_hour: Optional<number>;
  submission_methods: ColumnType<string[], string[] | undefined, string[]>;
  /** jsonb { "<task id>": days }: parsed JSON read, JSON text written. */
  turnaround: ColumnType<unknown, string | undefined, string>;
  fee_notes: Optional<string>;
  filing_notes: Optional<string>;
  updated_by: Optional<string>;
  updated_at: Timestamp;
}

export interface DirectoryTables {
  municipality_directory: MunicipalityDirectoryTable;
}
