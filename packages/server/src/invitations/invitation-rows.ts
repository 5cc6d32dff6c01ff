// Reading invitations: one select with both companies' names, and the row → core's invitationSchema
// shape for one viewer (their side and actions included).
import type { Invitation, InvitationKind, VendorOnboardingProgress } from '@permitdesk/core';
import { iso } from '../rows/values.js';
import { standing, type InvitationFacts, type Viewer } from './viewer.js';
import type { Db } from '../db/schema.js';

export interface InvitationRow {
  id: number;
  kind: InvitationKind;
  request_type: 'sharing' | 'claiming' | null;
  status: number;
  source: 5 | 6 | 7;
  from_company_id: number;
  from_company_name: string;
  to_company_id: number | null;
  to_company_name: string | null;
  email: string;
  role: 'administrator' | 'pm' | 'user' | null;
  company_name: string | null;
  message: string | null;
  steps: unknown;
  existing_vendor: boolean;
  created_at: Date | string;
  updated_at: Date | string;
}

/** Every invitation column plus the names of both companies; callers add their where. */
export function selectInvitations(db: Db) {
  return db
    .selectFrom('invitations as i')
    .innerJoin('companies as fc', 'fc.id', 'i.from_company_id')
    .leftJoin('companies as tc', 'tc.id', 'i.to_company_id')
    .select([
      'i.id', 'i.kind', 'i.request_type', 'i.status', 'i.source', 'i.from_company_id', 'fc.name as from_company_name', 'i.to_company_id',
      'tc.name as to_company_name', 'i.email', 'i.role', 'i.company_name', 'i.message', 'i.steps', 'i.existing_vendor', 'i.created_at', 'i.updated_at',
    ]);
}

export async function findInvitation(db: Db, id: number): Promise<InvitationRow | null> {
  return (await selectInvitations(db).where('i.id', '=', id).executeTakeFirst()) ?? null;
}

export const factsOf = (row: InvitationRow): InvitationFacts => ({
  kind: row.kind,
  status: Number(row.status),
  fromCompanyId: Number(row.from_company_id),
  toCompanyId: row.to_company_id === null ? null : Number(row.to_company_id),
  email: row.email,
});

const parseSteps = (value: unknown): Record<string, unknown> => (typeof value === 'string' ? (JSON.parse(value) as Record<string, unknown>) : ((value as Record<string, unknown> | null) ?? {}));

/** The saved steps of a vendor onboarding, each null until done. */
export function progressOf(row: Pick<InvitationRow, 'steps'>): VendorOnboardingProgress {
  const steps = parseSteps(row.steps);
  return {
    company: (steps.company as VendorOnboardingProgress['company'] | undefined) ?? null,
    contact: (steps.contact as VendorOnboardingProgress['contact'] | undefined) ?? null,
    compliance: (steps.compliance as VendorOnboardingProgress['compliance'] | undefined) ?? null,
  };
}

const isVendorOnboarding = (kind: InvitationKind) => kind === 'VENDOR_ONBOARDING' || kind === 'CUSTOM_VENDOR_ONBOARDING';

export function toInvitation(row: InvitationRow, viewer: Viewer): Invitation {
  const mine = standing(viewer, factsOf(row));
  return {
    invitationId: Number(row.id),
    kind: row.kind,
    status: Number(row.status),
    source: Number(row.source) as 5 | 6 | 7,
    fromCompany: { id: Number(row.from_company_id), name: row.from_company_name },
    toCompany: row.to_company_id === null || row.to_company_name === null ? null : { id: Number(row.to_company_id), name: row.to_company_name },
    email: row.email,
    role: row.role,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    companyName: row.company_name,
    message: row.message,
    requestType: row.request_type,
    existingVendor: row.existing_vendor,
    ...(isVendorOnboarding(row.kind) ? { steps: progressOf(row) } : {}),
    side: mine?.side ?? null,
    actions: mine?.actions ?? [],
  };
}
