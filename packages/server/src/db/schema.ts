// The whole database as Kysely sees it, composed from each area's table types.
import type { IdentityTables } from './tables/identity.js';
import type { PermitTables } from './tables/permits.js';
import type { ReferenceTables } from './tables/reference.js';
import type { SignupTables } from './tables/signup.js';

export interface Database extends IdentityTables, ReferenceTables, PermitTables, SignupTables {}
