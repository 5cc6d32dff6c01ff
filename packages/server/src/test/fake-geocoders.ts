// A local fake of the street geocoders, speaking each real protocol (the Census's
// geocoder/geographies/onelineaddress, Nominatim's search and lookup, Photon's api) and answering from the
// recorded-shape fixtures of geo/gazetteer/fixtures: for the adapters' protocol tests and for the address
// bench's `--geocoder census --fixtures` run. An address the fixtures do not hold finds nothing, as the real
// services answer. Queries starting 'hang' are held unanswered (the caller drives its deadline with
// held()), 'down' answers 502 with an HTML page, 'nonsense' a body in no documented shape.
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

const fixture = (name: string) => JSON.parse(readFileSync(new URL(`../geo/gazetteer/fixtures/${name}`, import.meta.url), 'utf8'));

export interface FakeGeocoders {
  /** 'http://127.0.0.1:{port}': the Census lives under /census, Nominatim under /nominatim, Photon under /photon. */
  url: string;
  /** Every request, in order. */
  asked: URL[];
  /** The requests held without an answer (a geocoder that hangs); closed by close(). */
  hanging: ServerResponse[];
  /** Resolves the next time the fake starts holding a request: a deadline the caller drives, no wall clock. */
  held(): Promise<void>;
  /** The addresses the Census fixtures answer for (as asked). */
  censusAddresses: string[];
  close(): Promise<void>;
}

export async function startFakeGeocoders(): Promise<FakeGeocoders> {
  const census = fixture('census-answers.json').answers as Record<string, unknown>;
  const nominatim = fixture('nominatim-answers.json') as { search: Record<string, unknown>; lookup: Record<string, unknown> };
  const photon = fixture('photon-answers.json').api as Record<string, unknown>;
  const asked: URL[] = [];
  const hanging: ServerResponse[] = [];
  let waiting: Array<() => void> = [];

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    asked.push(url);
    const q = url.searchParams.get('address') ?? url.searchParams.get('q') ?? url.searchParams.get('osm_ids') ?? '';
    if (q.startsWith('hang')) {
      hanging.push(res);
      const due = waiting;
      waiting = [];
      return void due.forEach((pass) => pass());
    }
    if (q.startsWith('down')) return void res.writeHead(502, { 'content-type': 'text/html' }).end('<html>Bad Gateway</html>');
    if (q.startsWith('nonsense')) return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"result":{"addressMatches":"none"},"features":7}');
    const json = (body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (url.pathname === '/census/geocoder/geographies/onelineaddress') {
      return json(census[q] ?? { result: { input: { address: { address: q } }, addressMatches: [] } });
    }
    if (url.pathname === '/nominatim/search') return json(nominatim.search[q] ?? []);
    if (url.pathname === '/nominatim/lookup') return json(nominatim.lookup[q] ?? []);
    if (url.pathname === '/photon/api') return json(photon[q] ?? { type: 'FeatureCollection', features: [] });
    res.writeHead(404).end('{}');
  });
  // The first locate builds the catalogue for seconds: idle connections must outlive that.
  server.keepAliveTimeout = 120_000;
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    asked,
    hanging,
    held: () => new Promise<void>((resolve) => waiting.push(resolve)),
    censusAddresses: Object.keys(census),
    close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
