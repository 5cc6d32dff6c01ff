// Kysely types of migrations/0030_compliance.sql, and the database as the compliance vault sees it: the
// permit API's tables (company_licenses lives there, with 0030's updated_at) plus the vault's own.
import type { ColumnType, Generated, Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import type { ApiDatabase, CompanyLicensesTable } from '../permits/tables.js';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Optional<T> = ColumnType<T | null, T | null | undefined, T | null>;
type DateColumn = ColumnType<Date | string | null, string | null | undefined, string | null>;
type Status = ColumnType<'active' | 'archived', 'active' | 'archived' | undefined, 'active' | 'archived'>;

export type DocumentableType = 'License' | 'Insurance' | 'Certificate' | 'Company';

export interface CompanyDocumentsTable {
  id: Generated<number>;
  company_id: number;
  documentable_type: DocumentableType;
  documentable_id: number;
  document_type: ColumnType<string, string | undefined, string>;
  name: string;
  category: ColumnType<'Sorted' | 'Unneeded' | 'Unsorted', 'Sorted' | 'Unneeded' | 'Unsorted' | undefined, 'Sorted' | 'Unneeded' | 'Unsorted'>;
  status: Status;
  file_name: Optional<string>;
  content_type: Optional<string>;
  size: ColumnType<number | string | null, number | null | undefined, number | null>;
  storage_key: Optional<string>;
  uploaded_at: NullableTimestamp;
  created_by: Optional<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

interface VaultItemColumns {
  id: Generated<number>;
  company_id: number;
  name: string;
  number: Optional<string>;
  issuer: Optional<string>;
  state_code: Optional<string>;
  issued_on: DateColumn;
  expires_on: DateColumn;
  status: Status;
  document_id: Optional<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CompanyInsurancesTable extends VaultItemColumns {
  coverage_amount: ColumnType<number | string | null, number | null | undefined, number | null>;
}
export type CompanyCertificatesTable = VaultItemColumns;

export interface ComplianceTypesTable {
  id: Generated<number>;
  type: 'license' | 'insurance' | 'certificate';
  name: string;
  company_id: Optional<number>;
  created_by: Optional<string>;
  created_at: Timestamp;
}

export interface ComplianceTables {
  company_documents: CompanyDocumentsTable;
  company_licenses: CompanyLicensesTable & { updated_at: Timestamp };
  company_insurances: CompanyInsurancesTable;
  company_certificates: CompanyCertificatesTable;
  compliance_types: ComplianceTypesTable;
}

export type ComplianceDatabase = Omit<ApiDatabase, 'company_licenses'> & ComplianceTables;
export type ComplianceDb = Kysely<ComplianceDatabase>;

/** The shared handle (or a transaction on it) typed with the vault's tables. */
export const complianceDb = (db: Kysely<Database> | Transaction<Database> | Kysely<ApiDatabase>): ComplianceDb => db as unknown as ComplianceDb;
