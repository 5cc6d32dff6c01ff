// The server's module rules (issue 11), in every test run: no import circle, each module imports only the
// layers below it (so no two feature folders import each other), and only http/ and the wiring know Hono.
// The rules and the layer list are in packages/server/.dependency-cruiser.cjs.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type IViolation } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { describe, expect, it } from 'vitest';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface Pending {
  rule: string;
  from: RegExp;
  to: RegExp;
  why: string;
}

/**
 * PENDING (issue 11): violations in the permits family, which shape-permits is reshaping in parallel. The
 * lead empties this list after merging it; an entry that no longer matches anything fails the test, so the
 * list can only shrink.
 */
const PENDING: readonly Pending[] = [
  { rule: 'layers', from: /^src\/permits\//, to: /^src\/(projects|operator|compliance)\//, why: 'permits<->projects, permits<->operator, permits<->compliance' },
  { rule: 'layers', from: /^src\/projects\//, to: /^src\/forms\//, why: 'forms<->projects' },
  // The other half of those pairs against the family's target order (compliance and operator below projects):
  // shared rows code (radar-rows.ts) that shape-permits moves down into permits/ and rows/.
  { rule: 'layers', from: /^src\/(compliance|operator)\//, to: /^src\/projects\//, why: 'compliance -> projects, operator -> projects' },
  // The user type now lives in identity/user.ts and the company roles in companies/company-access.ts; the
  // permits family still takes them (and answerInTransaction) from http/.
  { rule: 'layers', from: /^src\/(operator|integrations|forms|compliance)\/(?!.*\.(routes|handlers)\.ts$)/, to: /^src\/http\/(context|authz|idempotency)\.ts$/, why: 'domain code of the permits family imports http/' },
];

async function violations(): Promise<IViolation[]> {
  const options = await extractDepcruiseOptions(path.join(SERVER_DIR, '.dependency-cruiser.cjs'));
  const tsConfig = extractTSConfig(path.join(SERVER_DIR, 'tsconfig.json'));
  const { output } = await cruise(['src'], { ...options, baseDir: SERVER_DIR, validate: true }, {}, { tsConfig });
  if (typeof output === 'string') throw new Error('dependency-cruiser answered text, not a cruise result');
  return output.summary.violations;
}

const isPending = (violation: IViolation, entry: Pending) =>
  violation.rule.name === entry.rule && entry.from.test(violation.from) && entry.to.test(violation.to);

const describeViolation = (violation: IViolation) =>
  `${violation.rule.name}: ${violation.from} -> ${violation.to}${violation.cycle ? ` (circle: ${violation.cycle.map((step) => step.name).join(' -> ')})` : ''}`;

describe('server module rules (.dependency-cruiser.cjs)', () => {
  it('has no import circle, no import up or across the layers, and Hono only in http/ and the wiring', async () => {
    const all = await violations();
    const unexpected = all.filter((violation) => !PENDING.some((entry) => isPending(violation, entry)));
    expect(unexpected.map(describeViolation)).toEqual([]);

    const stale = PENDING.filter((entry) => !all.some((violation) => isPending(violation, entry)));
    expect(stale.map((entry) => `PENDING no longer needed, remove it: ${entry.why}`)).toEqual([]);
  }, 60_000);
});
