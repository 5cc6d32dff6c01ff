// Company roles and what each may do (SPEC §6), the company lists built from the permissions map, and
// the applicant / customer type a user's permissions imply.
import type { CompanyRole, Permissions } from '../schemas/identity.js';
import type { ProjectAssignment } from '../schemas/permit.js';

export const ROLE = {
  Owner: 'owner',
  Administrator: 'administrator',
  PM: 'pm',
  User: 'user',
  Guest: 'guest',
} as const satisfies Record<string, CompanyRole>;

/** The roles that make a company usable: every role but guest (SPEC §6). */
export type UsableRole = Exclude<CompanyRole, 'guest'>;
export const USABLE_ROLES: readonly UsableRole[] = [ROLE.Owner, ROLE.Administrator, ROLE.PM, ROLE.User];

/** Numeric role codes (SPEC §6). */
export const ROLE_CODES: Readonly<Record<UsableRole, number>> = { owner: 3, administrator: 1, pm: 4, user: 0 };
export const roleCode = (role: UsableRole): number => ROLE_CODES[role];
export const roleFromCode = (code: number): UsableRole | null =>
  USABLE_ROLES.find((role) => ROLE_CODES[role] === code) ?? null;

/** Role labels (SPEC §6): a 'user' is shown as an Observer. */
export const ROLE_LABELS: Readonly<Record<UsableRole, string>> = {
  owner: 'Owner',
  administrator: 'Administrator',
  pm: 'Project Manager',
  user: 'Observer',
};
/** The SPEC names no label for guests (they are never listed); 'Guest' is ours. */
export const roleLabel = (role: CompanyRole): string => (role === ROLE.Guest ? 'Guest' : ROLE_LABELS[role]);

/** A company's managers: they create access and are told what happens to the company (SPEC §6). */
export const MANAGER_ROLES = [ROLE.Owner, ROLE.Administrator] as const;

type MaybeRole = CompanyRole | null | undefined;
const isOwnerOrAdministrator = (role: MaybeRole): boolean => (MANAGER_ROLES as readonly MaybeRole[]).includes(role);

export const isGuestRole = (role: MaybeRole): boolean => role === ROLE.Guest;
export const isUsableRole = (role: MaybeRole): role is UsableRole =>
  role != null && (USABLE_ROLES as readonly string[]).includes(role);

/** Owner or Administrator may create access (SPEC §6). */
export const canCreateAccess = (role: MaybeRole): boolean => isOwnerOrAdministrator(role);
/** Owner or Administrator may add user roles (SPEC §6). */
export const canAddUserRole = (role: MaybeRole): boolean => isOwnerOrAdministrator(role);
/** Only the Owner may remove user roles (SPEC §6). */
export const canRemoveUserRole = (role: MaybeRole): boolean => role === ROLE.Owner;
/** Owner may disable any user role; Administrator only User or PM roles (SPEC §6). */
export const canDisableRole = (actor: MaybeRole, target: MaybeRole): boolean => {
  if (target == null) return false;
  if (actor === ROLE.Owner) return true;
  if (actor === ROLE.Administrator) return target === ROLE.User || target === ROLE.PM;
  return false;
};

/** One company the user belongs to, as listed from the permissions map. */
export interface CompanyEntry {
  /** The permissions map key: the company id as text. */
  id: string;
  name: string;
  role: CompanyRole;
}

/** Every company of the permissions map, in key order. */
export const companiesOf = (permissions: Permissions | null | undefined): CompanyEntry[] =>
  Object.entries(permissions ?? {}).map(([id, { name, role }]) => ({ id, name, role }));

/** The companies a user can work in: guest companies are left out of lists and the switcher (SPEC §6). */
export const usableCompanies = (permissions: Permissions | null | undefined): CompanyEntry[] =>
  companiesOf(permissions).filter((company) => !isGuestRole(company.role));

const SIDEBAR_RANK: Partial<Record<CompanyRole, number>> = { owner: 0, administrator: 1 };
const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
/**
 * The compliance sidebar order (SPEC §2.9): companies where the user is Owner first, then
 * Administrator, then the others; by name within each group (case-insensitive, numbers in order).
 */
export function sortCompaniesForSidebar<T extends { name: string; role: CompanyRole | null }>(companies: readonly T[]): T[] {
  const rank = (company: T) => (company.role ? (SIDEBAR_RANK[company.role] ?? 2) : 2);
  return [...companies].sort((a, b) => rank(a) - rank(b) || byName.compare(a.name, b.name));
}

/** The sidebar shows a role label only for Owner and Administrator (SPEC §2.9). */
export const sidebarRoleLabel = (role: MaybeRole): string | null =>
  role === ROLE.Owner || role === ROLE.Administrator ? ROLE_LABELS[role] : null;

/**
 * The first company key of the permissions, else null (SPEC §3). JavaScript lists integer-like keys in
 * ascending order, so with numeric company ids this is the lowest id: stable across reloads.
 */
export const currentCompanyIdOf = (permissions: Permissions | null | undefined): string | null =>
  Object.keys(permissions ?? {})[0] ?? null;

export type ApplicantType = 'Company' | 'Individual';
/** The permit form's ApplicantType: a current company means Company, none means Individual (SPEC §6). */
export const applicantType = (currentCompanyId: string | number | null | undefined): ApplicantType =>
  currentCompanyId == null || currentCompanyId === '' ? 'Individual' : 'Company';

export type CustomerType = 'contractor' | 'individual';
/** customer_type: individual with no company permissions, else contractor (SPEC §6). */
export const customerType = (permissions: Permissions | null | undefined): CustomerType =>
  Object.keys(permissions ?? {}).length === 0 ? 'individual' : 'contractor';

/** The label of the personal account in the switcher (SPEC §1, §2.8). */
export const PERSONAL_ACCOUNT_LABEL = 'Personal';

export interface CompanySwitcherOption {
  /** The company id, or null for the personal account. */
  value: string | null;
  label: string;
  /** The current choice is disabled (SPEC §2.8). */
  disabled: boolean;
}
/** The company switch dropdown: 'Personal' plus each non-guest company, the current choice disabled. */
export function companySwitcherOptions(
  permissions: Permissions | null | undefined,
  currentCompanyId: string | null | undefined,
): CompanySwitcherOption[] {
  const current = currentCompanyId ?? null;
  return [
    { value: null, label: PERSONAL_ACCOUNT_LABEL, disabled: current === null },
    ...usableCompanies(permissions).map((company) => ({
      value: company.id,
      label: company.name,
      disabled: company.id === current,
    })),
  ];
}

type AssignmentLike = Pick<ProjectAssignment, 'accessLevel' | 'assigneeType' | 'createdAt'>;
const ASSIGNEE_PREFERENCE: Partial<Record<ProjectAssignment['assigneeType'], number>> = { Company: 0, User: 1 };
/**
 * The main owner of a project (SPEC §6): among assignments with owner access, a company assignee wins
 * over a user (other assignee types come last); within the same kind, the earliest created.
 */
export function mainOwnerAssignment<T extends AssignmentLike>(assignments: readonly T[]): T | null {
  const preference = (a: T) => ASSIGNEE_PREFERENCE[a.assigneeType] ?? 2;
  const owners = assignments.filter((assignment) => assignment.accessLevel === 'owner');
  owners.sort((a, b) => preference(a) - preference(b) || Date.parse(a.createdAt) - Date.parse(b.createdAt));
  return owners[0] ?? null;
}
