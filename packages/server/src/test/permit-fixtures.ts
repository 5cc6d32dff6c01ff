// Test helpers for the permit API (used by *.test.ts only): a real job site from the gazetteer and the
// municipality lookup, a permit requested through form 52 over HTTP, users in companies, operators.
import { formChoices, municipalityLocationQuery, type FormEntryResult, type GeocodedAddress, type PermitFormEntry } from '@permitdesk/core';
import { expect } from 'vitest';
import { setStaff } from '../staff/staff.js';
import type { TestContext, TestUser } from './harness.js';
import form52Answers from './form-52-answers.json' with { type: 'json' };

export interface JobSite {
  addressId: string;
  municipalityId: number;
  municipalityName: string;
  taskId: number;
  taskName: string;
}

/** An address found by the address search, its municipality as the widget finds it, and a task of the catalogue. */
export async function jobSite(t: TestContext, query = '350 5th Ave, New York, NY 10118', taskName?: string): Promise<JobSite> {
  const found = await t.request('GET', '/v4/lookup/addresses', { query: { q: query, limit: 1 } });
  expect(found.status, found.text).toBe(200);
  const result = found.body[0];
  expect(result, `no address for ${query}`).toBeTruthy();
  const geocoded = await t.request<GeocodedAddress>('GET', `/v4/lookup/addresses/${encodeURIComponent(result.id)}`);
  expect(geocoded.status, geocoded.text).toBe(200);
  const located = await t.request('GET', '/search/', { query: municipalityLocationQuery(geocoded.body) });
  expect(located.status, located.text).toBe(200);
  const tasks = t.services.db.selectFrom('permit_tasks').select(['id', 'name']).where('active', '=', true).orderBy('sort_order').orderBy('id');
  const task = taskName ? await tasks.where('name', '=', taskName).executeTakeFirstOrThrow() : await tasks.executeTakeFirstOrThrow();
  return { addressId: result.id, municipalityId: located.body.id, municipalityName: located.body.name, taskId: task.id, taskName: task.name };
}

// In a JSON file so that bench/throughput.mjs posts the same answers.
export const FORM_52_ANSWERS = form52Answers.everyone;
/** What only a company is asked (a homeowner's form has no purchase order). */
export const COMPANY_ANSWERS = form52Answers.company;

export async function entryData(t: TestContext, user: TestUser, site: JobSite, extra: Record<string, string | number | undefined> = {}) {
  const res = await t.request<PermitFormEntry>('GET', '/v4/forms/52/entry-data', {
    token: user.accessToken,
    query: { taskId: site.taskId, municipalityId: site.municipalityId, addressId: site.addressId, ...extra },
  });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

/** Form 52 over HTTP, as the widget sends it; returns what it created. */
export async function requestPermit(
  t: TestContext,
  user: TestUser,
  site: JobSite,
  options: { companyId?: number; answers?: Record<string, unknown>; acknowledgeGate?: boolean } = {},
): Promise<FormEntryResult & { projectId: number; permitId: number; session: string }> {
  const entry = await entryData(t, user, site, options.companyId ? { companyId: options.companyId } : {});
  const res = await t.request('POST', '/v4/forms/52/entries', {
    token: user.accessToken,
    // A company's empty vault fails the pre-filing gate (gate/gate.test.ts); other suites file anyway.
    body: { formId: 52, ...formChoices(entry), answers: { ...FORM_52_ANSWERS, ...(options.companyId ? COMPANY_ANSWERS : {}), ...options.answers }, acknowledgeGate: options.acknowledgeGate ?? true },
  });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

/** A company with the user as its owner, through the API. */
export async function companyOf(t: TestContext, owner: TestUser, name: string): Promise<number> {
  const res = await t.request('POST', '/v4/companies', { token: owner.accessToken, body: { name } });
  expect(res.status, res.text).toBe(200);
  return res.body.id as number;
}

/** A signed-in member of the permit team. */
export async function operator(t: TestContext): Promise<TestUser> {
  const user = await t.createUser({ name: 'Olga Operator' });
  await setStaff(t.services.db, user.email, true);
  return user;
}
