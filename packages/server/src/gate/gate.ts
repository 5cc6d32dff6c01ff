// The pre-filing gate on the server (issue 16): core's checkGate over this task, this place, this company's
// vault and the work dates. The server's answer is authoritative: a submit of form 52 or 31 that the gate
// finds incomplete is refused (422 GATE_BLOCKED, the missing items in `fields`) unless the contractor
// acknowledged it ('Submit anyway; the permit team will ask for it'); the answer is kept with the permit.
import { checkGate, GATE_MESSAGES, type GateResult } from '@permitdesk/core';
import type { Db } from '../db/schema.js';
import { HttpError } from '../http/errors.js';
import { companyGateFacts, placeRequirements } from './gate.repository.js';

export interface GateQuestion {
  taskId: number;
  municipalityId: number;
  /** null: a do-it-yourself homeowner (personal account). */
  companyId: number | null;
  /** YYYY-MM-DD answers of the form, when given. */
  start?: string | null;
  end?: string | null;
  now: Date;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const dateOr = (value: unknown, fallback: string) => (typeof value === 'string' && ISO_DATE.test(value) ? value : fallback);

/** The work dates: from the filing day (never earlier) through the expected end (the start when not given). */
export function workDates(start: unknown, end: unknown, now: Date): { workStart: string; workEnd: string } {
  const today = now.toISOString().slice(0, 10);
  const first = dateOr(start, today);
  const workStart = first < today ? today : first;
  const last = dateOr(end, workStart);
  return { workStart, workEnd: last < workStart ? workStart : last };
}

export async function computeGate(db: Db, question: GateQuestion): Promise<GateResult> {
  const company = question.companyId;
  const [place, vault] = await Promise.all([
    placeRequirements(db, question.municipalityId, question.taskId),
    company === null ? Promise.resolve({ credentials: [], hasEmployees: false }) : companyGateFacts(db, company),
  ]);
  const { requirements } = place;
  const { credentials, hasEmployees: employees } = vault;
  return {
    ...checkGate({
      requirements,
      credentials,
      place: { taskId: question.taskId, trade: place.trade, stateCode: place.stateCode, municipalityId: question.municipalityId },
      applicant: company === null ? 'Individual' : 'Company',
      hasEmployees: employees,
      ...workDates(question.start, question.end, question.now),
    }),
    checkedAt: question.now.toISOString(),
  };
}

/** Several requests filed at once (the dashboard's new project): one refusal naming every missing item once. */
export function enforceGates(results: readonly GateResult[], acknowledged: boolean | undefined): GateResult[] {
  if (results.every((r) => r.ok) || acknowledged === true) return results.map((r) => (r.ok ? r : { ...r, acknowledged: true }));
  const messages = [...new Map(results.flatMap((r) => r.missing).map((item) => [item.message, item])).values()];
  const fields = Object.fromEntries(messages.map((item, index) => [`${item.kind}.${index}`, item.message]));
  throw new HttpError(422, GATE_MESSAGES.blocked, 'GATE_BLOCKED', fields);
}

/** 422 with each missing item's message (fields license.0, insurance.1, ...: kind and position), unless acknowledged. */
export function enforceGate(result: GateResult, acknowledged: boolean | undefined): GateResult {
  if (result.ok) return result;
  if (acknowledged === true) return { ...result, acknowledged: true };
  const fields = Object.fromEntries(result.missing.map((item, index) => [`${item.kind}.${index}`, item.message]));
  throw new HttpError(422, GATE_MESSAGES.blocked, 'GATE_BLOCKED', fields);
}
