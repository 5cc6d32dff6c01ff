// Kysely types of migrations/0005_permits_api.sql, and the database as the permit API sees it: the
// shared Database plus these tables and the users.staff column. `apiDb` gives the typed handle.
import type { ColumnType, Generated, Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import type { UsersTable } from '../db/tables/identity.js';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Optional<T> = ColumnType<T | null, T | null | undefined, T | null>;
/** jsonb: read as parsed JSON, written as JSON text. */
type Json = ColumnType<unknown, string, string>;

export interface FormEntriesTable {
  id: Generated<number>;
  form_id: 52 | 31 | 32 | 50;
  user_id: Optional<string>;
  company_id: Optional<number>;
  project_id: Optional<number>;
  permit_id: Optional<number>;
  session: Optional<string>;
  integration_id: Optional<string>;
  entry: Json;
  answers: Json;
  created_at: Timestamp;
}

export interface ProjectUpdatesTable {
  id: Generated<number>;
  project_id: number;
  permit_id: number;
  company_id: Optional<number>;
  owner_user_id: Optional<string>;
  stage: number;
  message: string;
  read_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface CompanyLicensesTable {
  id: Generated<number>;
  company_id: number;
  license_type: 'state' | 'local';
  name: string;
  number: Optional<string>;
  issuer: Optional<string>;
  state_code: Optional<string>;
  municipality_id: Optional<number>;
  issued_on: ColumnType<Date | string | null, string | null | undefined, string | null>;
  expires_on: ColumnType<Date | string | null, string | null | undefined, string | null>;
  status: ColumnType<'active' | 'archived', 'active' | 'archived' | undefined, 'active' | 'archived'>;
  document_id: Optional<number>;
  created_at: Timestamp;
}

export interface PermitApiTables {
  form_entries: FormEntriesTable;
  project_updates: ProjectUpdatesTable;
  company_licenses: CompanyLicensesTable;
  users: UsersTable & { staff: ColumnType<boolean, boolean | undefined, boolean> };
}

export type ApiDatabase = Omit<Database, 'users'> & PermitApiTables;
export type ApiDb = Kysely<ApiDatabase>;

/** The shared handle (or a transaction on it) typed with the permit API's tables. */
export const apiDb = (db: Kysely<Database> | Transaction<Database> | ApiDb): ApiDb => db as unknown as ApiDb;
