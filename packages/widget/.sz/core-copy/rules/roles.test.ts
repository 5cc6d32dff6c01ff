import { describe, expect, it } from 'vitest';
import type { Permissions } from '../schemas/identity.js';
import {
  ROLE_CODES,
  applicantType,
  canAddUserRole,
  canCreateAccess,
  canDisableRole,
  canRemoveUserRole,
  companySwitcherOptions,
  currentCompanyIdOf,
  customerType,
  mainOwnerAssignment,
  roleFromCode,
  roleLabel,
  sidebarRoleLabel,
  sortCompaniesForSidebar,
  usableCompanies,
} from './roles.js';

const permissions: Permissions = {
  '12': { name: 'Zeta Builders', role: 'user' },
  '3': { name: 'Acme Roofing', role: 'owner' },
  '7': { name: 'Guesthouse Inc', role: 'guest' },
  '9': { name: 'Beta Electric', role: 'administrator' },
};

describe('role codes and labels (SPEC §6)', () => {
  it('codes Owner 3, Administrator 1, PM 4, User 0', () => {
    expect(ROLE_CODES).toEqual({ owner: 3, administrator: 1, pm: 4, user: 0 });
    expect(roleFromCode(4)).toBe('pm');
    expect(roleFromCode(2)).toBeNull();
  });

  it('labels Owner, Administrator, Project Manager and Observer for user', () => {
    expect(roleLabel('owner')).toBe('Owner');
    expect(roleLabel('administrator')).toBe('Administrator');
    expect(roleLabel('pm')).toBe('Project Manager');
    expect(roleLabel('user')).toBe('Observer');
  });

  it('shows only Owner and Administrator as a sidebar label', () => {
    expect(sidebarRoleLabel('owner')).toBe('Owner');
    expect(sidebarRoleLabel('administrator')).toBe('Administrator');
    expect(sidebarRoleLabel('pm')).toBeNull();
    expect(sidebarRoleLabel('user')).toBeNull();
  });
});

describe('permission checks (SPEC §6)', () => {
  it('lets Owner or Administrator create access and add user roles', () => {
    for (const check of [canCreateAccess, canAddUserRole]) {
      expect(check('owner')).toBe(true);
      expect(check('administrator')).toBe(true);
      expect(check('pm')).toBe(false);
      expect(check('user')).toBe(false);
      expect(check('guest')).toBe(false);
      expect(check(null)).toBe(false);
    }
  });

  it('lets only the Owner remove user roles', () => {
    expect(canRemoveUserRole('owner')).toBe(true);
    expect(['administrator', 'pm', 'user', 'guest'].some((r) => canRemoveUserRole(r as 'pm'))).toBe(false);
  });

  it('lets Owner disable any role and Administrator only User or PM', () => {
    for (const target of ['owner', 'administrator', 'pm', 'user'] as const) expect(canDisableRole('owner', target)).toBe(true);
    expect(canDisableRole('administrator', 'user')).toBe(true);
    expect(canDisableRole('administrator', 'pm')).toBe(true);
    expect(canDisableRole('administrator', 'administrator')).toBe(false);
    expect(canDisableRole('administrator', 'owner')).toBe(false);
    expect(canDisableRole('pm', 'user')).toBe(false);
    expect(canDisableRole('user', 'user')).toBe(false);
  });
});

describe('company lists', () => {
  it('leaves guest companies out', () => {
    expect(usableCompanies(permissions).map((c) => c.name).sort()).toEqual(['Acme Roofing', 'Beta Electric', 'Zeta Builders']);
    expect(usableCompanies(null)).toEqual([]);
  });

  it('sorts the sidebar Owner first, then Administrator, then others, each by name', () => {
    const companies = [
      { name: 'delta', role: 'user' as const },
      { name: 'Bravo', role: 'administrator' as const },
      { name: 'Charlie', role: 'pm' as const },
      { name: 'Zulu', role: 'owner' as const },
      { name: 'alpha', role: 'administrator' as const },
      { name: 'Mike', role: 'owner' as const },
      { name: 'Echo', role: null },
    ];
    expect(sortCompaniesForSidebar(companies).map((c) => c.name)).toEqual(['Mike', 'Zulu', 'alpha', 'Bravo', 'Charlie', 'delta', 'Echo']);
  });

  it("offers 'Personal' plus each non-guest company, the current one disabled", () => {
    expect(companySwitcherOptions(permissions, '9')).toEqual([
      { value: null, label: 'Personal', disabled: false },
      { value: '3', label: 'Acme Roofing', disabled: false },
      { value: '9', label: 'Beta Electric', disabled: true },
      { value: '12', label: 'Zeta Builders', disabled: false },
    ]);
    expect(companySwitcherOptions({}, null)).toEqual([{ value: null, label: 'Personal', disabled: true }]);
  });
});

describe('current company, applicant and customer type', () => {
  it('takes the first key of the permissions, else null', () => {
    expect(currentCompanyIdOf(permissions)).toBe('3');
    expect(currentCompanyIdOf({ abc: { name: 'A', role: 'owner' } })).toBe('abc');
    expect(currentCompanyIdOf({})).toBeNull();
    expect(currentCompanyIdOf(null)).toBeNull();
  });

  it('decides ApplicantType from the current company id', () => {
    expect(applicantType('3')).toBe('Company');
    expect(applicantType(3)).toBe('Company');
    expect(applicantType(null)).toBe('Individual');
    expect(applicantType('')).toBe('Individual');
  });

  it('is individual with no company permissions, else contractor', () => {
    expect(customerType({})).toBe('individual');
    expect(customerType(null)).toBe('individual');
    expect(customerType(permissions)).toBe('contractor');
  });
});

describe('mainOwnerAssignment', () => {
  const a = (assigneeType: 'Company' | 'User' | 'Vendor', accessLevel: 'owner' | 'editor', createdAt: string, id: number) => ({
    id, assigneeType, accessLevel, createdAt,
  });

  it('prefers a company owner over an earlier user owner', () => {
    const list = [a('User', 'owner', '2024-01-01T00:00:00Z', 1), a('Company', 'owner', '2024-02-01T00:00:00Z', 2)];
    expect(mainOwnerAssignment(list)?.id).toBe(2);
  });

  it('takes the earliest-created owner of the same kind and ignores other access levels', () => {
    const list = [
      a('Company', 'editor', '2023-01-01T00:00:00Z', 1),
      a('Company', 'owner', '2024-03-01T00:00:00Z', 2),
      a('Company', 'owner', '2024-02-01T00:00:00Z', 3),
      a('User', 'owner', '2022-01-01T00:00:00Z', 4),
    ];
    expect(mainOwnerAssignment(list)?.id).toBe(3);
    expect(mainOwnerAssignment(list.filter((x) => x.assigneeType !== 'Company'))?.id).toBe(4);
  });

  it('is null without an owner assignment', () => {
    expect(mainOwnerAssignment([a('User', 'editor', '2024-01-01T00:00:00Z', 1)])).toBeNull();
    expect(mainOwnerAssignment([])).toBeNull();
  });
});
