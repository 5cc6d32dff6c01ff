// The radar search scenarios of bench/radar.ts: each runs searchProjects 200 times (after a warm-up of
// 5) and reports p50 / p95 in milliseconds. Figures only; nothing here asserts a timing.
import type { Kysely } from 'kysely';
import type { Database } from '../packages/server/src/db/schema.js';
import { parseSearchParams, searchProjects } from '../packages/server/src/projects/search/search-projects.js';
import type { RadarScope } from '../packages/server/src/projects/search/scope.js';

export interface ScenarioResult {
  name: string;
  p50: number;
  p95: number;
  total: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

export async function runScenarios(db: Kysely<Database>, scope: RadarScope, totalRows: number, runs = 200): Promise<ScenarioResult[]> {
  const size = 20;
  const deepPage = Math.max(1, Math.floor(totalRows / size / 2));
  const scenarios: [string, Record<string, unknown>][] = [
    ['default (+customerName) page 1', {}],
    [`+customerName page ${deepPage}`, { page: deepPage }],
    ['-customerName page 1', { sort: '-customerName' }],
    [`-customerName page ${deepPage}`, { sort: '-customerName', page: deepPage }],
    ['+createdAt page 1', { sort: '+createdAt' }],
    ['-createdAt page 1', { sort: '-createdAt' }],
    [`-createdAt page ${deepPage}`, { sort: '-createdAt', page: deepPage }],
    ['+status page 1', { sort: '+status' }],
    ['-status page 1', { sort: '-status' }],
    [`+status page ${deepPage}`, { sort: '+status', page: deepPage }],
    ['status HasPermit page 1', { status: 'HasPermit' }],
    [`status HasPermit page ${Math.floor(deepPage / 2)}`, { status: 'HasPermit', page: Math.floor(deepPage / 2) }],
    ['keyword "garcia" page 1', { keyword: 'garcia' }],
    ['keyword "garcia" page 20', { keyword: 'garcia', page: 20 }],
    ['keyword "maple dr" + HasPermit', { keyword: 'maple dr', status: 'HasPermit' }],
    ['keyword "solar" (task name)', { keyword: 'solar', searchFields: 'taskName' }],
    ['keyword "PO-12" (order number)', { keyword: 'po-12', searchFields: 'orderNumber' }],
    ['keyword "maple" (job address)', { keyword: 'maple', searchFields: 'jobAddress' }],
    // In ~19 % of permits: past RADAR_KEYWORD_TOTAL_CAP (total capped, page from the ordered walk).
    ['keyword "son" (common) page 1', { keyword: 'son' }],
    ['keyword "son" (common) page 50', { keyword: 'son', page: 50 }],
    ['keyword "zzqx" (no match)', { keyword: 'zzqx' }],
    // The search box's suggestions as a name is typed (size 5); one and two letters match word starts.
    ['suggestions "j" (size 5)', { keyword: 'j', size: 5 }],
    ['suggestions "jo" (size 5)', { keyword: 'jo', size: 5 }],
    ['suggestions "joh" (size 5)', { keyword: 'joh', size: 5 }],
    ['suggestions "zq" (size 5, no match)', { keyword: 'zq', size: 5 }],
  ];
  // Round robin: request i of every scenario runs before request i + 1 of any, so a burst of load from
  // elsewhere on the machine spreads over all scenarios instead of landing on one.
  const prepared = scenarios.map(([name, query]) => ({ name, params: parseSearchParams(query), total: 0, times: [] as number[] }));
  for (const scenario of prepared) {
    for (let i = 0; i < 5; i++) scenario.total = (await searchProjects(db, scope, scenario.params)).totalCount;
  }
  for (let i = 0; i < runs; i++) {
    for (const scenario of prepared) {
      const started = performance.now();
      await searchProjects(db, scope, scenario.params);
      scenario.times.push(performance.now() - started);
    }
  }
  return prepared.map(({ name, times, total }) => {
    const sorted = times.sort((a, b) => a - b);
    return { name, p50: percentile(sorted, 50), p95: percentile(sorted, 95), total };
  });
}

export function printTable(title: string, results: ScenarioResult[]): void {
  console.log(`\n${title}`);
  console.log(`${'scenario'.padEnd(40)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'total'.padStart(9)}`);
  for (const r of results) {
    console.log(`${r.name.padEnd(40)} ${r.p50.toFixed(1).padStart(8)} ${r.p95.toFixed(1).padStart(8)} ${String(r.total).padStart(9)}`);
  }
}
