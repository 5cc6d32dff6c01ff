// What every invitation operation works with: the services, the database handle, the reader and
// the time; plus the checks they share (manage a company, pick the answering company, move a status).
import { recordAudit, type AuditActor } from '../audit/audit.js';
import { NO_COMPANY_ACCESS } from '../companies/company-access.js';
import type { AuthUser } from '../identity/user.js';
import { badRequest, forbidden, HttpError, notFound } from '../http/errors.js';
import type { AppServices } from '../services.js';
import { findInvitation, type InvitationRow } from './invitation-rows.js';
import { INVITATION_CLOSED, INVITATION_NOT_FOUND, loadViewer, managedCompanies, manages, memberOf, type Viewer } from './viewer.js';
import type { InvitationKind } from '@permitdesk/core';
import type { Db, Tx } from '../db/schema.js';

export interface InvitationCtx {
  services: AppServices;
  db: Db;
  viewer: Viewer;
  now: Date;
  /** Who acts, for the audit trail. */
  actor: AuditActor;
}

export async function invitationCtx(services: AppServices, user: AuthUser, actor?: AuditActor): Promise<InvitationCtx> {
  const db = services.db;
  return { services, db, viewer: await loadViewer(db, user), now: services.clock(), actor: actor ?? { userId: user.sub, role: 'customer', requestId: null } };
}

/** The invitation's audit entry (entity 'invitation'), in the change's transaction; the sender's company is its company. */
export const auditInvitation = (
  ctx: InvitationCtx,
  trx: Tx,
  entry: { id: number; companyId: number; action: 'sent' | 'resent' | 'status_changed'; before?: Record<string, unknown> | null; after?: Record<string, unknown> | null },
) =>
  recordAudit(trx, ctx.actor, { entity: 'invitation', entityId: entry.id, action: entry.action, companyId: entry.companyId, before: entry.before ?? null, after: entry.after ?? null }, ctx.now);

export const MANAGERS_ONLY_INVITE = 'Only an owner or an administrator may send invitations for this company.';
export const CHOOSE_COMPANY = 'Choose a company you own or administer.';
export const COMPANY_REQUIRED = 'Choose the company that answers this invitation.';
export const OWN_INVITATION = 'A company cannot answer its own invitation.';

/** 403 unless the reader owns or administers the company (SPEC §6: Owner or Administrator create access). */
export function requireManager(ctx: InvitationCtx, companyId: number): void {
  if (!memberOf(ctx.viewer, companyId)) throw forbidden(NO_COMPANY_ACCESS, 'COMPANY_FORBIDDEN');
  if (!manages(ctx.viewer, companyId)) throw forbidden(MANAGERS_ONLY_INVITE, 'ROLE_FORBIDDEN');
}

/** The invitation when it is one of `kinds`; 404 otherwise (another kind's id answers like a missing one). */
export async function loadInvitation(db: Db, id: number, kinds: readonly InvitationKind[]): Promise<InvitationRow> {
  const row = await findInvitation(db, id);
  if (!row || !kinds.includes(row.kind)) throw notFound(INVITATION_NOT_FOUND, 'INVITATION_NOT_FOUND');
  return row;
}

/**
 * The company that answers for the reader: the one asked for (which they must manage), or the only one
 * they manage besides the sender. 400 when there is no single answer.
 */
export function answeringCompany(ctx: InvitationCtx, requested: number | undefined, senderCompanyId: number): number {
  if (requested !== undefined) {
    if (!manages(ctx.viewer, requested)) throw forbidden(CHOOSE_COMPANY, 'COMPANY_FORBIDDEN');
    if (requested === senderCompanyId) throw badRequest(OWN_INVITATION, 'OWN_INVITATION');
    return requested;
  }
  const candidates = managedCompanies(ctx.viewer).filter((id) => id !== senderCompanyId);
  if (candidates.length !== 1) throw badRequest(COMPANY_REQUIRED, 'COMPANY_REQUIRED');
  return candidates[0]!;
}

export interface StatusChange {
  status: number;
  toCompanyId?: number | null;
  steps?: Record<string, unknown>;
  existingVendor?: boolean;
  answered?: boolean;
}

/** Moves an invitation from the status it was read with; 409 when someone moved it meanwhile. */
export async function moveStatus(ctx: InvitationCtx, trx: Tx, row: InvitationRow, change: StatusChange): Promise<void> {
  const result = await trx
    .updateTable('invitations')
    .set({
      status: change.status,
      updated_at: ctx.now,
      ...(change.toCompanyId !== undefined ? { to_company_id: change.toCompanyId } : {}),
      ...(change.steps !== undefined ? { steps: JSON.stringify(change.steps) } : {}),
      ...(change.existingVendor !== undefined ? { existing_vendor: change.existingVendor } : {}),
      ...(change.answered ? { answered_by: ctx.viewer.sub } : {}),
    })
    .where('id', '=', row.id)
    .where('status', '=', row.status)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new HttpError(409, INVITATION_CLOSED, 'INVITATION_CLOSED');
  await auditInvitation(ctx, trx, {
    id: row.id,
    companyId: Number(row.from_company_id),
    action: 'status_changed',
    before: { kind: row.kind, status: row.status, toCompanyId: row.to_company_id === null ? null : Number(row.to_company_id) },
    after: { kind: row.kind, status: change.status, toCompanyId: change.toCompanyId !== undefined ? change.toCompanyId : row.to_company_id === null ? null : Number(row.to_company_id) },
  });
}
