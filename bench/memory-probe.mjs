// Loaded into the server by `node bench/memory.mjs --breakdown` (node --import): on SIGUSR2 it writes
// process.memoryUsage() and the V8 heap spaces (MB) to MEMORY_PROBE_FILE, for the bench to print.
import v8 from 'node:v8';
import { writeFileSync } from 'node:fs';
process.on('SIGUSR2', () => {
  const mb = (n) => Math.round(n / 1048576);
  const mu = process.memoryUsage();
  const spaces = Object.fromEntries(v8.getHeapSpaceStatistics().map((s) => [s.space_name, mb(s.space_used_size) + '/' + mb(s.physical_space_size)]));
  const out = { rss: mb(mu.rss), heapTotal: mb(mu.heapTotal), heapUsed: mb(mu.heapUsed), external: mb(mu.external), arrayBuffers: mb(mu.arrayBuffers), spaces };
  writeFileSync(process.env.MEMORY_PROBE_FILE, JSON.stringify(out));
});
