// Municipality keyword search on PGlite (GET /v4/lookup/municipalities?keyword=…): p50/p95 and requests
// per second over a few keywords, on the seeded catalogue. Prints figures, never asserts.
// Run: packages/server/node_modules/.bin/tsx --conditions=@permitdesk/source bench/municipality-search.mjs
import { performance } from 'node:perf_hooks';
import { startBenchApp, quantile } from './bench-app.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const KEYWORDS = ['spring', 'county', 'san', 'new york', 'ville'];

const bench = await startBenchApp();
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
await bench.close();
