// Kysely types of the compliance vault: company_licenses (migrations/0005_permits_api.sql, extended by
// 0030_compliance.sql) and the tables of 0030_compliance.sql.
import type { ColumnType, Generated } from 'kysely';
import type { NullableTimestamp, Optional, Timestamp } from './columns.js';

type DateColumn = ColumnType<Date | string | null, string | null | undefined, string | null>;
type Status = ColumnType<'active' | 'archived', 'active' | 'archived' | undefined, 'active' | 'archived'>;

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
  /** migrations/0030_compliance.sql */
  updated_at: Timestamp;
}

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
  company_licenses: CompanyLicensesTable;
  company_insurances: CompanyInsurancesTable;
  company_certificates: CompanyCertificatesTable;
  compliance_types: ComplianceTypesTable;
}
