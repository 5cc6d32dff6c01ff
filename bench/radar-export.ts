// Radar CSV export benchmark (issue 18): streams the demo company's whole radar view as CSV (the same
// code as GET /v4/exports/radar.csv: keyset pages through csv-stringify) and prints rows/s, bytes and the
// peak RSS while it runs, per sort; never asserts. The point is that memory stays flat: the export never
// holds the view, so the peak barely moves from the start however many permits there are.
//   PGlite:     npx tsx --conditions=@permitdesk/source bench/radar-export.ts --projects 200000 --companies 1 --largest 200000
//   PostgreSQL: DATABASE_URL=postgres://…/export_bench npx tsx --conditions=@permitdesk/source bench/radar-export.ts
// It loads the demo data into the database it is given (a fresh one: PGlite in memory when no
// DATABASE_URL), unless --reuse says the data is already there.
import { parseArgs } from 'node:util';
import { withDemoRadar } from './demo-radar.js';
import { radarCsvStream } from '../packages/server/src/exports/radar-export.js';
import { parseSearchParams } from '../packages/server/src/projects/search/search-projects.js';

const { values } = parseArgs({
  options: {
    projects: { type: 'string', default: '200000' },
    companies: { type: 'string', default: '1' },
    largest: { type: 'string', default: '200000' },
    reuse: { type: 'boolean', default: false },
  },
});

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

await withDemoRadar({ projects: Number(values.projects), companies: Number(values.companies), largest: Number(values.largest), reuse: values.reuse }, async ({ services, scope, permits }) => {
  console.log(`${services.dbKind}: ${permits ?? '?'} permits, demo company ~${values.largest}`);
  // With PGlite the database lives in this process too (its WASM memory is in the RSS); the JS heap is the export's own.
  console.log('| view | rows | bytes | seconds | rows/s | RSS before | peak RSS | JS heap before | peak JS heap |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const [name, query] of [
    ['+customerName, all', { type: 'all' }],
    ['-createdAt, active', { sort: '-createdAt' }],
    ['+status, HasPermit', { sort: '+status', status: 'HasPermit' }],
  ] as const) {
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const heapBefore = process.memoryUsage().heapUsed;
    let heap = heapBefore;
    const sample = () => {
      const now = process.memoryUsage();
      peak = Math.max(peak, now.rss);
      heap = Math.max(heap, now.heapUsed);
    };
    const sampler = setInterval(sample, 20);
    const started = performance.now();
    let bytes = 0;
    let lines = 0;
    // Read as a client would: chunk by chunk, counting lines (no cell of the demo data holds a line break).
    for await (const chunk of radarCsvStream(services.db, scope, parseSearchParams(query), new Date())) {
      bytes += chunk.byteLength;
      for (const byte of chunk) if (byte === 10) lines++;
    }
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    sample();
    const rows = lines - 1;
    console.log(`| ${name} | ${rows} | ${mb(bytes)} | ${seconds.toFixed(1)} | ${Math.round(rows / seconds)} | ${mb(before)} | ${mb(peak)} | ${mb(heapBefore)} | ${mb(heap)} |`);
  }
});
