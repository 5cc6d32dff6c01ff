// A real local HTTP server for tests: it plays the server's part of a call (node:http), records every
// request it receives, and answers from a route table. Test-only; not exported from the package.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** Path without the query string, e.g. '/v3/permits/7'. */
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export interface Reply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Wait before answering (to test cancellation). */
  delayMs?: number;
}

/** 'GET /v3/permits/7' → handler; a path may end in '*' to match a prefix. */
export type Routes = Record<string, (request: RecordedRequest) => Reply | Promise<Reply>>;

export interface TestServer {
  url: string;
  requests: RecordedRequest[];
  /** Replace or add routes while the server runs. */
  routes: Routes;
  close(): Promise<void>;
}

const readBody = (req: IncomingMessage): Promise<unknown> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('error', reject);
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      if (text === '') return resolve(undefined);
      try {
        resolve(JSON.parse(text));
      } catch {
        resolve(text);
      }
    });
  });

function findRoute(routes: Routes, method: string, path: string) {
  const exact = routes[`${method} ${path}`];
  if (exact) return exact;
  for (const [key, handler] of Object.entries(routes)) {
    const [m, p] = key.split(' ');
    if (m === method && p?.endsWith('*') && path.startsWith(p.slice(0, -1))) return handler;
  }
  return undefined;
}

export async function startTestServer(routes: Routes = {}): Promise<TestServer> {
  const requests: RecordedRequest[] = [];
  const state = { routes };
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const recorded: RecordedRequest = {
      method: req.method ?? 'GET',
      path: decodeURIComponent(url.pathname),
      query: url.searchParams,
      headers: req.headers,
      body: await readBody(req),
    };
    requests.push(recorded);
    const handler = findRoute(state.routes, recorded.method, recorded.path);
    const reply: Reply = handler ? await handler(recorded) : { status: 404, body: { message: `No route ${recorded.method} ${recorded.path}`, code: 'NOT_FOUND' } };
    if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    if (res.destroyed) return;
    res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
    res.end(reply.body === undefined ? '' : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    get routes() {
      return state.routes;
    },
    set routes(next: Routes) {
      state.routes = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
