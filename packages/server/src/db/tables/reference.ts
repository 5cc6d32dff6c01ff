// Kysely types of migrations/0002_reference.sql.
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './columns.js';

export interface PermitStagesTable {
  stage: number;
  name: string;
  status: string;
  sort_order: number;
}

export interface GlobalSettingsTable {
  setting_key: string;
  value: string;
  updated_at: Timestamp;
}

export interface StatesTable {
  id: number;
  code: string;
  name: string;
}

export interface AdministrativeAreasTable {
  id: number;
  type: 'state' | 'county' | 'city';
  name: string;
  state_code: string;
  slug: string;
  parent_id: number | null;
  latitude: number;
  longitude: number;
}

export interface MunicipalitiesTable {
  id: Generated<number>;
  name: string;
  slug: string;
  kind: 'city' | 'county';
  state_code: string;
  county_name: string | null;
  county_fips: string | null;
  latitude: number;
  longitude: number;
  /** Read as parsed JSON, written as JSON text. */
  phone_numbers: ColumnType<{ label: string; phoneNumber: string }[], string | undefined, string>;
  permit_cutoff_hour: ColumnType<number, number | undefined, number>;
  administrative_area_id: number | null;
  area_path: ColumnType<number[], number[] | undefined, number[]>;
  created_at: Timestamp;
}

/** One row: moved by a trigger on every statement that adds, removes or renames municipalities (0092). */
export interface MunicipalitySearchVersionTable {
  singleton: ColumnType<boolean, boolean | undefined, never>;
  /** bigint: pg returns it as text. */
  version: ColumnType<string, never, never>;
  /** Moves with any change to what a municipality's answer shows (0099): the cached answers' version. */
  answer_version: ColumnType<string, never, never>;
}

export interface PermitTasksTable {
  id: Generated<number>;
  name: string;
  category: string;
  description: string;
  sort_order: number;
  active: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface TaskInspectionsTable {
  id: Generated<number>;
  task_id: number;
  name: string;
  perform_order: number;
}

export interface TaskFeesTable {
  id: Generated<number>;
  task_id: number;
  name: string;
  amount_cents: number;
  sort_order: number;
}

export interface AddressCountsTable {
  address_id: string;
  count: ColumnType<number, number | undefined, number>;
  details: ColumnType<{ longitude: number; latitude: number; place_name: string }, string, string>;
  source: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ReferenceTables {
  permit_stages: PermitStagesTable;
  global_settings: GlobalSettingsTable;
  states: StatesTable;
  administrative_areas: AdministrativeAreasTable;
  municipalities: MunicipalitiesTable;
  municipality_search_version: MunicipalitySearchVersionTable;
  permit_tasks: PermitTasksTable;
  task_inspections: TaskInspectionsTable;
  task_fees: TaskFeesTable;
  address_counts: AddressCountsTable;
}
