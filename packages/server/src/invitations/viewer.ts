// Who is reading an invitation: the signed-in user's e-mail and active roles, and from those their side
// of each invitation (the company that sent it, or the one it was sent to) and what they may do with it
// (core's invitationActions). An invitation with no side for the user is not theirs to see (404).
import {
  canCreateAccess,
  invitationActions,
  isUsableRole,
  INVITE_STATUS,
  type CompanyRole,
  type InvitationAction,
  type InvitationKind,
  type InvitationSide,
} from '@permitdesk/core';
import type { AuthUser } from '../identity/user.js';
import { forbidden, HttpError, notFound } from '../http/errors.js';
import type { Db } from '../db/schema.js';

export interface Viewer {
  sub: string;
  email: string;
  /** For mails: the name, or the e-mail when the account has none. */
  name: string;
  /** Active roles by company id. */
  roles: ReadonlyMap<number, CompanyRole>;
}

export async function loadViewer(db: Db, user: AuthUser): Promise<Viewer> {
  const [account, rows] = await Promise.all([
    db.selectFrom('users').select(['email', 'name']).where('id', '=', user.sub).executeTakeFirst(),
    db.selectFrom('company_users').select(['company_id', 'role']).where('user_id', '=', user.sub).where('active', '=', true).execute(),
  ]);
  const email = (account?.email ?? user.email).toLowerCase();
  return { sub: user.sub, email, name: account?.name.trim() || email, roles: new Map(rows.map((r) => [Number(r.company_id), r.role])) };
}

/** Owner or Administrator of the company: who may send and answer invitations for it (SPEC §6). */
export const manages = (viewer: Viewer, companyId: number | null | undefined): boolean =>
  companyId != null && canCreateAccess(viewer.roles.get(companyId));
export const memberOf = (viewer: Viewer, companyId: number | null | undefined): boolean =>
  companyId != null && isUsableRole(viewer.roles.get(companyId));

/** The companies the viewer owns or administers. */
export const managedCompanies = (viewer: Viewer): number[] => [...viewer.roles.entries()].filter(([, role]) => canCreateAccess(role)).map(([id]) => id);
export const memberCompanies = (viewer: Viewer): number[] => [...viewer.roles.entries()].filter(([, role]) => isUsableRole(role)).map(([id]) => id);

export interface InvitationFacts {
  kind: InvitationKind;
  status: number;
  fromCompanyId: number;
  toCompanyId: number | null;
  email: string;
}

export interface ViewerStanding {
  side: InvitationSide;
  actions: InvitationAction[];
}

/**
 * The viewer's side and actions, or null when the invitation is not theirs to see.
 * - The invitee (same e-mail) is the recipient; so is an owner or administrator of the receiving company,
 *   except for a user invitation, which only its invitee answers.
 * - A custom vendor onboarding waiting for approval (60) is answered by the receiving company (the one
 *   behind the e-mail's domain); the invitee only sees it.
 * - Members of the sending company are the sender; only its owners and administrators act.
 * When the user stands on both sides, the side that can act now wins, the recipient otherwise.
 */
export function standing(viewer: Viewer, inv: InvitationFacts): ViewerStanding | null {
  const byEmail = inv.email === viewer.email;
  const byCompany = inv.kind !== 'USER_TYPE' && manages(viewer, inv.toCompanyId);
  const awaitingDomain = inv.kind === 'CUSTOM_VENDOR_ONBOARDING' && inv.status === INVITE_STATUS.CustomVendorOnboardingPending;
  const recipient: ViewerStanding | null =
    byEmail || byCompany
      ? { side: 'recipient', actions: (awaitingDomain ? byCompany : true) ? invitationActions(inv.kind, inv.status, 'recipient') : [] }
      : null;
  const sender: ViewerStanding | null = memberOf(viewer, inv.fromCompanyId)
    ? { side: 'sender', actions: manages(viewer, inv.fromCompanyId) ? invitationActions(inv.kind, inv.status, 'sender') : [] }
    : null;
  if (recipient && sender) return sender.actions.length > 0 && recipient.actions.length === 0 ? sender : recipient;
  return recipient ?? sender;
}

export const INVITATION_NOT_FOUND = 'Invitation not found.';
export const INVITATION_CLOSED = 'This invitation is no longer open.';
export const INVITATION_NOT_YOURS = 'You may not do this with this invitation.';

/**
 * The viewer's standing when they may take `action` now: 404 when the invitation is not theirs to see,
 * 403 when the other side (or a higher role) could take it, 409 when nobody can any more.
 */
export function requireAction(viewer: Viewer, inv: InvitationFacts, action: InvitationAction): ViewerStanding {
  const mine = standing(viewer, inv);
  if (!mine) throw notFound(INVITATION_NOT_FOUND, 'INVITATION_NOT_FOUND');
  if (mine.actions.includes(action)) return mine;
  const anyone = [...invitationActions(inv.kind, inv.status, 'sender'), ...invitationActions(inv.kind, inv.status, 'recipient')];
  if (anyone.includes(action)) throw forbidden(INVITATION_NOT_YOURS, 'INVITATION_FORBIDDEN');
  throw new HttpError(409, INVITATION_CLOSED, 'INVITATION_CLOSED');
}
