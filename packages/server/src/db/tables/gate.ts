// Kysely types of migrations/0084_filing_gate.sql: the pre-filing gate's requirements table (permits.gate_result is in permits.ts).
import type { ColumnType, Generated } from 'kysely';
import type { Optional, Timestamp } from './columns.js';

type Flag = ColumnType<boolean, boolean | undefined, boolean>;

export interface GateRequirementsTable {
  id: Generated<number>;
  trade: Optional<string>;
  task_id: Optional<number>;
  state_code: Optional<string>;
  municipality_id: Optional<number>;
  kind: 'license' | 'insurance' | 'certificate';
  credential: string;
  scope: ColumnType<'state' | 'local' | 'any', 'state' | 'local' | 'any' | undefined, 'state' | 'local' | 'any'>;
  when_employees: Flag;
  diy: Flag;
  required: Flag;
  source: Optional<string>;
  updated_by: Optional<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface GateTables {
  gate_requirements: GateRequirementsTable;
}
