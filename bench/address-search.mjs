// Address search score on the built-in default: replays every typing of bench/address-corpus.json
// through the widget's API calls (suggestions, then for each suggestion its geocode and the municipality
// of its point and address) and prints found-rate, top-1 and any-of-5 municipality accuracy per category
// and per kind of typing, 'offered' (the right municipality at the top or among the alternatives the
// first pick's answer asks the visitor to choose from), and the latency p50/p95 of each call. Prints
// figures, never asserts.
// Run: packages/server/node_modules/.bin/tsx --conditions=@permitdesk/source bench/address-search.mjs   (BENCH_VERBOSE=1 lists misses)
import { readFileSync } from 'node:fs';
import { startBenchApp, quantile } from './bench-app.mjs';

const corpus = JSON.parse(readFileSync(new URL('./address-corpus.json', import.meta.url), 'utf8'));
const SUGGESTIONS = 5;
const verbose = process.env.BENCH_VERBOSE === '1';

const bench = await startBenchApp();
const latency = { search: [], geocode: [], municipality: [] };

/** The municipality names offered for one typing, in suggestion order (null where a step failed). */
async function offered(typing) {
  const search = await bench.get('/v4/lookup/addresses', { q: typing, limit: SUGGESTIONS });
  latency.search.push(search.ms);
  const results = search.status === 200 && Array.isArray(search.body) ? search.body : [];
  const names = [];
  let alternatives = [];
  for (const result of results.slice(0, SUGGESTIONS)) {
    const geocoded = await bench.get(`/v4/lookup/addresses/${encodeURIComponent(result.id)}`);
    latency.geocode.push(geocoded.ms);
    if (geocoded.status !== 200) {
      names.push(null);
      continue;
    }
    const { latitude, longitude, city, state, zip } = geocoded.body;
    const municipality = await bench.get('/search/', { lat: latitude, lon: longitude, city, state, zip });
    latency.municipality.push(municipality.ms);
    names.push(municipality.status === 200 ? municipality.body.name : null);
    if (names.length === 1 && municipality.status === 200) alternatives = (municipality.body.alternatives ?? []).map((a) => a.name);
  }
  return { names, alternatives, first: results[0]?.place_name ?? null };
}

const rows = new Map();
/** Typings whose first pick came with alternatives: how often the visitor is asked to choose. */
let askedToChoose = 0;
const tally = (key, found, top1, any5, offered) => {
  const row = rows.get(key) ?? { n: 0, found: 0, top1: 0, any5: 0, offered: 0 };
  row.n += 1;
  row.found += found ? 1 : 0;
  row.top1 += top1 ? 1 : 0;
  row.any5 += any5 ? 1 : 0;
  row.offered += offered ? 1 : 0;
  rows.set(key, row);
};

for (const address of corpus.addresses) {
  const accepted = new Set([address.municipality, ...(address.alsoAccepted ?? [])]);
  for (const [kind, typing] of Object.entries(address.typings)) {
    const { names, alternatives, first } = await offered(typing);
    const found = names.length > 0;
    const top1 = found && accepted.has(names[0]);
    const any5 = names.some((name) => accepted.has(name));
    if (alternatives.length > 0) askedToChoose += 1;
    const asked = top1 || alternatives.some((name) => accepted.has(name));
    for (const key of ['all', `category ${address.category}`, `typing ${kind}`]) tally(key, found, top1, any5, asked);
    if (verbose && !top1) console.log(`miss [${address.category}/${kind}] ${typing} → ${first ?? 'nothing'} → ${names[0] ?? '-'} (want ${address.municipality}${any5 ? ', among the 5' : ''}${asked ? ', asked' : ''})`);
  }
}

const pct = (part, whole) => `${((100 * part) / whole).toFixed(1)}%`.padStart(7);
console.log(`Address search on the built-in default: ${corpus.addresses.length} addresses, ${rows.get('all').n} typings`);
console.log(`${'group'.padEnd(26)} ${'typings'.padStart(7)} ${'found'.padStart(7)} ${'top-1'.padStart(7)} ${'any-of-5'.padStart(8)} ${'offered'.padStart(8)}`);
const keys = [...rows.keys()].sort((a, b) => (a === 'all' ? -1 : b === 'all' ? 1 : a < b ? -1 : 1));
for (const key of keys) {
  const row = rows.get(key);
  console.log(`${key.padEnd(26)} ${String(row.n).padStart(7)} ${pct(row.found, row.n)} ${pct(row.top1, row.n)} ${pct(row.any5, row.n).padStart(8)} ${pct(row.offered, row.n).padStart(8)}`);
}
console.log(`Asked to choose between municipalities: ${askedToChoose} of ${rows.get('all').n} typings (${pct(askedToChoose, rows.get('all').n).trim()})`);
console.log('Latency per call (ms):');
for (const [call, values] of Object.entries(latency)) {
  console.log(`  ${call.padEnd(13)} n=${String(values.length).padStart(5)}  p50 ${quantile(values, 0.5).toFixed(1).padStart(6)}  p95 ${quantile(values, 0.95).toFixed(1).padStart(6)}`);
}
await bench.close();
