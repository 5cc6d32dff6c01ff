// A user's mistake is never a 500: every endpoint of the catalogue, called by a signed-in company owner
// with ids that are not numbers, ids that do not exist, junk queries and junk bodies, answers with a
// 4xx and the { message, code } error shape.
import type { EndpointDef } from '@permitdesk/core';
import type * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { fromDatabaseError } from './errors.js';
import { registeredEndpoints } from './register.js';
import { createTestContext, databaseTargets, type TestContext, type TestUser } from '../test/harness.js';

/** Stand-ins for every path parameter: not a number, a number nobody has, and a string id nobody has. */
const BAD_PARAMS = ['abc', '987654321', 'x'.repeat(300)];
const BAD_QUERIES = ['', '?page=-1&size=abc&id=zz&lat=north&lon=999&type=NOPE&keyword=%00', '?status=%F0%9F%92%A5&sort=;drop'];
const BAD_BODIES: unknown[] = [undefined, {}, [], 'null', { id: 'abc', email: 42, name: { deep: [1] }, companyId: -1, page: 'x' }];

type AnySchema = v.GenericSchema & { type: string; [key: string]: unknown };
type Leaf = { path: (string | number)[]; sample: unknown };

/** A value shaped like a schema (valid enough to get past it), and the paths of its text leaves. */
function sample(schema: AnySchema, path: (string | number)[] = [], texts: (string | number)[][] = []): unknown {
  switch (schema.type) {
    case 'optional': case 'nullable': case 'nullish': case 'non_optional': case 'exact_optional':
      return sample(schema.wrapped as AnySchema, path, texts);
    case 'object': case 'loose_object': case 'strict_object':
      return Object.fromEntries(Object.entries(schema.entries as Record<string, AnySchema>).map(([key, entry]) => [key, sample(entry, [...path, key], texts)]));
    case 'array':
      return [sample(schema.item as AnySchema, [...path, 0], texts)];
    case 'record':
      texts.push([...path, 'Note']);
      return { Note: 'plain text' };
    case 'union': case 'variant':
      return sample((schema.options as AnySchema[])[0]!, path, texts);
    case 'picklist': case 'enum':
      return (schema.options as unknown[])[0];
    case 'literal':
      return schema.literal;
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'string':
      texts.push(path);
      return 'plain text';
    default:
      return null;
  }
}

/** `value` with the leaf at `path` replaced. */
function withLeaf(value: unknown, path: (string | number)[], leaf: string): unknown {
  if (path.length === 0) return leaf;
  const [head, ...rest] = path;
  const copy: any = Array.isArray(value) ? [...value] : { ...(value as object) };
  copy[head!] = withLeaf(copy[head!], rest, leaf);
  return copy;
}

/** One request per text leaf of an endpoint (path parameter, query, body), with `bad` in it. */
function requestsWith(def: EndpointDef, bad: string): { label: string; path: string; query: Record<string, string>; body?: unknown }[] {
  const names = [...def.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const fill = (except?: string) => def.path.replace(/\{(\w+)\}/g, (_, name: string) => (name === except ? encodeURIComponent(`1${bad}`) : '1'));
  const queryTexts: (string | number)[][] = [];
  const query = (def.query ? sample(def.query as AnySchema, [], queryTexts) : {}) as Record<string, unknown>;
  const plainQuery = Object.fromEntries(Object.entries(query).filter(([, value]) => value !== null && value !== undefined).map(([k, value]) => [k, String(value)]));
  const bodyTexts: (string | number)[][] = [];
  const body = def.body ? sample(def.body as AnySchema, [], bodyTexts) : undefined;
  return [
    ...names.map((name) => ({ label: `param ${name}`, path: fill(name), query: plainQuery, body })),
    ...queryTexts.map(([name]) => ({ label: `query ${String(name)}`, path: fill(), query: { ...plainQuery, [String(name)]: `a${bad}b` }, body })),
    ...bodyTexts.map((leaf) => ({ label: `body ${leaf.join('.')}`, path: fill(), query: plainQuery, body: withLeaf(body, leaf, `a${bad}b`) })),
  ];
}

/** Calls that end the caller's session: made with a throw-away user's token, so the owner's lives on. */
const SESSION_ENDERS = new Set(['/auth/sign-out', '/v4/account/sign-out-everywhere', '/v4/account/delete']);

describe.each(databaseTargets())('bad input on %s', (target) => {
  let t: TestContext;
  let owner: TestUser;
  const tokenFor = async (def: EndpointDef) => (SESSION_ENDERS.has(def.path) ? (await t.createUser({ name: 'Fuzz Leaver' })).accessToken : owner.accessToken);

  beforeAll(async () => {
    t = await createTestContext({ target, distinctClients: true });
    owner = await t.createUser({ name: 'Fuzz Owner' });
    await t.services.companies.create({ name: `Fuzz Co ${Date.now().toString(36)}` }, owner.sub);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers every endpoint of the catalogue with a 4xx, never a 5xx', { timeout: 120_000 }, async () => {
    const endpoints = registeredEndpoints(t.app);
    expect(endpoints.length).toBeGreaterThan(100);
    const failures: string[] = [];
    const statuses: Record<number, number> = {};
    for (const def of endpoints) {
      for (const param of BAD_PARAMS) {
        const path = def.path.replace(/\{\w+\}/g, encodeURIComponent(param));
        for (const query of BAD_QUERIES) {
          for (const body of def.method === 'GET' ? [undefined] : BAD_BODIES) {
            const token = await tokenFor(def);
            const res = await t.request(def.method, path + query, { token, ...(body === undefined ? {} : { body }) });
            statuses[res.status] = (statuses[res.status] ?? 0) + 1;
            const shaped = typeof res.body === 'object' && res.body !== null && 'message' in res.body && 'code' in res.body;
            if (res.status >= 500 || (res.status >= 400 && !shaped)) {
              failures.push(`${def.method} ${path}${query} ${JSON.stringify(body)} → ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
            }
          }
        }
        if (!def.path.includes('{')) break; // one pass is enough without path parameters
      }
    }
    expect(failures).toEqual([]);
    // The calls got past validation into the handlers too (missing ids, other companies' rows).
    expect(statuses[404]).toBeGreaterThan(100);
    expect(statuses[403]).toBeGreaterThan(50);
  });

  // Issue 10 item 9: a NUL byte in a text answered 500 on ten endpoints.
  it('refuses a NUL or another control character in every text of every endpoint with 400 naming the field', { timeout: 180_000 }, async () => {
    const failures: string[] = [];
    let calls = 0;
    for (const def of registeredEndpoints(t.app)) {
      for (const bad of ['\u0000', '\u001b[2J', '\u0007']) {
        const cases = requestsWith(def, bad);
        for (const one of bad === '\u0000' ? cases : cases.slice(0, 2)) {
          calls++;
          const res = await t.request(def.method, one.path, { token: await tokenFor(def), query: one.query, ...(one.body === undefined || def.method === 'GET' ? {} : { body: one.body }) });
          if (res.status !== 400 || !/contains characters that are not allowed\.$/.test(String(res.body?.message))) {
            failures.push(`${def.method} ${def.path} ${one.label} ${JSON.stringify(bad)} → ${res.status} ${JSON.stringify(res.body).slice(0, 140)}`);
          }
        }
      }
    }
    expect(calls).toBeGreaterThan(500);
    expect(failures).toEqual([]);
  });

  it('keeps tab, line feed and carriage return, and names the field in the message', async () => {
    const body = { email: 'tab@example.com', password: 'Secret-pass1', fullName: 'Tab\tName\r\nSecond line' };
    const named = await t.request('POST', '/auth/sign-up', { body: { ...body, fullName: 'Nul\u0000Name' } });
    expect(named.status).toBe(400);
    expect(named.body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Full name contains characters that are not allowed.', fields: { fullName: 'Full name contains characters that are not allowed.' } });
    const allowed = await t.request('POST', '/auth/sign-up', { body });
    expect(allowed.body?.message ?? '').not.toMatch(/not allowed/);
  });

  it('maps a text the database cannot store to 400, should one get past the schemas', async () => {
    const error: unknown = await sql`SELECT ${'a\u0000b'}::text AS value`.execute(t.services.db).then(() => null, (e: unknown) => e);
    expect(error).not.toBeNull();
    expect(fromDatabaseError(error)?.toJSON()).toEqual({ message: 'A text contains characters that are not allowed.', code: 'INVALID_CHARACTERS' });
  });
});
