// Sending invitations (SPEC §7.5): a user to a company with a role, a vendor onboarding (checked first
// by validate-vendor-onboarding), a wallet share, a guest access request and compliance requests.
// Only an Owner or Administrator of the sending company may send (SPEC §6). Each is saved and mailed
// in one transaction.
import { randomBytes } from 'node:crypto';
import {
  INVITATION_SOURCE,
  INVITE_STATUS,
  MANAGER_ROLES,
  REQUEST_STATUS,
  SHARING_STATUS,
  type Invitation,
  type InvitationKind,
  type inviteCompanySchema,
  type inviteUserSchema,
} from '@permitdesk/core';
import type * as v from 'valibot';
import { badRequest, conflict, type HttpError } from '../http/errors.js';
import { companiesUsingDomain } from '../companies/email-domain.js';
import { auditInvitation, requireManager, type InvitationCtx } from './invitation-context.js';
import { managerEmails, mailInvitation, mailNotice, customApprovalLink } from './invitation-mail.js';
import { findInvitation, toInvitation } from './invitation-rows.js';
import { isVendorOf } from './relations.js';
import type { Db, Tx } from '../db/schema.js';
import { inTransaction } from '../db/transaction.js';

type InviteUser = v.InferOutput<typeof inviteUserSchema>;
type InviteCompany = v.InferOutput<typeof inviteCompanySchema>;

export const SEND_MESSAGES = {
  self: 'You cannot send an invitation to yourself.',
  alreadyMember: 'This user is already a member of the company.',
  vendorOpen: 'A vendor invitation to this e-mail is already open.',
  shareOpen: 'Your wallet share with this e-mail is already waiting for an answer.',
  guestOpen: 'A guest access invitation to this e-mail is already open.',
  requestOpen: 'A request to this e-mail is already open.',
} as const;

/** Statuses in which an invitation of each kind still waits for someone. */
const OPEN_STATUSES: Record<InvitationKind, number[]> = {
  USER_TYPE: [REQUEST_STATUS.UserType_Pending],
  VENDOR_ONBOARDING: [INVITE_STATUS.Pending, INVITE_STATUS.Viewed, INVITE_STATUS.UnderReview, INVITE_STATUS.CustomVendorOnboardingPending],
  CUSTOM_VENDOR_ONBOARDING: [INVITE_STATUS.Pending, INVITE_STATUS.Viewed, INVITE_STATUS.UnderReview, INVITE_STATUS.CustomVendorOnboardingPending],
  SHARE_WALLET: [SHARING_STATUS.Pending, SHARING_STATUS.Accepted],
  GUEST_ACCESS: [INVITE_STATUS.Pending],
  COMPLIANCE_REQUEST: [REQUEST_STATUS.Pending],
};

async function openInvitation(db: Db, kinds: InvitationKind[], companyId: number, email: string, requestType?: 'sharing' | 'claiming') {
  let query = db
    .selectFrom('invitations')
    .select(['id', 'status'])
    .where('kind', 'in', kinds)
    .where('from_company_id', '=', companyId)
    .where('email', '=', email)
    .where('status', 'in', OPEN_STATUSES[kinds[0]!]);
  if (requestType) query = query.where('request_type', '=', requestType);
  return (await query.orderBy('id', 'desc').executeTakeFirst()) ?? null;
}

const companyName = async (db: Db, id: number) =>
  (await db.selectFrom('companies').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name;

async function answer(ctx: InvitationCtx, id: number): Promise<Invitation> {
  const row = await findInvitation(ctx.db, id);
  return toInvitation(row!, ctx.viewer);
}

function refuseSelf(ctx: InvitationCtx, email: string): void {
  if (email === ctx.viewer.email) throw badRequest(SEND_MESSAGES.self, 'SELF_INVITATION');
}

/** A temporary password for an account created by an invitation (changed at the first sign-in). */
const temporaryPassword = () => `${randomBytes(9).toString('base64url')}7a`;

/**
 * POST /v4/invitations/user-type. An invitee without an account gets one with a temporary password
 * (FORCE_CHANGE_PASSWORD: they choose their own at the first sign-in). A second invitation while one is
 * open changes its role and mails it again. An existing account's credentials are never touched (another
 * company's owner must not replace them): an invitee who has not signed in yet is told to use the
 * temporary password of the earlier mail, or 'forgot password?'.
 */
export async function inviteUser(ctx: InvitationCtx, body: InviteUser): Promise<Invitation> {
  requireManager(ctx, body.companyId);
  refuseSelf(ctx, body.email);
  const account = await ctx.db.selectFrom('users').select(['id', 'status']).where('email', '=', body.email).executeTakeFirst();
  if (account) {
    const member = await ctx.db
      .selectFrom('company_users')
      .select('id')
      .where('company_id', '=', body.companyId)
      .where('user_id', '=', account.id)
      .where('active', '=', true)
      .executeTakeFirst();
    if (member) throw conflict(SEND_MESSAGES.alreadyMember, 'ALREADY_MEMBER');
  }
  const open = await openInvitation(ctx.db, ['USER_TYPE'], body.companyId, body.email);
  const fromCompanyName = await companyName(ctx.db, body.companyId);
  const id = await inTransaction(ctx.db, async (trx) => {
    let password: string | null = null;
    if (!account) {
      password = temporaryPassword();
      await ctx.services.identity.createUser(
        { email: body.email, password, name: body.email.split('@')[0] ?? body.email, confirmed: true, forceChangePassword: true },
        { db: trx },
      );
    }
    let invitationId: number;
    if (open) {
      invitationId = open.id;
      await trx.updateTable('invitations').set({ role: body.role, mailed_at: ctx.now, updated_at: ctx.now, invited_by: ctx.viewer.sub }).where('id', '=', open.id).execute();
      await auditInvitation(ctx, trx, { id: open.id, companyId: body.companyId, action: 'resent', after: { kind: 'USER_TYPE', email: body.email, role: body.role } });
    } else {
      invitationId = (
        await trx
          .insertInto('invitations')
          .values({
            kind: 'USER_TYPE', status: REQUEST_STATUS.UserType_Pending, source: INVITATION_SOURCE.Request, from_company_id: body.companyId,
            email: body.email, role: body.role, invited_by: ctx.viewer.sub, mailed_at: ctx.now, created_at: ctx.now, updated_at: ctx.now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      await auditInvitation(ctx, trx, { id: invitationId, companyId: body.companyId, action: 'sent', after: { kind: 'USER_TYPE', email: body.email, role: body.role } });
    }
    await mailInvitation(ctx.services, trx, {
      kind: 'USER_TYPE', id: invitationId, email: body.email, inviterName: ctx.viewer.name, fromCompanyName, role: body.role, temporaryPassword: password,
      earlierPassword: account?.status === 'FORCE_CHANGE_PASSWORD',
    });
    return invitationId;
  });
  return answer(ctx, id);
}

interface VendorCheck {
  /** Why the invitation cannot be sent, or null. */
  problem: HttpError | null;
  /** What the sender should know before sending. */
  note: string | null;
  /** The company behind the e-mail's domain that must approve first (custom onboarding), or null. */
  domainCompany: { id: number; name: string } | null;
  existingVendor: boolean;
}

/**
 * The checks of POST /v4/invitations/validate-vendor-onboarding. A company that uses the e-mail's
 * domain (and that the invitee does not run) must approve the onboarding first: a custom vendor
 * onboarding. An invitee who already runs a vendor of the sender updates that vendor.
 */
async function checkVendorInvitation(ctx: InvitationCtx, body: InviteCompany): Promise<VendorCheck> {
  requireManager(ctx, body.companyId);
  const none = { note: null, domainCompany: null, existingVendor: false };
  if (body.email === ctx.viewer.email) return { ...none, problem: badRequest(SEND_MESSAGES.self, 'SELF_INVITATION') };
  if (await openInvitation(ctx.db, ['VENDOR_ONBOARDING', 'CUSTOM_VENDOR_ONBOARDING'], body.companyId, body.email)) {
    return { ...none, problem: conflict(SEND_MESSAGES.vendorOpen, 'INVITATION_OPEN') };
  }
  const invitee = await ctx.db.selectFrom('users').select('id').where('email', '=', body.email).executeTakeFirst();
  const inviteeManages = invitee
    ? (
        await ctx.db
          .selectFrom('company_users as cu')
          .innerJoin('companies as c', 'c.id', 'cu.company_id')
          .select(['c.id', 'c.name'])
          .where('cu.user_id', '=', invitee.id)
          .where('cu.active', '=', true)
          .where('cu.role', 'in', MANAGER_ROLES)
          .execute()
      ).map((c) => ({ id: Number(c.id), name: c.name }))
    : [];
  let existing: { id: number; name: string } | null = null;
  for (const company of inviteeManages) if (!existing && (await isVendorOf(ctx.db, body.companyId, company.id))) existing = company;
  const domainCompanies = await companiesUsingDomain(ctx.db, body.email, { excludeCompanyIds: [body.companyId] });
  const runsDomainCompany = domainCompanies.some((c) => inviteeManages.some((m) => m.id === c.id));
  const domainCompany = existing || runsDomainCompany ? null : (domainCompanies[0] ?? null);
  if (domainCompany) {
    return {
      problem: null,
      domainCompany,
      existingVendor: await isVendorOf(ctx.db, body.companyId, domainCompany.id),
      note: `${domainCompany.name} uses this e-mail domain: an owner or administrator of ${domainCompany.name} will approve the onboarding first.`,
    };
  }
  if (existing) return { problem: null, domainCompany: null, existingVendor: true, note: `${existing.name} is already your vendor: the onboarding will update its information.` };
  return { ...none, problem: null };
}

export async function validateVendorInvitation(ctx: InvitationCtx, body: InviteCompany): Promise<{ valid: boolean; message: string | null }> {
  const check = await checkVendorInvitation(ctx, body);
  return check.problem ? { valid: false, message: check.problem.message } : { valid: true, message: check.note };
}

/** POST /v4/invitations/vendor-onboarding */
export async function inviteVendor(ctx: InvitationCtx, body: InviteCompany): Promise<Invitation> {
  const check = await checkVendorInvitation(ctx, body);
  if (check.problem) throw check.problem;
  const fromCompanyName = await companyName(ctx.db, body.companyId);
  const custom = check.domainCompany;
  const approvers = custom ? await managerEmails(ctx.db, custom.id) : [];
  const id = await inTransaction(ctx.db, async (trx) => {
    const row = await trx
      .insertInto('invitations')
      .values({
        kind: custom ? 'CUSTOM_VENDOR_ONBOARDING' : 'VENDOR_ONBOARDING',
        status: custom ? INVITE_STATUS.CustomVendorOnboardingPending : INVITE_STATUS.Pending,
        source: INVITATION_SOURCE.Vendor, from_company_id: body.companyId, to_company_id: custom?.id ?? null, email: body.email,
        company_name: body.companyName || null, message: body.message?.trim() || null, existing_vendor: check.existingVendor,
        invited_by: ctx.viewer.sub, mailed_at: ctx.now, created_at: ctx.now, updated_at: ctx.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await auditInvitation(ctx, trx, { id: row.id, companyId: body.companyId, action: 'sent', after: { kind: custom ? 'CUSTOM_VENDOR_ONBOARDING' : 'VENDOR_ONBOARDING', email: body.email } });
    if (custom) {
      await mailNotice(ctx.services, trx, approvers, {
        title: `${fromCompanyName} wants ${body.email} to onboard ${custom.name} as its vendor`,
        intro: `${ctx.viewer.name} of ${fromCompanyName} invited ${body.email} to onboard ${custom.name} as their vendor on PermitDesk. As an owner or administrator of ${custom.name}, please approve it first.`,
        link: customApprovalLink(ctx.services.config.PUBLIC_URL, row.id),
        action: 'Review the onboarding',
      });
    } else {
      await mailInvitation(ctx.services, trx, { kind: 'VENDOR_ONBOARDING', id: row.id, email: body.email, inviterName: ctx.viewer.name, fromCompanyName, message: body.message ?? null });
    }
    return row.id;
  });
  return answer(ctx, id);
}

export interface CompanyInvitationSpec {
  kind: 'SHARE_WALLET' | 'GUEST_ACCESS' | 'COMPLIANCE_REQUEST';
  status: number;
  source: 5 | 6 | 7;
  requestType?: 'sharing' | 'claiming';
  openMessage: string;
  /** Saves what belongs with the invitation (a guest grant's scope) in its transaction. */
  afterInsert?: (trx: Tx, invitationId: number) => Promise<void>;
}

export async function sendCompanyInvitation(ctx: InvitationCtx, body: InviteCompany, spec: CompanyInvitationSpec): Promise<Invitation> {
  requireManager(ctx, body.companyId);
  refuseSelf(ctx, body.email);
  if (await openInvitation(ctx.db, [spec.kind], body.companyId, body.email, spec.requestType)) throw conflict(spec.openMessage, 'INVITATION_OPEN');
  const fromCompanyName = await companyName(ctx.db, body.companyId);
  const id = await inTransaction(ctx.db, async (trx) => {
    const row = await trx
      .insertInto('invitations')
      .values({
        kind: spec.kind, status: spec.status, source: spec.source, request_type: spec.requestType ?? null, from_company_id: body.companyId,
        email: body.email, company_name: body.companyName || null, message: body.message?.trim() || null, invited_by: ctx.viewer.sub,
        mailed_at: ctx.now, created_at: ctx.now, updated_at: ctx.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await spec.afterInsert?.(trx, row.id);
    await auditInvitation(ctx, trx, { id: row.id, companyId: body.companyId, action: 'sent', after: { kind: spec.kind, email: body.email } });
    await mailInvitation(ctx.services, trx, {
      kind: spec.kind, id: row.id, email: body.email, inviterName: ctx.viewer.name, fromCompanyName, requestType: spec.requestType ?? null, message: body.message ?? null,
    });
    return row.id;
  });
  return answer(ctx, id);
}

/** POST /v4/invitations/share-wallet: the sending company shares its wallet with the invitee's company. */
export const inviteShareWallet = (ctx: InvitationCtx, body: InviteCompany) =>
  sendCompanyInvitation(ctx, body, { kind: 'SHARE_WALLET', status: SHARING_STATUS.Pending, source: INVITATION_SOURCE.Sharing, openMessage: SEND_MESSAGES.shareOpen });

/**
 * POST /v4/invitations/compliance-request/sharing (ask the invitee's company for its wallet) and
 * /claiming (ask to be recognised as the invitee's company's vendor, sharing our wallet with it).
 */
export const requestCompliance = (ctx: InvitationCtx, body: InviteCompany, requestType: 'sharing' | 'claiming') =>
  sendCompanyInvitation(ctx, body, {
    kind: 'COMPLIANCE_REQUEST', status: REQUEST_STATUS.Pending, source: INVITATION_SOURCE.Request, requestType, openMessage: SEND_MESSAGES.requestOpen,
  });
