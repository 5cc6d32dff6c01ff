// The pre-filing gate's one rule (issue 16), used by the server (on submit, authoritative, and for the
// read endpoint) and shown as is by the widget and the dashboard: which credentials a task needs in a
// place (the most specific requirement row wins), and whether the company holds each, valid from the
// start of the work through its end. Pure: no clock (the caller passes the dates), no I/O.
import type { GateCredential, GateCredentialKind, GateMissing, GateReason, GateRequirement, GateResult } from '../schemas/gate.js';

export interface GatePlace {
  taskId: number;
  trade: string | null;
  stateCode: string | null;
  municipalityId: number;
}

export interface GateInput {
  requirements: readonly GateRequirement[];
  credentials: readonly GateCredential[];
  place: GatePlace;
  applicant: 'Company' | 'Individual';
  hasEmployees: boolean;
  /** YYYY-MM-DD */
  workStart: string;
  /** YYYY-MM-DD, not before workStart */
  workEnd: string;
}

/** The error of a refused submit (422 GATE_BLOCKED), and the contractor's way through. */
export const GATE_MESSAGES = {
  blocked: 'Your company is missing credentials this permit needs. Add or renew them, or submit anyway.',
  acknowledge: 'Submit anyway; the permit team will ask for it',
} as const;

const KIND_WORD: Record<GateCredentialKind, string> = { license: 'license', insurance: 'insurance', certificate: 'certificate' };
/** The vault page where a kind is added or renewed (dashboard routes of SPEC §2.2). */
export const GATE_VAULT_PATHS: Record<GateCredentialKind, string> = { license: '/licenses', insurance: '/insurances', certificate: '/certificates' };

const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

export function gateMessage(item: Omit<GateMissing, 'message'>, workEnd?: string): string {
  const what = `${item.type} ${KIND_WORD[item.kind]}`.replace(/ (license|insurance|certificate) \1$/i, ' $1');
  switch (item.reason) {
    case 'missing':
      return `No ${what} on file.`;
    case 'expired':
      return `${what} expired on ${usDate(item.expiresOn!)}.`;
    case 'lapses':
      return `${what} expires on ${usDate(item.expiresOn!)}, before the work ends${workEnd ? ` (${usDate(workEnd)})` : ''}.`;
    case 'not_yet_valid':
      return `${what} is not in effect when the work starts.`;
  }
}

/** How specific a row is: a municipality's row beats its state's, a state's beats every state's; a task beats its trade. */
const specificity = (r: GateRequirement) => (r.municipalityId !== null ? 8 : 0) + (r.stateCode !== null ? 4 : 0) + (r.taskId !== null ? 2 : 0) + (r.trade !== null ? 1 : 0);

const matchesPlace = (r: GateRequirement, p: GatePlace) =>
  (r.taskId === null || r.taskId === p.taskId) &&
  (r.trade === null || (p.trade !== null && r.trade.toLowerCase() === p.trade.toLowerCase())) &&
  (r.stateCode === null || r.stateCode === p.stateCode) &&
  (r.municipalityId === null || r.municipalityId === p.municipalityId);

/** The requirements that apply to a place after overrides: one row per credential, waived rows dropped. */
export function applicableRequirements(requirements: readonly GateRequirement[], place: GatePlace): GateRequirement[] {
  const best = new Map<string, GateRequirement>();
  for (const row of requirements) {
    if (!matchesPlace(row, place)) continue;
    const key = `${row.kind}:${row.credential.toLowerCase()}`;
    const current = best.get(key);
    if (!current || specificity(row) > specificity(current) || (specificity(row) === specificity(current) && row.id > current.id)) best.set(key, row);
  }
  return [...best.values()].filter((row) => row.required).sort((a, b) => GATE_KIND_ORDER[a.kind] - GATE_KIND_ORDER[b.kind] || a.credential.localeCompare(b.credential));
}
const GATE_KIND_ORDER: Record<GateCredentialKind, number> = { license: 0, insurance: 1, certificate: 2 };

function held(requirement: GateRequirement, credential: GateCredential, place: GatePlace): boolean {
  if (credential.kind !== requirement.kind || credential.name.trim().toLowerCase() !== requirement.credential.toLowerCase()) return false;
  if (requirement.scope === 'state') return credential.licenseType !== 'local' && (credential.stateCode ?? null) === place.stateCode;
  if (requirement.scope === 'local') return credential.licenseType !== 'state' && (credential.municipalityId ?? null) === place.municipalityId;
  return true;
}

/** How well one credential covers the work: null when valid from start through end. */
function problem(credential: GateCredential, start: string, end: string): { reason: GateReason; expiresOn?: string } | null {
  const expires = credential.expiresOn ?? null;
  if (expires !== null && expires < start) return { reason: 'expired', expiresOn: expires };
  if (expires !== null && expires < end) return { reason: 'lapses', expiresOn: expires };
  if (credential.issuedOn && credential.issuedOn > start) return { reason: 'not_yet_valid' };
  return null;
}
const REASON_RANK: Record<GateReason, number> = { lapses: 0, not_yet_valid: 1, expired: 2, missing: 3 };

export function checkGate(input: GateInput): GateResult {
  const { place, workStart, workEnd } = input;
  const end = workEnd < workStart ? workStart : workEnd;
  const required = applicableRequirements(input.requirements, place).filter(
    (r) => (input.applicant === 'Company' ? true : r.diy && r.kind !== 'license') && (!r.whenEmployees || input.hasEmployees),
  );
  const missing: GateMissing[] = [];
  for (const requirement of required) {
    const candidates = input.credentials.filter((c) => held(requirement, c, place));
    let closest: { reason: GateReason; expiresOn?: string } | null = { reason: 'missing' };
    for (const credential of candidates) {
      const found = problem(credential, workStart, end);
      if (found === null) {
        closest = null;
        break;
      }
      // The nearest miss tells the contractor what to renew (the latest expiry among lapsed ones).
      if (REASON_RANK[found.reason] < REASON_RANK[closest.reason] || (found.reason === closest.reason && (found.expiresOn ?? '') > (closest.expiresOn ?? ''))) closest = found;
    }
    if (closest === null) continue;
    const item = { kind: requirement.kind, type: requirement.credential, ...closest };
    missing.push({ ...item, message: gateMessage(item, end) });
  }
  return {
    ok: missing.length === 0,
    applicant: input.applicant,
    workStart,
    workEnd: end,
    required: required.map((r) => ({ kind: r.kind, type: r.credential })),
    missing,
  };
}
