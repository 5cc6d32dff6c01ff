// Kysely types of migrations/0078_guest_grants.sql: what a guest grant shows (the invitation's chosen
// scope, and the projects of an approved grant; the vault flag lives on company_guests).
import type { ColumnType } from 'kysely';

export interface GuestScopesTable {
  invitation_id: number;
  vault: ColumnType<boolean, boolean | undefined, boolean>;
  project_ids: ColumnType<number[], number[] | undefined, number[]>;
}

export interface CompanyGuestProjectsTable {
  company_guest_id: number;
  project_id: number;
}

export interface GuestAccessTables {
  guest_scopes: GuestScopesTable;
  company_guest_projects: CompanyGuestProjectsTable;
}
