// Account self-service (issue 18): the export of everything a user owns and the deletion of the account.
// A deleted account keeps its row, anonymised, because the company's records (projects, permits,
// messages, the audit trail) point at it; its memberships end, its sessions and two-step sign-in go, and
// a company it alone belonged to is made inactive. A sole owner of a company with other members must hand
// the owner role over first (POST /v4/companies/{id}/owner).
import { ACCOUNT_MESSAGES, type AccountExport, type DeletionCheck } from '@permitdesk/core';
import { randomBytes } from 'node:crypto';
import { recordAudit, type AuditActor } from '../audit/audit.js';
import type { Db } from '../db/schema.js';
import { inTransaction } from '../db/transaction.js';
import { conflict, notFound } from '../http/errors.js';
import { hashPassword } from '../identity/passwords.js';
import { iso, isoOrNull } from '../rows/values.js';
import type { AppServices } from '../services.js';

const DELETED_NAME = 'Deleted user';

/** The user's active memberships, and for each whether another active owner or member exists. */
async function membershipsOf(db: Db, userId: string) {
  const rows = await db
    .selectFrom('company_users as cu')
    .innerJoin('companies as c', 'c.id', 'cu.company_id')
    .select(['c.id', 'c.name', 'cu.role', 'cu.created_at'])
    .select((eb) => [
      eb
        .selectFrom('company_users as o')
        .select((o) => o.fn.countAll<number>().as('n'))
        .whereRef('o.company_id', '=', 'cu.company_id')
        .where('o.user_id', '!=', userId)
        .where('o.active', '=', true)
        .where('o.role', '=', 'owner')
        .as('otherOwners'),
      eb
        .selectFrom('company_users as m')
        .select((m) => m.fn.countAll<number>().as('n'))
        .whereRef('m.company_id', '=', 'cu.company_id')
        .where('m.user_id', '!=', userId)
        .where('m.active', '=', true)
        .where('m.role', '!=', 'guest')
        .as('otherMembers'),
    ])
    .where('cu.user_id', '=', userId)
    .where('cu.active', '=', true)
    .orderBy('c.name')
    .execute();
  return rows.map((r) => ({ ...r, otherOwners: Number(r.otherOwners ?? 0), otherMembers: Number(r.otherMembers ?? 0) }));
}

/** The companies that block a deletion: the user is their only owner and others still work in them. */
export async function deletionCheck(db: Db, userId: string): Promise<DeletionCheck> {
  const memberships = await membershipsOf(db, userId);
  return {
    blockedBy: memberships.filter((m) => m.role === 'owner' && m.otherOwners === 0 && m.otherMembers > 0).map((m) => ({ id: m.id, name: m.name })),
    memberships: memberships.map((m) => ({ id: m.id, name: m.name, role: m.role })),
  };
}

export async function deleteAccount(services: AppServices, userId: string, password: string, actor: AuditActor): Promise<void> {
  const { db, identity, clock } = services;
  await identity.checkPassword(userId, password);
  const user = await identity.findById(userId);
  if (!user || user.deleted_at) throw notFound('User does not exist.', 'USER_NOT_FOUND');
  const check = await deletionCheck(db, userId);
  if (check.blockedBy.length > 0) {
    throw conflict(ACCOUNT_MESSAGES.soleOwner(check.blockedBy.map((c) => c.name).join(', ')), 'SOLE_OWNER');
  }
  const memberships = await membershipsOf(db, userId);
  // Nobody can sign in with this again: a random password nobody knows.
  const unusable = await hashPassword(randomBytes(32).toString('base64url'));
  const now = clock();
  await inTransaction(db, async (trx) => {
    await recordAudit(trx, actor, {
      entity: 'account',
      entityId: userId,
      action: 'account_deleted',
      before: { memberships: memberships.map((m) => ({ companyId: m.id, role: m.role })) },
      after: null,
    });
    for (const m of memberships) {
      await recordAudit(trx, actor, { entity: 'company', entityId: m.id, action: 'member_left', companyId: m.id, before: { userId, role: m.role }, after: null });
      // A company nobody else works in stays for its records, inactive.
      if (m.otherMembers === 0) await trx.updateTable('companies').set({ status: -1, updated_at: now }).where('id', '=', m.id).execute();
    }
    await trx.updateTable('company_users').set({ active: false }).where('user_id', '=', userId).execute();
    await mail(services, trx, user.email, user.given_name || null, memberships.map((m) => m.name));
    await trx
      .updateTable('users')
      .set({
        email: `deleted-${userId}@deleted.invalid`,
        password_hash: unusable,
        status: 'DISABLED',
        email_verified: false,
        name: DELETED_NAME,
        given_name: 'Deleted',
        family_name: 'user',
        phone_number: null,
        setup_company_name: null,
        from_url: null,
        tours_seen: [],
        staff: false,
        staff_admin: false,
        deleted_at: now,
        updated_at: now,
      })
      .where('id', '=', userId)
      .execute();
    await trx.updateTable('conversation_messages').set({ author_name: DELETED_NAME }).where('author_user_id', '=', userId).execute();
    await identity.disableTwoFactorOf(userId, { db: trx });
    await trx.deleteFrom('identity_codes').where('user_id', '=', userId).execute();
    await trx.deleteFrom('session_handoffs').where('user_id', '=', userId).execute();
    await identity.revokeAllSessions(userId, { db: trx });
  });
  identity.forgetSessions(); // again, now that the revocation is committed
}

const mail = (services: AppServices, db: Db, to: string, name: string | null, companies: string[]) =>
  services.mail.send('account_deleted', to, { name, companies }, { db });

/** Everything the user owns or wrote, as plain JSON; no hash, token or secret of anyone. */
export async function exportAccount(services: AppServices, userId: string, actor: AuditActor): Promise<AccountExport> {
  const { db, identity } = services;
  const user = await identity.findById(userId);
  if (!user) throw notFound('User does not exist.', 'USER_NOT_FOUND');
  const memberships = await db
    .selectFrom('company_users as cu')
    .innerJoin('companies as c', 'c.id', 'cu.company_id')
    .select(['c.id', 'c.name', 'cu.role', 'cu.active', 'cu.created_at'])
    .where('cu.user_id', '=', userId)
    .orderBy('cu.created_at')
    .execute();
  const projects = await db
    .selectFrom('projects')
    .select(['id', 'name', 'company_id', 'customer_name', 'project_address', 'order_number', 'created_at'])
    .where((eb) => eb.or([eb('created_by', '=', userId), eb('owner_user_id', '=', userId)]))
    .orderBy('id')
    .execute();
  const permits = await db
    .selectFrom('permits')
    .select(['id', 'project_id', 'task_id', 'municipality_id', 'stage', 'scope_of_work', 'permit_number', 'created_at'])
    .where('created_by', '=', userId)
    .orderBy('id')
    .execute();
  const messages = await db
    .selectFrom('conversation_messages as m')
    .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
    .select(['m.id', 'c.permit_id', 'c.subject', 'm.body', 'm.created_at'])
    .where('m.author_user_id', '=', userId)
    .orderBy('m.id')
    .execute();
  const uploads = await db
    .selectFrom('files')
    .select(['id', 'file_name', 'content_type', 'size', 'uploaded', 'created_at', 'uploaded_at'])
    .where('owner_user_id', '=', userId)
    .orderBy('id')
    .execute();
  const audit = await db
    .selectFrom('audit_events')
    .select(['occurred_at', 'entity', 'entity_id', 'action', 'company_id', 'permit_id'])
    .where('actor_user_id', '=', userId)
    .orderBy('id')
    .limit(10_000)
    .execute();
  const twoFactor = await identity.twoFactorStatus(userId);
  const sessions = await db
    .selectFrom('refresh_tokens')
    .select((eb) => eb.fn.count<number>('family_id').distinct().as('n'))
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('used_at', 'is', null)
    .where('expires_at', '>', services.clock())
    .executeTakeFirstOrThrow();
  await recordAudit(db, actor, { entity: 'account', entityId: userId, action: 'data_exported' });
  return {
    exportedAt: services.clock().toISOString(),
    profile: {
      id: user.id,
      email: user.email,
      emailVerified: user.email_verified,
      name: user.name,
      givenName: user.given_name,
      familyName: user.family_name,
      phoneNumber: user.phone_number,
      setupCompanyName: user.setup_company_name ?? null,
      fromURL: user.from_url,
      toursSeen: user.tours_seen,
      createdAt: iso(user.created_at),
      updatedAt: iso(user.updated_at),
    },
    security: { twoFactorEnabled: twoFactor.enabled, activeSessions: Number(sessions.n) },
    memberships: memberships.map((m) => ({ companyId: m.id, companyName: m.name, role: m.role, active: m.active, since: iso(m.created_at) })),
    projects: projects.map((p) => ({ id: p.id, name: p.name, companyId: p.company_id, customerName: p.customer_name, address: p.project_address, orderNumber: p.order_number, createdAt: iso(p.created_at) })),
    permits: permits.map((p) => ({ id: p.id, projectId: p.project_id, taskId: p.task_id, municipalityId: p.municipality_id, stage: p.stage, scopeOfWork: p.scope_of_work, permitNumber: p.permit_number, createdAt: iso(p.created_at) })),
    messages: messages.map((m) => ({ id: m.id, permitId: m.permit_id, subject: m.subject, body: m.body, createdAt: iso(m.created_at) })),
    uploads: uploads.map((f) => ({ id: f.id, fileName: f.file_name, contentType: f.content_type, size: f.size === null ? null : Number(f.size), uploaded: f.uploaded, createdAt: iso(f.created_at), uploadedAt: isoOrNull(f.uploaded_at) })),
    audit: audit.map((a) => ({ occurredAt: iso(a.occurred_at), entity: a.entity, entityId: a.entity_id, action: a.action, companyId: a.company_id, permitId: a.permit_id })),
  };
}
