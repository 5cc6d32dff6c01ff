/// <reference types="node" />
// A local HTTP server that plays the PermitDesk server's part for the widget's component tests (the
// end-to-end tests use the real server). Routes are keyed by core's endpoint definitions, so paths
// cannot drift from the catalogue; every answer is checked against the endpoint's response schema.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as v from 'valibot';
import type { EndpointDef } from '@permitdesk/core';

export interface FakeRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
  headers: IncomingMessage['headers'];
}
export type FakeReply = { status: number; body: unknown } | { body: unknown; status?: undefined };
export type FakeHandler = (request: FakeRequest) => unknown | FakeReply | Promise<unknown | FakeReply>;

export interface FakeApi {
  url: string;
  requests: FakeRequest[];
  /** Answer an endpoint (replaces an earlier handler for it). */
  on(endpoint: EndpointDef, handler: FakeHandler): void;
  /** Calls made to an endpoint so far. */
  calls(endpoint: EndpointDef): FakeRequest[];
  close(): Promise<void>;
}

const pattern = (path: string) => new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{(\w+)\\?\}/g, '(?<$1>[^/]+)')}$`);

const readBody = (req: IncomingMessage): Promise<unknown> =>
  new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      try {
        resolve(text ? JSON.parse(text) : undefined);
      } catch {
        resolve(text);
      }
    });
  });

const isReply = (value: unknown): value is FakeReply =>
  typeof value === 'object' && value !== null && 'body' in value && Object.keys(value).every((key) => key === 'body' || key === 'status');

export async function startFakeApi(): Promise<FakeApi> {
  const routes: { def: EndpointDef; re: RegExp; handler: FakeHandler }[] = [];
  const requests: FakeRequest[] = [];

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, {
      'content-type': 'application/json',
      'access-control-allow-origin': '*',
      'access-control-allow-headers': 'authorization, content-type, accept',
      'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
    });
    res.end(body === undefined ? '' : JSON.stringify(body));
  };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method === 'OPTIONS') return send(res, 204, undefined);
    const method = req.method ?? 'GET';
    for (const route of [...routes].reverse()) {
      const match = route.def.method === method ? route.re.exec(url.pathname) : null;
      if (!match) continue;
      const request: FakeRequest = {
        method,
        path: url.pathname,
        params: Object.fromEntries(Object.entries(match.groups ?? {}).map(([k, val]) => [k, decodeURIComponent(val)])),
        query: url.searchParams,
        body: await readBody(req),
        headers: req.headers,
      };
      requests.push(request);
      try {
        const answer = await route.handler(request);
        const reply = isReply(answer) ? answer : { body: answer };
        const status = reply.status ?? 200;
        if (status < 300) {
          const schema = route.def.paging === 'headers' ? v.array(route.def.response) : route.def.response;
          v.parse(schema, reply.body); // a fake answer the real server could not give is a test bug
        }
        return send(res, status, reply.body);
      } catch (error) {
        return send(res, 500, { message: `fake API: ${String(error)}`, code: 'FAKE' });
      }
    }
    requests.push({ method, path: url.pathname, params: {}, query: url.searchParams, body: undefined, headers: req.headers });
    send(res, 404, { message: `No fake route for ${method} ${url.pathname}`, code: 'NOT_FOUND' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    on(def, handler) {
      routes.push({ def, re: pattern(def.path), handler });
    },
    calls: (def) => requests.filter((r) => r.method === def.method && pattern(def.path).test(r.path)),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
