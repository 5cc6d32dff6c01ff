// Guest access that grants something (issue 13). A host company invites another company as its guest and
// chooses what the guest's members see, read-only: the host's compliance vault and/or named projects. The
// guest company's owner or administrator approves; from then on the grant (company_guests, with its vault
// flag and company_guest_projects) is what compliance/access.ts and permits/access.ts read. Either side's
// owner or administrator ends it; nothing is cached, so the access ends with the same transaction.
import { GUEST_MESSAGES, INVITE_STATUS, type GuestGrant, type Invitation, type InviteGuest } from '@permitdesk/core';
import { sql } from 'kysely';
import { recordAudit } from '../audit/audit.js';
import { NO_COMPANY_ACCESS } from '../companies/company-access.js';
import type { Db, Tx } from '../db/schema.js';
import { inTransaction } from '../db/transaction.js';
import { badRequest, conflict, forbidden, notFound } from '../http/errors.js';
import { iso } from '../rows/values.js';
import { answeringCompany, loadInvitation, moveStatus, MANAGERS_ONLY_INVITE, type InvitationCtx } from './invitation-context.js';
import { mailNotice, managerEmails, notifyLink } from './invitation-mail.js';
import { factsOf, findInvitation, toInvitation } from './invitation-rows.js';
import { sendCompanyInvitation, SEND_MESSAGES } from './send.js';
import { manages, memberOf, requireAction } from './viewer.js';
import { INVITATION_SOURCE } from '@permitdesk/core';

/** The host's projects among `projectIds` (a project of another company cannot be granted). */
async function hostProjects(db: Db, hostCompanyId: number, projectIds: readonly number[]): Promise<number[]> {
  if (projectIds.length === 0) return [];
  const rows = await db.selectFrom('projects').select('id').where('company_id', '=', hostCompanyId).where('id', 'in', [...projectIds]).execute();
  return rows.map((r) => Number(r.id));
}

/** POST /v4/invitations/guest-access: the sending company (the host) invites the invitee's company as its guest. */
export async function inviteGuest(ctx: InvitationCtx, body: InviteGuest): Promise<Invitation> {
  const projectIds = [...new Set(body.scope.projectIds)];
  // Only the host's managers may grant; checked first so a stranger learns nothing about the projects.
  if (!memberOf(ctx.viewer, body.companyId)) throw forbidden(NO_COMPANY_ACCESS, 'COMPANY_FORBIDDEN');
  if (!manages(ctx.viewer, body.companyId)) throw forbidden(MANAGERS_ONLY_INVITE, 'ROLE_FORBIDDEN');
  if ((await hostProjects(ctx.db, body.companyId, projectIds)).length !== projectIds.length) {
    throw badRequest(GUEST_MESSAGES.projectNotHosts, 'GUEST_SCOPE_INVALID', { 'scope.projectIds': GUEST_MESSAGES.projectNotHosts });
  }
  return sendCompanyInvitation(ctx, body, {
    kind: 'GUEST_ACCESS', status: INVITE_STATUS.Pending, source: INVITATION_SOURCE.Request, openMessage: SEND_MESSAGES.guestOpen,
    afterInsert: (trx, id) => trx.insertInto('guest_scopes').values({ invitation_id: id, vault: body.scope.vault, project_ids: projectIds }).execute().then(() => undefined),
  });
}

/** The grant of host → guest, created or revived with the scope of `invitationId` (nothing when it has none). */
async function grantScope(trx: Tx, hostCompanyId: number, guestCompanyId: number, invitationId: number, now: Date): Promise<number> {
  const scope = await trx.selectFrom('guest_scopes').select(['vault', 'project_ids']).where('invitation_id', '=', invitationId).executeTakeFirst();
  const vault = scope?.vault ?? false;
  const grant = await trx
    .insertInto('company_guests')
    .values({ host_company_id: hostCompanyId, guest_company_id: guestCompanyId, status: INVITE_STATUS.Approved, vault, invitation_id: invitationId, created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['host_company_id', 'guest_company_id']).doUpdateSet({ status: INVITE_STATUS.Approved, vault, ended_by: null, invitation_id: invitationId, updated_at: now }))
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx.deleteFrom('company_guest_projects').where('company_guest_id', '=', grant.id).execute();
  const projects = await hostProjects(trx, hostCompanyId, scope?.project_ids ?? []);
  if (projects.length > 0) await trx.insertInto('company_guest_projects').values(projects.map((project_id) => ({ company_guest_id: grant.id, project_id }))).execute();
  return Number(grant.id);
}

/** PUT /guest-access/{id}/approve: the invitee's company accepts; the sender becomes its host with the chosen scope. */
export async function approveGuest(ctx: InvitationCtx, id: number, requested: number | undefined): Promise<Invitation> {
  const row = await loadInvitation(ctx.db, id, ['GUEST_ACCESS']);
  requireAction(ctx.viewer, factsOf(row), 'approve');
  const guestCompanyId = answeringCompany(ctx, requested, row.from_company_id);
  const guestName = (await ctx.db.selectFrom('companies').select('name').where('id', '=', guestCompanyId).executeTakeFirstOrThrow()).name;
  const notify = await managerEmails(ctx.db, row.from_company_id);
  await inTransaction(ctx.db, async (trx) => {
    await moveStatus(ctx, trx, row, { status: INVITE_STATUS.Approved, toCompanyId: guestCompanyId, answered: true });
    await grantScope(trx, row.from_company_id, guestCompanyId, row.id, ctx.now);
    await mailNotice(ctx.services, trx, notify, {
      title: `${guestName} accepted your guest access`,
      intro: `${guestName} is now a guest of ${row.from_company_name}: its members see, read-only, what you shared.`,
      link: `${ctx.services.config.PUBLIC_URL}/access`, action: 'See your guests',
    });
  });
  return toInvitation((await findInvitation(ctx.db, id))!, ctx.viewer);
}

interface GrantRow {
  id: number;
  host_company_id: number;
  host_name: string;
  guest_company_id: number;
  guest_name: string;
  status: number;
  vault: boolean;
  projects: unknown;
  created_at: Date | string;
  updated_at: Date | string;
}

/** Grants with their projects (still the host's) and each project's first permit, for the pages' links. */
async function loadGrants(db: Db, where: { grantId?: number; companyId?: number }): Promise<GrantRow[]> {
  const filter = where.grantId !== undefined
    ? sql`g.id = ${where.grantId}`
    : sql`g.host_company_id = ${where.companyId} OR (g.guest_company_id = ${where.companyId} AND g.status = ${INVITE_STATUS.Approved})`;
  const { rows } = await sql<GrantRow>`
    SELECT g.id, g.host_company_id, h.name AS host_name, g.guest_company_id, c.name AS guest_name, g.status, g.vault, g.created_at, g.updated_at,
      COALESCE((
        SELECT json_agg(json_build_object('projectId', p.id, 'name', COALESCE(NULLIF(p.name, ''), p.customer_name),
          'permitId', (SELECT min(pe.id) FROM permits pe WHERE pe.project_id = p.id)) ORDER BY p.id)
        FROM company_guest_projects gp JOIN projects p ON p.id = gp.project_id AND p.company_id = g.host_company_id
        WHERE gp.company_guest_id = g.id
      ), '[]'::json) AS projects
    FROM company_guests g JOIN companies h ON h.id = g.host_company_id JOIN companies c ON c.id = g.guest_company_id
    WHERE ${filter}
    ORDER BY g.updated_at DESC, g.id DESC`.execute(db);
  return rows;
}

const toGrant = (row: GrantRow): GuestGrant => ({
  id: Number(row.id),
  host: { id: Number(row.host_company_id), name: row.host_name },
  guest: { id: Number(row.guest_company_id), name: row.guest_name },
  vault: Boolean(row.vault),
  projects: (typeof row.projects === 'string' ? JSON.parse(row.projects) : row.projects) as GuestGrant['projects'],
  active: Number(row.status) === INVITE_STATUS.Approved,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});

/**
 * GET /v4/invitations/guest-access?company={id}: for the company's members, the grants it gave (its guests,
 * ended ones too) and the ones it holds as a guest (only while they hold: an ended grant shows nothing).
 */
export async function listGuestGrants(ctx: InvitationCtx, companyId: number): Promise<{ granted: GuestGrant[]; received: GuestGrant[] }> {
  if (!memberOf(ctx.viewer, companyId)) throw forbidden(NO_COMPANY_ACCESS, 'COMPANY_FORBIDDEN');
  const grants = (await loadGrants(ctx.db, { companyId })).map(toGrant);
  return { granted: grants.filter((g) => g.host.id === companyId), received: grants.filter((g) => g.guest.id === companyId && g.active) };
}

/**
 * PUT /v4/invitations/guest-access/grants/{grantId}/end: the host revokes the grant, or the guest leaves.
 * Owners and administrators of either side; other members of either side get 403, anyone else 404.
 * The grant and its invitation become Revoked (12), the other side's managers are told by mail.
 */
export async function endGuestGrant(ctx: InvitationCtx, grantId: number): Promise<GuestGrant> {
  const [row] = await loadGrants(ctx.db, { grantId });
  const sideOf = (companyId: number) => (manages(ctx.viewer, companyId) ? 'manager' : memberOf(ctx.viewer, companyId) ? 'member' : null);
  const host = row ? sideOf(Number(row.host_company_id)) : null;
  const guest = row ? sideOf(Number(row.guest_company_id)) : null;
  if (!row || (host === null && guest === null)) throw notFound(GUEST_MESSAGES.grantNotFound, 'GUEST_GRANT_NOT_FOUND');
  if (host !== 'manager' && guest !== 'manager') throw forbidden(MANAGERS_ONLY_INVITE, 'ROLE_FORBIDDEN');
  if (Number(row.status) !== INVITE_STATUS.Approved) throw conflict(GUEST_MESSAGES.grantEnded, 'GUEST_GRANT_ENDED');
  const by = host === 'manager' ? 'host' : 'guest';
  const grant = toGrant(row);
  const notify = await managerEmails(ctx.db, by === 'host' ? grant.guest.id : grant.host.id);
  await inTransaction(ctx.db, async (trx) => {
    const ended = await trx
      .updateTable('company_guests')
      .set({ status: INVITE_STATUS.Revoked, ended_by: ctx.viewer.sub, updated_at: ctx.now })
      .where('id', '=', grant.id)
      .where('status', '=', INVITE_STATUS.Approved)
      .executeTakeFirst();
    if (Number(ended.numUpdatedRows) !== 1) throw conflict(GUEST_MESSAGES.grantEnded, 'GUEST_GRANT_ENDED');
    await trx.updateTable('invitations').set({ status: INVITE_STATUS.Revoked, updated_at: ctx.now }).where('kind', '=', 'GUEST_ACCESS').where('from_company_id', '=', grant.host.id).where('to_company_id', '=', grant.guest.id).where('status', '=', INVITE_STATUS.Approved).execute();
    await recordAudit(trx, ctx.actor, {
      entity: 'company', entityId: grant.host.id, action: 'guest_access_ended', companyId: grant.host.id,
      before: { guestCompanyId: grant.guest.id, vault: grant.vault, projectIds: grant.projects.map((p) => p.projectId) },
      after: { guestCompanyId: grant.guest.id, endedBy: by },
    }, ctx.now);
    await mailNotice(ctx.services, trx, notify, by === 'host'
      ? { title: `${grant.host.name} ended your guest access`, intro: `${grant.host.name} ended the guest access of ${grant.guest.name}: what it shared is no longer visible to you.`, link: notifyLink(ctx.services.config.PUBLIC_URL), action: 'See your invitations' }
      : { title: `${grant.guest.name} left your guest access`, intro: `${grant.guest.name} is no longer a guest of ${grant.host.name}.`, link: `${ctx.services.config.PUBLIC_URL}/access`, action: 'See your guests' });
  });
  const [after] = await loadGrants(ctx.db, { grantId });
  return toGrant(after!);
}
