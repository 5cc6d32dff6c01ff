// The compliance stories' data, shaped by core's schemas: a roofing company's vault with valid, expiring
// (within 30 days) and expired items, its users, and the answers of each list in every state.
import type { Certificate, Company, CompanyRole, Insurance, License, Profile, UserType } from '@permitdesk/core';
import type { ApiClient } from '@permitdesk/core/client';
import type { Answer, Routes } from './fake-network.js';

/** An expiration row of the compliance center (GET /v4/credentials), as the client returns it. */
type Credential = Awaited<ReturnType<ApiClient['documents']['credentials']>>[number];

export const COMPANY_ID = 11;
const CREATED = '2026-01-05T10:00:00.000Z';
const DAY = 86_400_000;
/** A date this many days from today: the expiry pills are judged against today, so the fixtures move with it. */
export const daysFromToday = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

/** What each list answers: its rows, none, an answer that never comes, or a server error. */
export const DATA_STATES = ['filled', 'empty', 'loading', 'error'] as const;
export type DataState = (typeof DATA_STATES)[number];
export const ROLES = ['owner', 'administrator', 'pm', 'user'] as const satisfies readonly CompanyRole[];

export const company = (id: number, name: string, role: CompanyRole | null): Company => ({
  id, name, role, guestAccess: false, classification: 1, parentId: null, status: 1, address: `${id} Main St, Denver, CO 80202`, fromURL: null, createdAt: CREATED,
});

const vaultBase = (name: string, number: string, issuer: string, expiresOn: string | null, fileName: string | null = null) => ({
  companyId: COMPANY_ID, name, number, issuer, stateCode: 'CO', issuedOn: '2025-01-15', expiresOn, status: 'active' as const,
  documentId: fileName ? 90 : null, createdAt: CREATED, fileName, file: fileName ? `companies/${COMPANY_ID}/vault/${fileName}` : null,
});

export const LICENSES: License[] = [
  { licenseId: 1, licenseType: 'state', municipalityId: null, ...vaultBase('General Contractor', 'GC-20931', 'Colorado DORA', daysFromToday(400), 'gc-license.pdf') },
  { licenseId: 2, licenseType: 'state', municipalityId: null, ...vaultBase('Roofing Contractor', 'RC-7781', 'Colorado DORA', daysFromToday(12)) },
  { licenseId: 3, licenseType: 'local', municipalityId: 9, ...vaultBase('Denver Business License', 'DBL-4410', 'City and County of Denver', daysFromToday(-20), 'denver-business.pdf') },
  { licenseId: 4, licenseType: 'state', municipalityId: null, ...vaultBase('Master Plumber', 'MP-0412', 'Colorado DORA', null) },
];

export const INSURANCES: Insurance[] = [
  { insuranceId: 1, coverageAmount: 2_000_000, ...vaultBase('General Liability', 'GL-55120', 'Summit Mutual', daysFromToday(200), 'coi-general-liability.pdf') },
  { insuranceId: 2, coverageAmount: 1_000_000, ...vaultBase("Workers' Compensation", 'WC-88017', 'Pinnacol Assurance', daysFromToday(25)) },
  { insuranceId: 3, coverageAmount: 500_000, ...vaultBase('Commercial Auto', 'CA-10442', 'Front Range Insurance', daysFromToday(-3)) },
];

export const CERTIFICATES: Certificate[] = [
  { certificateId: 1, ...vaultBase('OSHA 30-Hour Construction', 'OSHA-30-99812', 'OSHA Training Institute', null, 'osha-30.pdf') },
  { certificateId: 2, ...vaultBase('EPA Lead-Safe Renovator', 'NAT-F218812-1', 'US EPA', daysFromToday(9)) },
];

export const CREDENTIALS: Credential[] = [
  ...LICENSES.map((item) => ({ kind: 'license' as const, id: item.licenseId, name: item.name, expiresOn: item.expiresOn })),
  ...INSURANCES.map((item) => ({ kind: 'insurance' as const, id: item.insuranceId, name: item.name, expiresOn: item.expiresOn })),
  ...CERTIFICATES.map((item) => ({ kind: 'certificate' as const, id: item.certificateId, name: item.name, expiresOn: item.expiresOn })),
];

const userType = (id: number, name: string, role: CompanyRole, active = true): UserType => ({
  id, companyId: COMPANY_ID, userId: `3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e${String(id).padStart(2, '0')}`, email: `${name.toLowerCase().split(' ')[0]}@summitroofing.example`, name, role, active, createdAt: CREATED,
});
export const USERS: UserType[] = [
  userType(1, 'Olive Owner', 'owner'),
  userType(2, 'Ada Admin', 'administrator'),
  userType(3, 'Pat Manager', 'pm'),
  userType(4, 'Oscar Observer', 'user'),
  userType(5, 'Sam Former', 'pm', false),
];

/** The signed-in user of every compliance story (Olive, the Owner, unless the story picks another role). */
export const profileFor = (companies: Company[]): Profile => ({
  sub: USERS[0]!.userId, email: USERS[0]!.email, email_verified: true, name: 'Olive Owner', given_name: 'Olive', family_name: 'Owner', phone_number: '+13035550142',
  'custom:hasMigrated': 1, 'custom:setupCompanyName': null, 'custom:fromURL': null,
  permissions: Object.fromEntries(companies.map((c) => [String(c.id), { name: c.name, role: c.role ?? 'user' }])),
});

/** A list's answer in a data state. */
export const listAnswer = (state: DataState, rows: unknown): Answer =>
  state === 'loading' ? 'pending' : state === 'error' ? { status: 500, body: { message: 'An error occurred', code: 'INTERNAL' } } : { body: state === 'empty' ? emptyLike(rows) : rows };

const emptyLike = (rows: unknown) => (Array.isArray(rows) ? [] : { companyId: COMPANY_ID, roles: [] });

/** The routes of the compliance pages for the company in a role, each list in the given state. */
export function complianceRoutes(companies: Company[], state: DataState): Routes {
  const vault = `/v4/companies/${COMPANY_ID}`;
  // The archived filter shows nothing archived in these stories.
  const active = (rows: unknown[]) => (url: URL) => listAnswer(state, url.searchParams.get('status') === 'archived' ? [] : rows);
  return {
    'GET /v4/companies': () => ({ body: companies }),
    'GET /v4/indicators/companies': (url) => ({
      body: (url.searchParams.get('ids') ?? '').split(',').filter(Boolean).map((id) => ({ companyId: Number(id), license: true, insurance: true, certificate: true, agreement: null })),
    }),
    'GET /v4/credentials': () => listAnswer(state, CREDENTIALS),
    [`GET ${vault}/licenses`]: active(LICENSES),
    [`GET ${vault}/insurances`]: active(INSURANCES),
    [`GET ${vault}/certificates`]: active(CERTIFICATES),
    [`GET ${vault}/roles`]: () => listAnswer(state, { companyId: COMPANY_ID, roles: USERS }),
    'GET /v4/compliance-types': () => ({ body: [{ id: 1, type: 'license', name: 'General Contractor' }] }),
    'POST /auth/sign-out': () => ({ body: { ok: true } }),
  };
}
