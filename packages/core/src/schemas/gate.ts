// The pre-filing gate (issue 16): what a permit request needs the company to hold (requirements as data:
// trade or task × state × municipality → credential kinds), what the company holds, and the gate's answer.
import * as v from 'valibot';
import { dateSchema, idSchema } from './common.js';

export const GATE_CREDENTIAL_KINDS = ['license', 'insurance', 'certificate'] as const;
export type GateCredentialKind = (typeof GATE_CREDENTIAL_KINDS)[number];
/** Where a credential must have been issued: in the municipality's state, by the municipality, or anywhere. */
export const GATE_SCOPES = ['state', 'local', 'any'] as const;
export type GateScope = (typeof GATE_SCOPES)[number];

const trimmed = (max: number, message: string) => v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.maxLength(max, message));
const stateCode = v.pipe(v.string(), v.trim(), v.toUpperCase(), v.regex(/^[A-Z]{2}$/, 'A state is two letters, such as CA.'));

/** What the permit team enters for one row of the table (POST, PUT). */
export const gateRequirementInputSchema = v.strictObject({
  /** A trade of the task catalogue (Electrical, Plumbing…); null: every trade. */
  trade: v.optional(v.nullable(trimmed(60, 'Enter a trade of at most 60 characters.')), null),
  /** One task; it overrides its trade's rows. */
  taskId: v.optional(v.nullable(idSchema), null),
  /** null: every state. */
  stateCode: v.optional(v.nullable(stateCode), null),
  /** A municipality's own rule; it overrides its state's rows. */
  municipalityId: v.optional(v.nullable(idSchema), null),
  kind: v.picklist(GATE_CREDENTIAL_KINDS, 'Choose license, insurance or certificate.'),
  /** The credential's name as the vault's kinds name it (compliance types), e.g. 'Electrical Contractor'. */
  credential: trimmed(120, 'Enter the credential of at most 120 characters.'),
  scope: v.optional(v.picklist(GATE_SCOPES, 'Choose state, local or any.'), 'any'),
  /** Only when the company has employees (workers' compensation). */
  whenEmployees: v.optional(v.boolean(), false),
  /** Also asked of do-it-yourself homeowners (never for licenses: homeowners are not gated on trade licenses). */
  diy: v.optional(v.boolean(), false),
  /** false: a more specific row that waives the credential where a broader row asks for it. */
  required: v.optional(v.boolean(), true),
  /** Why, where it comes from (a licensing board's page). */
  source: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(500, 'Enter a source of at most 500 characters.'))), null),
});
export type GateRequirementInput = v.InferInput<typeof gateRequirementInputSchema>;

export const gateRequirementSchema = v.object({
  id: idSchema,
  trade: v.nullable(v.string()),
  taskId: v.nullable(idSchema),
  taskName: v.optional(v.nullable(v.string())),
  stateCode: v.nullable(v.string()),
  municipalityId: v.nullable(idSchema),
  municipalityName: v.optional(v.nullable(v.string())),
  kind: v.picklist(GATE_CREDENTIAL_KINDS),
  credential: v.string(),
  scope: v.picklist(GATE_SCOPES),
  whenEmployees: v.boolean(),
  diy: v.boolean(),
  required: v.boolean(),
  source: v.nullable(v.string()),
  updatedAt: v.optional(v.string()),
});
export type GateRequirement = v.InferOutput<typeof gateRequirementSchema>;

/** One item of the company's vault, as the gate reads it. */
export interface GateCredential {
  kind: GateCredentialKind;
  name: string;
  /** Licenses: 'state' (stateCode) or 'local' (municipalityId); insurances and certificates: null. */
  licenseType?: 'state' | 'local' | null;
  stateCode?: string | null;
  municipalityId?: number | null;
  issuedOn?: string | null;
  expiresOn?: string | null;
}

export const GATE_REASONS = ['missing', 'expired', 'lapses', 'not_yet_valid'] as const;
export type GateReason = (typeof GATE_REASONS)[number];

export const gateMissingSchema = v.object({
  kind: v.picklist(GATE_CREDENTIAL_KINDS),
  type: v.string(),
  reason: v.picklist(GATE_REASONS),
  message: v.string(),
  expiresOn: v.optional(v.string()),
});
export type GateMissing = v.InferOutput<typeof gateMissingSchema>;

export const gateResultSchema = v.object({
  ok: v.boolean(),
  applicant: v.picklist(['Company', 'Individual']),
  workStart: dateSchema,
  workEnd: dateSchema,
  /** What was checked (after overrides), each with its kind. */
  required: v.array(v.object({ kind: v.picklist(GATE_CREDENTIAL_KINDS), type: v.string() })),
  missing: v.array(gateMissingSchema),
  /** The contractor chose 'Submit anyway; the permit team will ask for it'. */
  acknowledged: v.optional(v.boolean()),
  checkedAt: v.optional(v.string()),
});
export type GateResult = v.InferOutput<typeof gateResultSchema>;

/** GET /v4/gate/check: a task at a municipality for a company (none: a do-it-yourself homeowner). */
export const gateCheckQuerySchema = v.object({
  taskId: v.pipe(v.string(), v.regex(/^[1-9]\d{0,9}$/, 'Task is required.'), v.transform(Number)),
  municipalityId: v.pipe(v.string(), v.regex(/^[1-9]\d{0,9}$/, 'Municipality is required.'), v.transform(Number)),
  companyId: v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d{0,9}$/, 'Company not found.'), v.transform(Number))),
  start: v.optional(v.pipe(v.string(), v.isoDate('Enter a date as YYYY-MM-DD.'))),
  end: v.optional(v.pipe(v.string(), v.isoDate('Enter a date as YYYY-MM-DD.'))),
});
