// Address search score: replays every typing of bench/address-corpus.json through the widget's API calls
// (suggestions, then for each suggestion its geocoding, whose answer carries the municipality, as the widget
// takes it in one round trip) and prints found-rate, top-1 and any-of-5 municipality accuracy per category
// and per kind of typing, 'offered' (the right municipality at the top or among the alternatives the first
// pick's answer asks the visitor to choose from), and the latency p50/p95 of each call. Prints figures,
// never asserts.
//
// --geocoder builtin (default): the offline gazetteer. --geocoder census: the same corpus through the
// Census Bureau's geocoder adapter (GEOCODER=census: the built-in gazetteer answers when the Census is slow,
// down or finds nothing, so the run also counts which of the two answered). --census-url sets where the
// Census geocoder lives; --fixtures replays its recorded answers from the local fake of the adapter's tests
// (packages/server/src/test/fake-geocoders.ts) and scores only the typings they hold. The Census must be
// reachable: the run stops first with a message saying so when it is not.
// Run: packages/server/node_modules/.bin/tsx --conditions=@permitdesk/source bench/address-search.mjs [--geocoder census [--census-url URL | --fixtures]]
// (BENCH_VERBOSE=1 lists the misses)
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createCensusProvider } from '../packages/server/src/geo/gazetteer/census-provider.js';
import { createGeoService } from '../packages/server/src/geo/geo-service.js';
import { startFakeGeocoders } from '../packages/server/src/test/fake-geocoders.js';
import { startBenchApp, quantile } from './bench-app.mjs';

const CENSUS_URL = 'https://geocoding.geo.census.gov';
/** How long the reachability check waits for the Census's first answer. */
const PROBE_MS = 10_000;

const usage = 'usage: address-search.mjs [--geocoder builtin|census] [--census-url URL] [--fixtures]';
let args;
try {
  ({ values: args } = parseArgs({
    options: { geocoder: { type: 'string', default: 'builtin' }, 'census-url': { type: 'string' }, fixtures: { type: 'boolean', default: false } },
  }));
} catch (error) {
  console.error(`address-search: ${error.message}\n${usage}`);
  process.exit(2);
}
const census = args.geocoder === 'census';
if (!['builtin', 'census'].includes(args.geocoder) || (!census && (args.fixtures || args['census-url'])) || (args.fixtures && args['census-url'])) {
  console.error(`address-search: --census-url and --fixtures go with --geocoder census, one of them at most\n${usage}`);
  process.exit(2);
}

const corpus = JSON.parse(readFileSync(new URL('./address-corpus.json', import.meta.url), 'utf8'));
const SUGGESTIONS = 5;
const verbose = process.env.BENCH_VERBOSE === '1';

let label = 'the built-in default';
let geo;
let fake;
/** Which typings are scored: all, or with --fixtures those the recorded answers hold. */
let scored = () => true;
if (census) {
  fake = args.fixtures ? await startFakeGeocoders() : undefined;
  const censusUrl = fake ? `${fake.url}/census` : (args['census-url'] ?? CENSUS_URL);
  if (fake) {
    const recorded = new Set(fake.censusAddresses);
    scored = (typing) => recorded.has(typing);
  }
  // The adapter itself, once: an unreachable Census would otherwise be hidden by the built-in fallback.
  const probe = corpus.addresses[0].typings.full;
  try {
    await createCensusProvider({ baseUrl: censusUrl, timeoutMs: PROBE_MS }).search(probe, 1);
  } catch (error) {
    const cause = error?.cause?.code ?? error?.cause?.message ?? error?.message ?? String(error);
    console.error(
      `address-search: the Census geocoder at ${censusUrl} cannot be reached (${cause}).\n` +
        'This run needs it: on a machine without access to census.gov, pass --fixtures to replay its recorded answers from a local fake, or --census-url for another address.',
    );
    await fake?.close();
    process.exit(1);
  }
  geo = createGeoService({ GEOCODER: ['census'], censusBaseUrl: censusUrl });
  label = `GEOCODER=census (${fake ? 'recorded answers from the local fake' : censusUrl})`;
}

const bench = await startBenchApp({ geo });
const latency = { search: [], geocode: [] };
/** Typings whose first suggestion the Census answered (its ids start 'census.'), in census mode. */
let byCensus = 0;

/** The municipality names offered for one typing, in suggestion order (null where a step failed). */
async function offered(typing) {
  const search = await bench.get('/v4/lookup/addresses', { q: typing, limit: SUGGESTIONS });
  latency.search.push(search.ms);
  const results = search.status === 200 && Array.isArray(search.body) ? search.body : [];
  const names = [];
  let alternatives = [];
  for (const result of results.slice(0, SUGGESTIONS)) {
    // The widget's one round trip: the geocoded address with the municipality governing it.
    const geocoded = await bench.get(`/v4/lookup/addresses/${encodeURIComponent(result.id)}`);
    latency.geocode.push(geocoded.ms);
    const municipality = geocoded.status === 200 ? geocoded.body.municipality : null;
    names.push(municipality?.name ?? null);
    if (names.length === 1 && municipality) alternatives = (municipality.alternatives ?? []).map((a) => a.name);
  }
  return { names, alternatives, first: results[0]?.place_name ?? null, firstId: results[0]?.id ?? '' };
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
    if (!scored(typing)) continue;
    const { names, alternatives, first, firstId } = await offered(typing);
    if (firstId.startsWith('census.')) byCensus += 1;
    const found = names.length > 0;
    const top1 = found && accepted.has(names[0]);
    const any5 = names.some((name) => accepted.has(name));
    if (alternatives.length > 0) askedToChoose += 1;
    const asked = top1 || alternatives.some((name) => accepted.has(name));
    for (const key of ['all', `category ${address.category}`, `typing ${kind}`]) tally(key, found, top1, any5, asked);
    if (verbose && !top1) console.log(`miss [${address.category}/${kind}] ${typing} → ${first ?? 'nothing'} → ${names[0] ?? '-'} (want ${address.municipality}${any5 ? ', among the 5' : ''}${asked ? ', asked' : ''})`);
  }
}

const all = rows.get('all') ?? { n: 0 };
const pct = (part, whole) => `${((100 * part) / whole).toFixed(1)}%`.padStart(7);
console.log(`Address search on ${label}: ${corpus.addresses.length} addresses, ${all.n} typings${fake ? ' scored (those the recorded answers hold)' : ''}`);
console.log(`${'group'.padEnd(26)} ${'typings'.padStart(7)} ${'found'.padStart(7)} ${'top-1'.padStart(7)} ${'any-of-5'.padStart(8)} ${'offered'.padStart(8)}`);
const keys = [...rows.keys()].sort((a, b) => (a === 'all' ? -1 : b === 'all' ? 1 : a < b ? -1 : 1));
for (const key of keys) {
  const row = rows.get(key);
  console.log(`${key.padEnd(26)} ${String(row.n).padStart(7)} ${pct(row.found, row.n)} ${pct(row.top1, row.n)} ${pct(row.any5, row.n).padStart(8)} ${pct(row.offered, row.n).padStart(8)}`);
}
console.log(`Asked to choose between municipalities: ${askedToChoose} of ${all.n} typings (${pct(askedToChoose, all.n).trim()})`);
if (census) console.log(`First suggestion from the Census: ${byCensus} of ${all.n} typings (the rest from the built-in fallback)`);
console.log('Latency per call (ms; geocode includes the municipality):');
for (const [call, values] of Object.entries(latency)) {
  console.log(`  ${call.padEnd(13)} n=${String(values.length).padStart(5)}  p50 ${quantile(values, 0.5).toFixed(1).padStart(6)}  p95 ${quantile(values, 0.95).toFixed(1).padStart(6)}`);
}
await bench.close();
await fake?.close();
