// Companies and the roles of their users (SPEC §3, §6). Names are unique case-insensitively; the
// creator becomes the Owner; lists leave guest roles out.
import {
  canCreateAccess,
  canDisableRole,
  canRemoveUserRole,
  COMPANY_STATUS,
  isUsableRole,
  type Company,
  type CompanyRole,
  type UserType,
} from '@permitdesk/core';
import type { Selectable } from 'kysely';
import { changedFields, recordAudit, type AuditActor } from '../audit/audit.js';
import type { Db } from '../db/schema.js';
import { inTransaction } from '../db/transaction.js';
import type { CompaniesTable } from '../db/tables/identity.js';
import { NO_COMPANY_ACCESS } from './company-access.js';
import { badRequest, companyNameTaken, forbidden, notFound } from '../http/errors.js';

interface InTx {
  db?: Db;
}
interface Audited {
  /** Who acted, for the audit trail (company creation defaults to the new owner, as a customer). */
  actor?: AuditActor;
}
export type CompanyRow = Selectable<CompaniesTable>;

export interface NewCompany {
  name: string;
  address?: string | null;
  fromURL?: string | null;
  classification?: 1 | 3 | 8;
  parentId?: number | null;
}

export interface CompaniesService {
  /** Creates a company with `ownerUserId` as its Owner; 409 when the name is taken. */
  create(input: NewCompany, ownerUserId: string, options?: InTx & Audited): Promise<Company>;
  /** The user's companies (usable roles only, SPEC §6), by name. */
  list(userId: string): Promise<Company[]>;
  /** One company as seen by a member; 403 for anyone else. */
  get(companyId: number, userId: string): Promise<Company>;
  update(companyId: number, userId: string, changes: { name?: string; address?: string | null }, actor: AuditActor): Promise<Company>;
  /** Companies with exactly this name, ignoring case (the uniqueness lookup). */
  findByName(name: string): Promise<{ id: number; name: string }[]>;
  /** Gives a user a role in a company (invitations); updates the role when they already have one. */
  addMember(companyId: number, userId: string, role: CompanyRole, options?: InTx): Promise<UserType>;
  roles(companyId: number, userId: string): Promise<UserType[]>;
  removeRole(roleId: number, actorUserId: string, actor: AuditActor): Promise<void>;
  updateRole(roleId: number, actorUserId: string, change: { role: CompanyRole; active: boolean }, actor: AuditActor): Promise<UserType>;
}

const iso = (value: Date | string) => new Date(value).toISOString();

export function toCompany(row: CompanyRow, role: CompanyRole | null): Company {
  return {
    id: row.id,
    name: row.name,
    role,
    guestAccess: row.guest_access,
    classification: row.classification,
    parentId: row.parent_id,
    status: row.status === COMPANY_STATUS.Inactive ? COMPANY_STATUS.Inactive : COMPANY_STATUS.Active,
    address: row.address,
    fromURL: row.from_url,
    createdAt: iso(row.created_at),
  };
}

export function createCompaniesService(deps: { db: Db; clock: () => Date }): CompaniesService {
  const { db, clock } = deps;

  const nameTaken = async (conn: Db, name: string, exceptId?: number) => {
    let query = conn.selectFrom('companies').select('id').where((eb) => eb(eb.fn('lower', ['name']), '=', name.trim().toLowerCase()));
    if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
    return (await query.executeTakeFirst()) !== undefined;
  };
  const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

  const activeRole = async (conn: Db, companyId: number, userId: string): Promise<CompanyRole | null> =>
    (
      await conn
        .selectFrom('company_users')
        .select('role')
        .where('company_id', '=', companyId)
        .where('user_id', '=', userId)
        .where('active', '=', true)
        .executeTakeFirst()
    )?.role ?? null;

  const userTypes = (conn: Db) =>
    conn
      .selectFrom('company_users as cu')
      .innerJoin('users as u', 'u.id', 'cu.user_id')
      .select(['cu.id', 'cu.company_id', 'cu.user_id', 'u.email', 'u.name', 'cu.role', 'cu.active', 'cu.created_at']);
  const toUserType = (row: { id: number; company_id: number; user_id: string; email: string; name: string; role: CompanyRole; active: boolean; created_at: Date | string }): UserType => ({
    id: row.id,
    companyId: row.company_id,
    userId: row.user_id,
    email: row.email,
    name: row.name,
    role: row.role,
    active: row.active,
    createdAt: iso(row.created_at),
  });

  async function memberRole(companyId: number, userId: string): Promise<CompanyRole> {
    const role = await activeRole(db, companyId, userId);
    if (!isUsableRole(role)) throw forbidden(NO_COMPANY_ACCESS, 'COMPANY_FORBIDDEN');
    return role;
  }

  async function get(companyId: number, userId: string): Promise<Company> {
    const role = await memberRole(companyId, userId);
    const row = await db.selectFrom('companies').selectAll().where('id', '=', companyId).executeTakeFirst();
    if (!row) throw notFound('Company not found.', 'COMPANY_NOT_FOUND');
    return toCompany(row, role);
  }

  /** The role row and the actor's role in its company; 404 / 403 as the actor may see it. */
  async function roleForActor(roleId: number, actorUserId: string) {
    const target = await userTypes(db).where('cu.id', '=', roleId).executeTakeFirst();
    if (!target) throw notFound('User role not found.', 'ROLE_NOT_FOUND');
    const actorRole = await activeRole(db, target.company_id, actorUserId);
    if (!isUsableRole(actorRole)) throw forbidden(NO_COMPANY_ACCESS, 'COMPANY_FORBIDDEN');
    return { target, actorRole };
  }

  const otherActiveOwners = async (companyId: number, exceptRoleId: number) =>
    Number(
      (
        await db
          .selectFrom('company_users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('company_id', '=', companyId)
          .where('role', '=', 'owner')
          .where('active', '=', true)
          .where('id', '<>', exceptRoleId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const keepAnOwner = async (companyId: number, roleId: number) => {
    if ((await otherActiveOwners(companyId, roleId)) === 0) throw badRequest('A company must keep at least one active owner.', 'LAST_OWNER');
  };

  async function createCompany(input: NewCompany, ownerUserId: string, options: InTx & Audited = {}): Promise<Company> {
    if (!options.db) return inTransaction(db, (trx) => createCompany(input, ownerUserId, { ...options, db: trx }));
    const conn = options.db;
    const name = input.name.trim();
    if (await nameTaken(conn, name)) throw companyNameTaken();
    const now = clock();
    let row: CompanyRow;
    try {
      row = await conn
        .insertInto('companies')
        .values({
          name,
          address: input.address?.trim() || null,
          from_url: input.fromURL ?? null,
          classification: input.classification ?? 1,
          parent_id: input.parentId ?? null,
          status: COMPANY_STATUS.Active,
          created_by: ownerUserId,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    } catch (error) {
      if (isUniqueViolation(error)) throw companyNameTaken(); // a concurrent create won the race
      throw error;
    }
    await conn.insertInto('company_users').values({ company_id: row.id, user_id: ownerUserId, role: 'owner', created_at: now }).execute();
    await recordAudit(conn, options.actor ?? { userId: ownerUserId, role: 'customer', requestId: null }, {
      entity: 'company',
      entityId: row.id,
      action: 'created',
      companyId: row.id,
      before: null,
      after: { name: row.name, address: row.address, owner: ownerUserId },
    });
    return toCompany(row, 'owner');
  }

  return {
    create: createCompany,

    async list(userId) {
      const rows = await db
        .selectFrom('company_users as cu')
        .innerJoin('companies as c', 'c.id', 'cu.company_id')
        .selectAll('c')
        .select('cu.role')
        .where('cu.user_id', '=', userId)
        .where('cu.active', '=', true)
        .where('cu.role', '<>', 'guest')
        .orderBy('c.name')
        .execute();
      return rows.map(({ role, ...row }) => toCompany(row, role));
    },

    get,

    async update(companyId, userId, changes, actor) {
      const role = await memberRole(companyId, userId);
      if (!canCreateAccess(role)) throw forbidden('Only an owner or an administrator may change the company profile.', 'ROLE_FORBIDDEN');
      const name = changes.name?.trim();
      if (name !== undefined && (await nameTaken(db, name, companyId))) throw companyNameTaken();
      try {
        await inTransaction(db, async (trx) => {
          const before = await trx.selectFrom('companies').select(['name', 'address']).where('id', '=', companyId).forUpdate().executeTakeFirstOrThrow();
          const after = await trx
            .updateTable('companies')
            .set({
              ...(name !== undefined ? { name } : {}),
              ...(changes.address !== undefined ? { address: changes.address?.trim() || null } : {}),
              updated_at: clock(),
            })
            .where('id', '=', companyId)
            .returning(['name', 'address'])
            .executeTakeFirstOrThrow();
          const diff = changedFields(before, after);
          if (diff) await recordAudit(trx, actor, { entity: 'company', entityId: companyId, action: 'updated', companyId, ...diff });
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw companyNameTaken();
        throw error;
      }
      return get(companyId, userId);
    },

    async findByName(name) {
      return db
        .selectFrom('companies')
        .select(['id', 'name'])
        .where((eb) => eb(eb.fn('lower', ['name']), '=', name.trim().toLowerCase()))
        .execute();
    },

    async addMember(companyId, userId, role, options = {}) {
      const conn = options.db ?? db;
      const row = await conn
        .insertInto('company_users')
        .values({ company_id: companyId, user_id: userId, role, active: true, created_at: clock() })
        .onConflict((oc) => oc.columns(['company_id', 'user_id']).doUpdateSet({ role, active: true }))
        .returning('id')
        .executeTakeFirstOrThrow();
      return toUserType(await userTypes(conn).where('cu.id', '=', row.id).executeTakeFirstOrThrow());
    },

    async roles(companyId, userId) {
      await memberRole(companyId, userId);
      const rows = await userTypes(db).where('cu.company_id', '=', companyId).where('cu.role', '<>', 'guest').orderBy('cu.id').execute();
      return rows.map(toUserType);
    },

    async removeRole(roleId, actorUserId, actor) {
      const { target, actorRole } = await roleForActor(roleId, actorUserId);
      if (!canRemoveUserRole(actorRole)) throw forbidden('Only the owner may remove user roles.', 'ROLE_FORBIDDEN');
      if (target.role === 'owner') await keepAnOwner(target.company_id, roleId);
      await inTransaction(db, async (trx) => {
        await trx.deleteFrom('company_users').where('id', '=', roleId).execute();
        await recordAudit(trx, actor, {
          entity: 'company',
          entityId: target.company_id,
          action: 'member_removed',
          companyId: target.company_id,
          before: { roleId, userId: target.user_id, email: target.email, role: target.role, active: target.active },
          after: null,
        });
      });
    },

    async updateRole(roleId, actorUserId, change, actor) {
      const { target, actorRole } = await roleForActor(roleId, actorUserId);
      // The SPEC §6 rule for disabling decides who may touch a role at all: the Owner any role, an
      // Administrator only User or PM roles, and only into User or PM.
      const allowed = canDisableRole(actorRole, target.role) && (actorRole === 'owner' || canDisableRole(actorRole, change.role));
      if (!allowed) throw forbidden('You may not change this user role.', 'ROLE_FORBIDDEN');
      if (target.role === 'owner' && (change.role !== 'owner' || !change.active)) await keepAnOwner(target.company_id, roleId);
      await inTransaction(db, async (trx) => {
        await trx.updateTable('company_users').set({ role: change.role, active: change.active }).where('id', '=', roleId).execute();
        const diff = changedFields({ role: target.role, active: target.active }, { role: change.role, active: change.active });
        if (!diff) return;
        await recordAudit(trx, actor, {
          entity: 'company',
          entityId: target.company_id,
          action: 'member_role_changed',
          companyId: target.company_id,
          before: { roleId, userId: target.user_id, email: target.email, ...diff.before },
          after: { roleId, userId: target.user_id, email: target.email, ...diff.after },
        });
      });
      return toUserType(await userTypes(db).where('cu.id', '=', roleId).executeTakeFirstOrThrow());
    },
  };
}
