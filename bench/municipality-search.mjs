// Municipality keyword search on PGlite (GET /v4/lookup/municipalities?keyword=…): p50/p95 and requests
// per second over a few keywords, on the seeded catalogue. Then, in the same process and interleaved (the
// machine's load hits both alike), the repository's answer from the in-memory list of names against the
// SQL-only answer it replaced (issue 15), with a check that both answer the same. Prints figures, never asserts.
// Run: packages/server/node_modules/.bin/tsx --conditions=@permitdesk/source bench/municipality-search.mjs
import { performance } from 'node:perf_hooks';
import { isDeepStrictEqual } from 'node:util';
import { startBenchApp, quantile } from './bench-app.mjs';
import { listMunicipalities, listMunicipalitiesBySql } from '../packages/server/src/lookups/municipalities.repository.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const KEYWORDS = ['spring', 'county', 'san', 'new york', 'ville'];

const bench = await startBenchApp();
// With node --expose-gc (NODE_OPTIONS), the heap the list of names holds.
const heapUsed = () => (globalThis.gc?.(), globalThis.gc?.(), process.memoryUsage().heapUsed);
const heapBefore = heapUsed();
const loadStarted = performance.now();
await listMunicipalities(bench.services.db, { page: 1, size: 1 });
const loadMs = performance.now() - loadStarted;
const heap = globalThis.gc ? `, heap +${((heapUsed() - heapBefore) / 1e6).toFixed(1)} MB` : '';
console.log(`list of names loaded in ${loadMs.toFixed(0)} ms${heap}`);

for (const keyword of ['warm-up', ...KEYWORDS]) {
  const times = [];
  const started = performance.now();
  for (let i = 0; i < (keyword === 'warm-up' ? 20 : RUNS); i++) {
    const res = await bench.get('/v4/lookup/municipalities', { keyword: keyword === 'warm-up' ? 'spring' : keyword, page: 1, size: 20 });
    if (res.status !== 200) throw new Error(`${keyword}: ${res.status} ${JSON.stringify(res.body)}`);
    times.push(res.ms);
  }
  if (keyword === 'warm-up') continue;
  const perSecond = (times.length / (performance.now() - started)) * 1000;
  console.log(`keyword=${keyword.padEnd(9)} p50 ${quantile(times, 0.5).toFixed(1).padStart(6)} ms  p95 ${quantile(times, 0.95).toFixed(1).padStart(6)} ms  ${perSecond.toFixed(0).padStart(5)} requests/s`);
}

console.log('repository, interleaved: in-memory list (now) | SQL only (before)');
for (const keyword of KEYWORDS) {
  const filter = { keyword, page: 1, size: 20 };
  const list = [];
  const bySql = [];
  let same = true;
  for (let i = 0; i < Math.max(20, RUNS / 2); i++) {
    let started = performance.now();
    const a = await listMunicipalities(bench.services.db, filter);
    list.push(performance.now() - started);
    started = performance.now();
    const b = await listMunicipalitiesBySql(bench.services.db, filter);
    bySql.push(performance.now() - started);
    if (i === 0) same = isDeepStrictEqual(a, b);
  }
  const f = (values, q) => quantile(values, q).toFixed(1).padStart(6);
  console.log(`keyword=${keyword.padEnd(9)} p50 ${f(list, 0.5)} ms  p95 ${f(list, 0.95)} ms | p50 ${f(bySql, 0.5)} ms  p95 ${f(bySql, 0.95)} ms  ${same ? 'same answer' : 'ANSWERS DIFFER'}`);
}
await bench.close();
