// Who may see and change a project and its permits (SPEC §6, issue 3 "authorization on every route").
// A user's access to a project is the highest of:
//  - their role in the project's company: Owner and Administrator → owner, PM → editor, User (Observer)
//    → view-only; guests get nothing from their role;
//  - ownership of a personal project → owner;
//  - assignments to them (User), or to a company where they hold a non-guest role (Company, Vendor):
//    the assignment's level, capped by what that role allows (an Observer stays view-only);
//  - the permit team (users.staff) → owner;
//  - a guest grant of the project's company that names the project, to a company where they hold a
//    non-guest role (issue 13) → view-only, and read-only whatever else: when it is their only access,
//    every change answers 403 GUEST_READ_ONLY.
// A project the user cannot see answers 404; one they see without enough access answers 403.
import { GUEST_MESSAGES, INVITE_STATUS, type AccessLevel, type CompanyRole } from '@permitdesk/core';
import { sql } from 'kysely';
import { forbidden, notFound } from '../http/errors.js';
import type { Db } from '../db/schema.js';

export const ACCESS_RANK: Readonly<Record<AccessLevel, number>> = { 'view-only': 1, contributor: 2, editor: 3, owner: 4 };
export const atLeast = (level: AccessLevel | null, needed: AccessLevel): boolean => level !== null && ACCESS_RANK[level] >= ACCESS_RANK[needed];

/** What a company role gives on the company's own projects. */
export const ROLE_ACCESS: Readonly<Record<CompanyRole, AccessLevel | null>> = {
  owner: 'owner',
  administrator: 'owner',
  pm: 'editor',
  user: 'view-only',
  guest: null,
};

/** Company roles that may start projects and request permits in the company's name. */
export const PROJECT_CREATOR_ROLES = ['owner', 'administrator', 'pm'] as const satisfies readonly CompanyRole[];

export const PROJECT_NOT_FOUND = 'Project not found.';
export const PERMIT_NOT_FOUND = 'Permit not found.';
export const NOT_ALLOWED: Readonly<Record<AccessLevel, string>> = {
  'view-only': 'You do not have access to this project.',
  contributor: 'Your access to this project is view-only: you cannot reply or upload documents.',
  editor: 'Your access to this project does not allow changes.',
  owner: 'Only an owner of this project can do this.',
};

export interface ProjectAccess {
  projectId: number;
  companyId: number | null;
  ownerUserId: string | null;
  /** The highest access the user has; null when the project is not theirs to see. */
  level: AccessLevel | null;
  staff: boolean;
  /** The access comes only from a guest grant (read-only). */
  guest: boolean;
}

const highest = (levels: readonly (AccessLevel | null | undefined)[]): AccessLevel | null =>
  levels.reduce<AccessLevel | null>((best, level) => (level && (!best || ACCESS_RANK[level] > ACCESS_RANK[best]) ? level : best), null);

interface Granted {
  level: AccessLevel;
  /** The user's role in the assigned company; null for an assignment to the user. */
  role: CompanyRole | null;
}
const asList = (value: unknown): Granted[] => (typeof value === 'string' ? (JSON.parse(value) as Granted[]) : ((value as Granted[] | null) ?? []));
const lowest = (a: AccessLevel, b: AccessLevel | null): AccessLevel | null => (b === null ? null : ACCESS_RANK[a] <= ACCESS_RANK[b] ? a : b);
/** An assignment to a company gives its members the assignment's level, capped by what their role allows. */
const grantedLevel = (granted: Granted): AccessLevel | null => (granted.role === null ? granted.level : lowest(granted.level, ROLE_ACCESS[granted.role]));

/** The user's access to a project, or null when there is no such project. */
export async function projectAccess(db: Db, userId: string, projectId: number): Promise<ProjectAccess | null> {
  const { rows } = await sql<{ id: number; company_id: number | null; owner_user_id: string | null; role: CompanyRole | null; staff: boolean | null; levels: unknown; guest: boolean | null }>`
    SELECT p.id, p.company_id, p.owner_user_id::text AS owner_user_id,
      EXISTS (
        SELECT 1 FROM company_guest_projects gp
        JOIN company_guests g ON g.id = gp.company_guest_id AND g.status = ${INVITE_STATUS.Approved} AND g.host_company_id = p.company_id
        JOIN company_users gcu ON gcu.company_id = g.guest_company_id AND gcu.user_id = ${userId}::uuid AND gcu.active AND gcu.role <> 'guest'
        WHERE gp.project_id = p.id
      ) AS guest,
      (SELECT cu.role FROM company_users cu WHERE cu.company_id = p.company_id AND cu.user_id = ${userId}::uuid AND cu.active) AS role,
      (SELECT u.staff FROM users u WHERE u.id = ${userId}::uuid) AS staff,
      COALESCE((
        SELECT json_agg(json_build_object('level', pa.access_level, 'role', cu.role)) FROM project_assignments pa
        LEFT JOIN company_users cu ON pa.assignee_type IN ('Company', 'Vendor') AND cu.company_id = pa.assignee_company_id
          AND cu.user_id = ${userId}::uuid AND cu.active AND cu.role <> 'guest'
        WHERE pa.project_id = p.id
          AND ((pa.assignee_type = 'User' AND pa.assignee_user_id = ${userId}::uuid) OR cu.id IS NOT NULL)
      ), '[]'::json) AS levels
    FROM projects p WHERE p.id = ${projectId}`.execute(db);
  const row = rows[0];
  if (!row) return null;
  const staff = Boolean(row.staff);
  const personalOwner = row.company_id === null && row.owner_user_id === userId ? 'owner' : null;
  const level = highest([staff ? 'owner' : null, row.role ? ROLE_ACCESS[row.role] : null, personalOwner, ...asList(row.levels).map(grantedLevel)]);
  const guestOnly = level === null && Boolean(row.guest);
  return { projectId: Number(row.id), companyId: row.company_id, ownerUserId: row.owner_user_id, level: guestOnly ? 'view-only' : level, staff, guest: guestOnly };
}

/** 403 for what `access` may not do: a guest is told its access reads only. */
function refuse(access: ProjectAccess, needed: AccessLevel): never {
  if (access.guest) throw forbidden(GUEST_MESSAGES.projectReadOnly, 'GUEST_READ_ONLY');
  throw forbidden(NOT_ALLOWED[needed], 'PROJECT_FORBIDDEN');
}

/** The project when the user may do what `needed` allows: 404 when unseen, 403 when seen without enough access. */
export async function requireProjectAccess(db: Db, userId: string, projectId: number, needed: AccessLevel): Promise<ProjectAccess> {
  const access = await projectAccess(db, userId, projectId);
  if (!access || access.level === null) throw notFound(PROJECT_NOT_FOUND, 'PROJECT_NOT_FOUND');
  if (!atLeast(access.level, needed)) refuse(access, needed);
  return access;
}

/** The project of a permit, or null when there is no such permit. */
export async function projectOfPermit(db: Db, permitId: number): Promise<number | null> {
  const row = await db.selectFrom('permits').select('project_id').where('id', '=', permitId).executeTakeFirst();
  return row ? Number(row.project_id) : null;
}

/** Like requireProjectAccess, for the project of a permit (404 'Permit not found.' when unseen). */
export async function requirePermitAccess(db: Db, userId: string, permitId: number, needed: AccessLevel): Promise<ProjectAccess> {
  const projectId = await projectOfPermit(db, permitId);
  const access = projectId === null ? null : await projectAccess(db, userId, projectId);
  if (!access || access.level === null) throw notFound(PERMIT_NOT_FOUND, 'PERMIT_NOT_FOUND');
  if (!atLeast(access.level, needed)) refuse(access, needed);
  return access;
}
