// The audit trail (issue 12): every change by anyone to a permit, project, company, role, invitation,
// vault item, quote or municipality, with who acted, when, what changed (before → after) and the request
// id. The permit team reads every entry; a permit's customer reads the customer-safe ones, with the
// team's people shown as the permit team.
import * as v from 'valibot';
import { emailSchema } from '../rules/validation.js';
import { idParamSchema, timestampSchema } from './common.js';
import { STAFF_ROLES } from './operator.js';

export const AUDIT_ENTITIES = ['permit', 'project', 'company', 'role', 'invitation', 'vault_item', 'quote', 'municipality'] as const;
export type AuditEntityName = (typeof AUDIT_ENTITIES)[number];
export const AUDIT_ACTOR_ROLES = ['customer', 'permit_team', 'service_admin', 'system'] as const;
export type AuditActorRoleName = (typeof AUDIT_ACTOR_ROLES)[number];

/** How the customer sees any member of the permit team in a trail. */
export const PERMIT_TEAM_ACTOR_NAME = 'PermitDesk permit team';

const fields = v.nullable(v.record(v.string(), v.unknown()));

export const auditEntrySchema = v.object({
  id: v.number(),
  occurredAt: timestampSchema,
  actor: v.object({
    /** The user's name (or e-mail); 'PermitDesk permit team' for staff in a customer's view; 'PermitDesk' for the system. */
    name: v.string(),
    /** Null in a customer's view of the team, and for the system. */
    email: v.nullable(v.string()),
    role: v.picklist(AUDIT_ACTOR_ROLES),
  }),
  entity: v.picklist(AUDIT_ENTITIES),
  entityId: v.string(),
  /** 'created', 'updated', 'stage_changed', 'message_added', 'inspection_added', ... */
  action: v.string(),
  companyId: v.nullable(v.number()),
  permitId: v.nullable(v.number()),
  customerVisible: v.boolean(),
  /** Only the fields that changed. */
  before: fields,
  after: fields,
  /** The X-Request-Id of the change (null in a customer's view). */
  requestId: v.nullable(v.string()),
});
export type AuditEntry = v.InferOutput<typeof auditEntrySchema>;

const pageQuery = {
  page: v.optional(v.pipe(v.string(), v.regex(/^\d{1,6}$/), v.transform(Number), v.minValue(1)), '1'),
  size: v.optional(v.pipe(v.string(), v.regex(/^\d{1,3}$/), v.transform(Number), v.minValue(1), v.maxValue(100)), '50'),
};
/** GET /v4/companies/{id}/activity: newest first, paged by headers. */
export const auditPageQuerySchema = v.object(pageQuery);

/** GET /v4/operator/activity.csv: any trail, by entity (and id), company or permit. */
export const auditExportQuerySchema = v.object({
  entity: v.optional(v.picklist(AUDIT_ENTITIES, 'Entity must be permit, project, company, role, invitation, vault_item, quote or municipality.')),
  entityId: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100))),
  companyId: v.optional(idParamSchema),
  permitId: v.optional(idParamSchema),
});
export type AuditExportQuery = v.InferInput<typeof auditExportQuerySchema>;
/** The export's columns, in order. */
export const AUDIT_CSV_COLUMNS = ['time', 'actor e-mail', 'role', 'entity', 'id', 'action', 'before', 'after', 'request id'] as const;

/** GET /v4/operator/team: who is on the permit team. */
export const teamMemberSchema = v.object({
  id: v.string(),
  email: v.string(),
  name: v.string(),
  role: v.picklist(STAFF_ROLES),
});
export type TeamMember = v.InferOutput<typeof teamMemberSchema>;

/** PUT /v4/operator/team: grant a role by e-mail, change it, or take it back (null). */
export const teamRoleChangeSchema = v.object({
  email: emailSchema,
  role: v.nullable(v.picklist(STAFF_ROLES, 'Role must be operator, service_admin or null.')),
});
export type TeamRoleChange = v.InferInput<typeof teamRoleChangeSchema>;

export const NO_SUCH_ACCOUNT_MESSAGE = 'No account with this e-mail. The person must sign up first.';
export const LAST_ADMIN_MESSAGE = 'You cannot change your own service admin role: another service admin must do it, so the workspace always keeps one.';
