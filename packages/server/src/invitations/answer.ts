// Answering invitations: the state machine of SPEC §4.4. Every answer is authorised by core's
// invitationActions for the reader's side (viewer.ts), moves the status only from the one it was read
// with, creates or ends the company relation it stands for, and tells the other side by mail.
import {
  INVITE_STATUS,
  REQUEST_STATUS,
  SHARING_STATUS,
  VENDOR_ONBOARDING_STEPS,
  type Company,
  type Invitation,
  type InvitationKind,
  type vendorOnboardingStepSchema,
} from '@permitdesk/core';
import type * as v from 'valibot';
import type { NewCompany } from '../companies/companies-service.js';
import { badRequest, forbidden } from '../http/errors.js';
import {
  answeringCompany,
  CHOOSE_COMPANY,
  loadInvitation,
  moveStatus,
  type InvitationCtx,
} from './invitation-context.js';
import { invitationLink, mailInvitation, mailNotice, managerEmails, notifyLink } from './invitation-mail.js';
import { factsOf, findInvitation, progressOf, toInvitation, type InvitationRow } from './invitation-rows.js';
import { isVendorOf, linkPersonalVendor, linkVendor, revokeWallet, shareWallet, WHOLE_WALLET } from './relations.js';
import { managedCompanies, manages, requireAction } from './viewer.js';
import type { Db } from '../db/schema.js';
import { inTransaction } from '../db/transaction.js';

type StepBody = v.InferOutput<typeof vendorOnboardingStepSchema>;

const VENDOR_KINDS: InvitationKind[] = ['VENDOR_ONBOARDING', 'CUSTOM_VENDOR_ONBOARDING'];

export const ANSWER_MESSAGES = {
  ownVendor: 'A company cannot be its own vendor.',
  stepsMissing: 'Complete every step before submitting.',
  customCompany: (name: string) => `This onboarding is for ${name}.`,
} as const;

async function reread(ctx: InvitationCtx, id: number): Promise<Invitation> {
  return toInvitation((await findInvitation(ctx.db, id))!, ctx.viewer);
}

const senderManagers = (ctx: InvitationCtx, row: InvitationRow) => managerEmails(ctx.db, row.from_company_id);
const companyName = async (db: Db, id: number) => (await db.selectFrom('companies').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name;

/** PUT /accept/{id}/user-type: the invitee joins the company with the invitation's role. */
export async function acceptUser(ctx: InvitationCtx, id: number): Promise<Invitation> {
  const row = await loadInvitation(ctx.db, id, ['USER_TYPE']);
  requireAction(ctx.viewer, factsOf(row), 'accept');
  await inTransaction(ctx.db, async (trx) => {
    await moveStatus(ctx, trx, row, { status: INVITE_STATUS.Approved, answered: true });
    await ctx.services.companies.addMember(row.from_company_id, ctx.viewer.sub, row.role ?? 'user', { db: trx });
  });
  return reread(ctx, id);
}

/** PUT /decline/{id}: the invitee (or, for a submitted vendor onboarding, the client) says no. */
export async function decline(ctx: InvitationCtx, id: number): Promise<Invitation> {
  const row = await loadInvitation(ctx.db, id, ['USER_TYPE', 'VENDOR_ONBOARDING', 'CUSTOM_VENDOR_ONBOARDING', 'SHARE_WALLET', 'GUEST_ACCESS', 'COMPLIANCE_REQUEST']);
  const mine = requireAction(ctx.viewer, factsOf(row), 'decline');
  const status = row.kind === 'SHARE_WALLET' || row.kind === 'COMPLIANCE_REQUEST' ? SHARING_STATUS.Declined : INVITE_STATUS.Declined;
  const notify = mine.side === 'sender' ? [row.email] : await senderManagers(ctx, row);
  await inTransaction(ctx.db, async (trx) => {
    await moveStatus(ctx, trx, row, { status, answered: true });
    const by = mine.side === 'sender' ? row.from_company_name : ctx.viewer.email;
    await mailNotice(ctx.services, trx, notify, { title: 'An invitation was declined', intro: `${by} declined the invitation.`, link: notifyLink(ctx.services.config.PUBLIC_URL), action: 'See your invitations' });
  });
  return reread(ctx, id);
}

/** PUT /withdraw/{id}/vendor-onboarding and /share-wallet: the sender takes it back (SPEC §4.4), or the recipient leaves an approved share (issue 13). */
export async function withdraw(ctx: InvitationCtx, id: number, what: 'vendor-onboarding' | 'share-wallet'): Promise<Invitation> {
  const row = await loadInvitation(ctx.db, id, what === 'share-wallet' ? ['SHARE_WALLET'] : VENDOR_KINDS);
  const mine = requireAction(ctx.viewer, factsOf(row), 'withdraw');
  const status = what === 'share-wallet' ? SHARING_STATUS.Withdrawn : INVITE_STATUS.Withdrawn;
  // Issue 13: the recipient of an approved share withdraws from it; the wallet closes to them at once.
  const leaving = mine.side === 'recipient' && row.status === SHARING_STATUS.Approved && row.to_company_id !== null;
  const notify = leaving ? await senderManagers(ctx, row) : [];
  await inTransaction(ctx.db, async (trx) => {
    await moveStatus(ctx, trx, row, { status, answered: true });
    if (!leaving) return;
    await revokeWallet(trx, row.from_company_id, row.to_company_id!, ctx.now, SHARING_STATUS.Withdrawn);
    await mailNotice(ctx.services, trx, notify, {
      title: `${row.to_company_name ?? 'A company'} withdrew from your wallet share`,
      intro: `${row.to_company_name ?? 'The company'} no longer reads the compliance wallet ${row.from_company_name} shared with it.`,
      link: notifyLink(ctx.services.config.PUBLIC_URL), action: 'See your shares',
    });
  });
  return reread(ctx, id);
}

/** PATCH /{id}/resend-invitation-for-vendor: the vendor gets the invitation mail again. */
export async function resendVendor(ctx: InvitationCtx, id: number): Promise<Invitation> {
  const row = await loadInvitation(ctx.db, id, VENDOR_KINDS);
  requireAction(ctx.viewer, factsOf(row), 'resend');
  await inTransaction(ctx.db, async (trx) => {
    await trx.updateTable('invitations').set({ mailed_at: ctx.now, updated_at: ctx.now }).where('id', '=', row.id).execute();
    await mailInvitation(ctx.services, trx, {
      kind: row.kind, id: row.id, email: row.email, inviterName: ctx.viewer.name, fromCompanyName: row.from_company_name, message: row.message,
    });
  });
  return reread(ctx, id);
}

/** PUT /revoke/{id}/share-wallet: the sharer ends an approved share; the wallet is hidden again. */
export async function revokeShare(ctx: InvitationCtx, id: number): Promise<Invitation> {
  const row = await loadInvitation(ctx.db, id, ['SHARE_WALLET']);
  requireAction(ctx.viewer, factsOf(row), 'revoke');
  await inTransaction(ctx.db, async (trx) => {
    await moveStatus(ctx, trx, row, { status: SHARING_STATUS.Revoked, answered: true });
    if (row.to_company_id !== null) await revokeWallet(trx, row.from_company_id, row.to_company_id, ctx.now);
  });
  return reread(ctx, id);
}

/**
 * PUT /accept/{id}/share-wallet, for the recipient, answering for one of their companies:
 * - a wallet share becomes Accepted (24) and waits for the sharer's approval;
 * - a compliance request for sharing shares the recipient's wallet with the requester at once;
 * - a compliance request for claiming makes the requester the recipient's vendor, its wallet shared.
 */
export async function acceptShare(ctx: InvitationCtx, id: number, requested: number | undefined): Promise<Invitation> {
  const row = await loadInvitation(ctx.db, id, ['SHARE_WALLET', 'COMPLIANCE_REQUEST']);
  requireAction(ctx.viewer, factsOf(row), 'accept');
  // A homeowner without a company answers a claiming request for their personal account (vendor-for=Individual).
  if (row.request_type === 'claiming' && requested === undefined && managedCompanies(ctx.viewer).every((c) => c === row.from_company_id)) {
    return acceptClaimPersonally(ctx, row);
  }
  const companyId = answeringCompany(ctx, requested, row.from_company_id);
  const name = await companyName(ctx.db, companyId);
  const notify = await senderManagers(ctx, row);
  const link = invitationLink(ctx.services.config.PUBLIC_URL, row.kind, row.id, row.email);
  await inTransaction(ctx.db, async (trx) => {
    if (row.kind === 'SHARE_WALLET') {
      await moveStatus(ctx, trx, row, { status: SHARING_STATUS.Accepted, toCompanyId: companyId, answered: true });
      await mailNotice(ctx.services, trx, notify, { title: `${name} accepted your wallet share`, intro: `${name} accepted the compliance wallet you shared. Approve it to open your wallet to them.`, link, action: 'Approve the share' });
      return;
    }
    await moveStatus(ctx, trx, row, { status: REQUEST_STATUS.Approved, toCompanyId: companyId, answered: true });
    if (row.request_type === 'claiming') {
      await linkVendor(trx, companyId, row.from_company_id, row.id, ctx.now);
      await shareWallet(trx, row.from_company_id, companyId, WHOLE_WALLET, row.id, ctx.now);
    } else {
      await shareWallet(trx, companyId, row.from_company_id, WHOLE_WALLET, row.id, ctx.now);
    }
    await mailNotice(ctx.services, trx, notify, { title: `${name} approved your request`, intro: `${name} approved your compliance request.`, link: notifyLink(ctx.services.config.PUBLIC_URL), action: 'See your invitations' });
  });
  return reread(ctx, id);
}

async function acceptClaimPersonally(ctx: InvitationCtx, row: InvitationRow): Promise<Invitation> {
  const notify = await senderManagers(ctx, row);
  await inTransaction(ctx.db, async (trx) => {
    await moveStatus(ctx, trx, row, { status: REQUEST_STATUS.Approved, answered: true });
    await linkPersonalVendor(trx, ctx.viewer.sub, row.from_company_id, row.id, ctx.now);
    await mailNotice(ctx.services, trx, notify, { title: `${ctx.viewer.name} approved your request`, intro: `${row.from_company_name} is now a vendor of ${ctx.viewer.name}.`, link: notifyLink(ctx.services.config.PUBLIC_URL), action: 'See your invitations' });
  });
  return reread(ctx, row.id);
}

/** PUT /approve/{id}/share-wallet: the sharer confirms an accepted share; the recipient reads the wallet. */
export async function approveShare(ctx: InvitationCtx, id: number): Promise<Invitation> {
  const row = await loadInvitation(ctx.db, id, ['SHARE_WALLET']);
  requireAction(ctx.viewer, factsOf(row), 'approve');
  await inTransaction(ctx.db, async (trx) => {
    await moveStatus(ctx, trx, row, { status: SHARING_STATUS.Approved, answered: true });
    await shareWallet(trx, row.from_company_id, row.to_company_id!, WHOLE_WALLET, row.id, ctx.now);
    await mailNotice(ctx.services, trx, [row.email], {
      title: `${row.from_company_name} opened its compliance wallet to you`,
      intro: `${row.from_company_name} approved the wallet share: its licenses, insurance and certificates are now visible to ${row.to_company_name ?? 'your company'}.`,
      link: notifyLink(ctx.services.config.PUBLIC_URL), action: 'See your invitations',
    });
  });
  return reread(ctx, id);
}

/** PUT /approve/{id}/vendor-onboarding: the client approves a submitted onboarding; the vendor is linked. */
export async function approveVendor(ctx: InvitationCtx, id: number): Promise<Invitation> {
  const row = await loadInvitation(ctx.db, id, VENDOR_KINDS);
  requireAction(ctx.viewer, factsOf(row), 'approve');
  const scope = progressOf(row).compliance ?? WHOLE_WALLET;
  await inTransaction(ctx.db, async (trx) => {
    await moveStatus(ctx, trx, row, { status: INVITE_STATUS.Approved, answered: true });
    await linkVendor(trx, row.from_company_id, row.to_company_id!, row.id, ctx.now);
    await shareWallet(trx, row.to_company_id!, row.from_company_id, scope, row.id, ctx.now);
    await mailNotice(ctx.services, trx, [row.email], {
      title: `${row.from_company_name} approved your vendor onboarding`,
      intro: `${row.to_company_name ?? 'Your company'} is now a vendor of ${row.from_company_name}.`,
      link: notifyLink(ctx.services.config.PUBLIC_URL), action: 'See your invitations',
    });
  });
  return reread(ctx, id);
}

/**
 * PUT /approve/{id}/custom-vendor-onboarding: the company behind the e-mail's domain lets the invitee
 * onboard it; the invitation becomes a pending onboarding for that company and is mailed to the invitee.
 */
export async function approveCustomVendor(ctx: InvitationCtx, id: number): Promise<Invitation> {
  const row = await loadInvitation(ctx.db, id, ['CUSTOM_VENDOR_ONBOARDING']);
  requireAction(ctx.viewer, factsOf(row), 'approve');
  await inTransaction(ctx.db, async (trx) => {
    const steps = { ...progressOf(row), company: { id: row.to_company_id!, name: row.to_company_name ?? '' } };
    await moveStatus(ctx, trx, row, { status: INVITE_STATUS.Pending, steps });
    await trx.updateTable('invitations').set({ mailed_at: ctx.now }).where('id', '=', row.id).execute();
    await mailInvitation(ctx.services, trx, { kind: row.kind, id: row.id, email: row.email, inviterName: row.from_company_name, fromCompanyName: row.from_company_name, message: row.message });
  });
  return reread(ctx, id);
}

/** A vendor onboarding's first saved step marks it Viewed; later steps leave the status alone. */
const statusAfterStep = (row: InvitationRow): number => (row.status === INVITE_STATUS.Pending ? INVITE_STATUS.Viewed : row.status);

/** PUT /step/{id}/vendor-onboarding: one wizard step saved; the first save marks the invitation Viewed. */
export async function saveStep(ctx: InvitationCtx, id: number, body: StepBody): Promise<Invitation> {
  const row = await loadInvitation(ctx.db, id, VENDOR_KINDS);
  requireAction(ctx.viewer, factsOf(row), 'submit');
  const steps: Record<string, unknown> = { ...progressOf(row) };
  let toCompanyId: number | undefined;
  let existingVendor: boolean | undefined;
  if (body.step === 'company') {
    if (row.kind === 'CUSTOM_VENDOR_ONBOARDING') {
      if (body.companyId !== row.to_company_id) throw badRequest(ANSWER_MESSAGES.customCompany(row.to_company_name ?? ''), 'CUSTOM_COMPANY');
    } else {
      if (body.companyId === row.from_company_id) throw badRequest(ANSWER_MESSAGES.ownVendor, 'OWN_VENDOR');
      if (!manages(ctx.viewer, body.companyId)) throw forbidden(CHOOSE_COMPANY, 'COMPANY_FORBIDDEN');
    }
    toCompanyId = body.companyId;
    existingVendor = await isVendorOf(ctx.db, row.from_company_id, body.companyId);
    steps.company = { id: body.companyId, name: await companyName(ctx.db, body.companyId) };
  } else if (body.step === 'contact') {
    steps.contact = { contactName: body.contactName, phoneNumber: body.phoneNumber, title: body.title ?? null };
  } else {
    steps.compliance = { licenses: body.licenses, insurances: body.insurances, certificates: body.certificates };
  }
  const status = statusAfterStep(row);
  await inTransaction(ctx.db, (trx) => moveStatus(ctx, trx, row, { status, steps, ...(toCompanyId !== undefined ? { toCompanyId, existingVendor } : {}) }));
  return reread(ctx, id);
}

/**
 * POST /v4/companies?invitation={id}: the invitee of a vendor onboarding creates the company that
 * answers it. The company and its place as the invitation's company step are written together, so a
 * refused invitation leaves no stray company behind. (A custom onboarding names its company already.)
 */
export async function createAnsweringCompany(ctx: InvitationCtx, id: number, input: NewCompany): Promise<Company> {
  const row = await loadInvitation(ctx.db, id, VENDOR_KINDS);
  requireAction(ctx.viewer, factsOf(row), 'submit');
  if (row.kind === 'CUSTOM_VENDOR_ONBOARDING') throw badRequest(ANSWER_MESSAGES.customCompany(row.to_company_name ?? ''), 'CUSTOM_COMPANY');
  return inTransaction(ctx.db, async (trx) => {
    const company = await ctx.services.companies.create(input, ctx.viewer.sub, { db: trx });
    const steps = { ...progressOf(row), company: { id: company.id, name: company.name } };
    await moveStatus(ctx, trx, row, { status: statusAfterStep(row), steps, toCompanyId: company.id, existingVendor: false });
    return company;
  });
}

/** PUT /submit/{id}/vendor-onboarding: every step saved → Under Review; the client is told. */
export async function submitVendor(ctx: InvitationCtx, id: number): Promise<Invitation> {
  const row = await loadInvitation(ctx.db, id, VENDOR_KINDS);
  requireAction(ctx.viewer, factsOf(row), 'submit');
  const progress = progressOf(row);
  if (VENDOR_ONBOARDING_STEPS.some((step) => progress[step] === null) || row.to_company_id === null) throw badRequest(ANSWER_MESSAGES.stepsMissing, 'STEPS_INCOMPLETE');
  // A vendor company picked earlier must still be the reader's to answer for (a custom onboarding's was approved by its company).
  if (row.kind === 'VENDOR_ONBOARDING' && !manages(ctx.viewer, row.to_company_id)) throw forbidden(CHOOSE_COMPANY, 'COMPANY_FORBIDDEN');
  const notify = await senderManagers(ctx, row);
  await inTransaction(ctx.db, async (trx) => {
    await moveStatus(ctx, trx, row, { status: INVITE_STATUS.UnderReview });
    await mailNotice(ctx.services, trx, notify, {
      title: `${row.to_company_name ?? row.email} submitted its vendor onboarding`,
      intro: `${row.to_company_name ?? row.email} completed the vendor onboarding you sent to ${row.email}. Review and approve it.`,
      link: notifyLink(ctx.services.config.PUBLIC_URL), action: 'Review the vendor',
    });
  });
  return reread(ctx, id);
}
