// Guest access that grants something (issue 13): when a company invites another as its guest, it chooses
// what the guest company's members see, read-only: its compliance vault and/or named projects. Either
// side may end the grant; ending it ends the access at once.
import * as v from 'valibot';
import { idSchema, timestampSchema } from './common.js';
import { inviteCompanySchema } from './invitation.js';

export const GUEST_SCOPE_MESSAGES = {
  empty: 'Choose what the guest may see: your compliance vault, a project, or both.',
  tooMany: 'Choose at most 50 projects.',
} as const;

/** What a guest company may read of its host. */
export const guestScopeSchema = v.pipe(
  v.object({
    vault: v.boolean(),
    projectIds: v.pipe(v.array(idSchema), v.maxLength(50, GUEST_SCOPE_MESSAGES.tooMany)),
  }),
  v.check((scope) => scope.vault || scope.projectIds.length > 0, GUEST_SCOPE_MESSAGES.empty),
);
export type GuestScope = v.InferOutput<typeof guestScopeSchema>;

/** POST /v4/invitations/guest-access: the inviting company (the host) and what its guest will see. */
export const inviteGuestSchema = v.object({ ...inviteCompanySchema.entries, scope: guestScopeSchema });
export type InviteGuest = v.InferOutput<typeof inviteGuestSchema>;

const companyRefSchema = v.object({ id: idSchema, name: v.string() });

/** A project a grant shows, with the permit its link opens (null when it has none yet). */
export const guestProjectSchema = v.object({ projectId: idSchema, name: v.string(), permitId: v.nullable(idSchema) });

/** One guest grant, as either side sees it. */
export const guestGrantSchema = v.object({
  id: idSchema,
  host: companyRefSchema,
  guest: companyRefSchema,
  vault: v.boolean(),
  projects: v.array(guestProjectSchema),
  active: v.boolean(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type GuestGrant = v.InferOutput<typeof guestGrantSchema>;

/** GET /v4/invitations/guest-access?company={id}: the grants the company gave (its guests) and received (as a guest). */
export const guestGrantListSchema = v.object({ granted: v.array(guestGrantSchema), received: v.array(guestGrantSchema) });

/** The messages of the guest rules, shared by server and dashboard. */
export const GUEST_MESSAGES = {
  readOnly: 'Guest access is read-only: you cannot change anything of this company.',
  projectReadOnly: 'Guest access is read-only: you cannot change this project.',
  grantEnded: 'This guest access has already ended.',
  grantNotFound: 'Guest access not found.',
  projectNotHosts: 'Choose projects of the inviting company.',
} as const;
