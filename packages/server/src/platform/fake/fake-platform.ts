// A small construction-management platform to test against (issue 14), on plain node:http: the OAuth 2.0
// endpoints (authorize with an 'Allow' page, token with authorization code + PKCE S256 and refresh_token
// grants, revocation), a project API, a document API, webhook registration, signed events to PermitDesk
// when an admin renames or re-addresses a project, a page that frames PermitDesk's embed, and a receiver
// of PermitDesk's outbound webhooks that checks their signatures. Everything it received is kept in
// memory and readable at GET /admin/state. The real adapter is the same PermitDesk code with another base URL.
//
// Started by the e2e suite and, with PLATFORM_FAKE=1, by the server itself (bootstrap.ts).
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signWebhook, verifyWebhookSignature, WEBHOOK_HEADERS } from '../../webhooks/signature.js';

export interface FakeProject {
  id: string;
  name: string;
  address: { line1: string; line2: string | null; city: string; state: string; postalCode: string };
  customer: { name: string; email: string | null; phone: string | null };
}

export interface FakeDocument {
  id: string;
  projectId: string;
  title: string;
  kind: string;
  externalId: string | null;
  body: unknown;
  receivedAt: string;
}

export interface ReceivedWebhook {
  event: string | null;
  delivery: string | null;
  body: unknown;
  /** 'valid' when the signature matched a registered secret within the window. */
  signature: 'valid' | 'stale' | 'invalid' | 'no-secret';
  receivedAt: string;
}

export interface FakePlatformState {
  documents: FakeDocument[];
  webhooks: ReceivedWebhook[];
  /** Registered PermitDesk hooks (url; the secret is not shown). */
  hooks: { url: string }[];
  revoked: string[];
  sentEvents: { id: string; type: string; status: number | null }[];
  tokenRequests: { grantType: string; ok: boolean; error?: string }[];
}

export interface FakePlatformOptions {
  port?: number;
  host?: string;
  clientId?: string;
  clientSecret?: string;
  /** Seconds an access token lives (default 3600). */
  accessTokenSeconds?: number;
  /** The platform's own clock (tests move it). */
  clock?: () => Date;
  log?: (line: string) => void;
}

export interface FakePlatform {
  url: string;
  origin: string;
  clientId: string;
  clientSecret: string;
  state: FakePlatformState;
  projects: Map<string, FakeProject>;
  /** Test switches: refuse every refresh (invalid_grant); fail the next n document creations (503). */
  failRefresh: boolean;
  failDocuments: number;
  /** Every token it issued (tests look for them in PermitDesk's database). */
  issuedTokens: string[];
  /** The user who clicks 'Allow' and who arrives in the embed. */
  user: { email: string; name: string };
  /** The env a PermitDesk server needs to talk to this platform. */
  env(): Record<string, string>;
  /** Renames / re-addresses a project and sends the signed `project.updated` event to PermitDesk. */
  updateProject(id: string, changes: Partial<Pick<FakeProject, 'name' | 'address'>>): Promise<{ id: string; status: number | null }>;
  /** A signed sign-in link for `email` (the connection's secret), as the platform makes it. */
  signinToken(input: { email: string; projectId?: string | null; issuedAt?: number; nonce?: string; connectionId?: string }): string;
  close(): Promise<void>;
}

interface Grant {
  clientId: string;
  redirectUri: string;
  challenge: string;
  scope: string;
  expiresAt: number;
  used: boolean;
}

const SEED: FakeProject[] = [
  {
    id: 'prj-1001',
    name: 'Harbor View Kitchen Remodel',
    address: { line1: '350 5th Ave', line2: null, city: 'New York', state: 'NY', postalCode: '10118' },
    customer: { name: 'Dana Whitfield', email: 'dana.whitfield@example.com', phone: '2125550143' },
  },
  {
    id: 'prj-1002',
    name: 'Maple Street Deck',
    address: { line1: '1600 Pennsylvania Ave NW', line2: null, city: 'Washington', state: 'DC', postalCode: '20500' },
    customer: { name: 'Luis Ortega', email: 'luis.ortega@example.com', phone: null },
  },
  {
    id: 'prj-1003',
    name: 'Sunset Solar Install',
    address: { line1: '200 N Spring St', line2: null, city: 'Los Angeles', state: 'CA', postalCode: '90012' },
    customer: { name: 'Priya Natarajan', email: null, phone: '2135550199' },
  },
];

const ACCOUNT = { id: 'acct-1', name: 'Acme Builders (fake platform)' };

const sha256url = (text: string) => createHash('sha256').update(text).digest('base64url');
const token = () => randomBytes(24).toString('base64url');
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 1_000_000) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/html; charset=utf-8' : 'application/json', 'cache-control': 'no-store', ...headers });
  res.end(text);
}

export async function startFakePlatform(options: FakePlatformOptions = {}): Promise<FakePlatform> {
  const clock = options.clock ?? (() => new Date());
  const nowSeconds = () => Math.floor(clock().getTime() / 1000);
  const log = options.log ?? (() => undefined);
  const clientId = options.clientId ?? 'permitdesk-fake-client';
  const clientSecret = options.clientSecret ?? 'permitdesk-fake-secret';
  const accessSeconds = options.accessTokenSeconds ?? 3600;

  const grants = new Map<string, Grant>();
  const accessTokens = new Map<string, { expiresAt: number }>();
  const refreshTokens = new Set<string>();
  const hooks = new Map<string, { url: string; secret: string }>(); // by url
  const state: FakePlatformState = { documents: [], webhooks: [], hooks: [], revoked: [], sentEvents: [], tokenRequests: [] };
  const projects = new Map(SEED.map((p) => [p.id, structuredClone(p)]));

  const platform = {} as FakePlatform;

  function clientAuthenticated(req: IncomingMessage, form: URLSearchParams): boolean {
    const basic = /^Basic\s+(.+)$/i.exec(req.headers.authorization ?? '');
    if (basic?.[1]) {
      const [id, secret] = Buffer.from(basic[1], 'base64').toString('utf8').split(':').map((part) => decodeURIComponent(part));
      return id === clientId && secret === clientSecret;
    }
    return form.get('client_id') === clientId && form.get('client_secret') === clientSecret;
  }

  function bearerOk(req: IncomingMessage): boolean {
    const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    const entry = match?.[1] ? accessTokens.get(match[1]) : undefined;
    return !!entry && entry.expiresAt > nowSeconds();
  }

  function issueTokens(scope: string) {
    const access = token();
    const refresh = token();
    accessTokens.set(access, { expiresAt: nowSeconds() + accessSeconds });
    refreshTokens.add(refresh);
    platform.issuedTokens.push(access, refresh);
    return { access_token: access, token_type: 'Bearer', expires_in: accessSeconds, refresh_token: refresh, scope };
  }

  async function tokenEndpoint(req: IncomingMessage, res: ServerResponse) {
    const form = new URLSearchParams(await readBody(req));
    const grantType = form.get('grant_type') ?? '';
    const fail = (error: string, status = 400) => {
      state.tokenRequests.push({ grantType, ok: false, error });
      send(res, status, { error });
    };
    if (!clientAuthenticated(req, form)) return fail('invalid_client', 401);
    if (grantType === 'authorization_code') {
      const grant = grants.get(form.get('code') ?? '');
      if (!grant || grant.used || grant.clientId !== clientId) return fail('invalid_grant');
      grant.used = true;
      if (grant.expiresAt < nowSeconds()) return fail('invalid_grant');
      if (form.get('redirect_uri') !== grant.redirectUri) return fail('invalid_grant');
      const verifier = form.get('code_verifier') ?? '';
      if (!verifier || sha256url(verifier) !== grant.challenge) return fail('invalid_grant');
      state.tokenRequests.push({ grantType, ok: true });
      return send(res, 200, issueTokens(grant.scope));
    }
    if (grantType === 'refresh_token') {
      const refresh = form.get('refresh_token') ?? '';
      if (platform.failRefresh || !refreshTokens.has(refresh)) return fail('invalid_grant');
      refreshTokens.delete(refresh); // rotated
      state.tokenRequests.push({ grantType, ok: true });
      return send(res, 200, issueTokens(form.get('scope') ?? ''));
    }
    return fail('unsupported_grant_type');
  }

  async function deliverEvent(type: string, data: Record<string, unknown>) {
    const id = `evt_${randomUUID()}`;
    const body = JSON.stringify({ id, type, createdAt: clock().toISOString(), data });
    let status: number | null = null;
    for (const hook of hooks.values()) {
      const timestamp = nowSeconds();
      try {
        const answer = await fetch(hook.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            [WEBHOOK_HEADERS.event]: type,
            [WEBHOOK_HEADERS.delivery]: id,
            [WEBHOOK_HEADERS.timestamp]: String(timestamp),
            [WEBHOOK_HEADERS.signature]: signWebhook(hook.secret, timestamp, body),
          },
          body,
        });
        status = answer.status;
      } catch (error) {
        log(`fake platform: event ${id} to ${hook.url} failed: ${String(error)}`);
      }
    }
    state.sentEvents.push({ id, type, status });
    return { id, status };
  }

  function hostPage(projectId: string, email: string): string {
    const hook = [...hooks.values()][0];
    if (!hook) return '<!doctype html><title>Not connected</title><p>Connect PermitDesk first.</p>';
    const match = /^(https?:\/\/[^/]+)\/webhooks\/platform\/([\w-]+)$/.exec(hook.url);
    if (!match) return '<!doctype html><p>Unexpected hook URL.</p>';
    const [, base, connectionId] = match as unknown as [string, string, string];
    const signin = platform.signinToken({ email, projectId, connectionId });
    const src = `${base}/embed/construction-platform?projectId=${encodeURIComponent(projectId)}&signin=${encodeURIComponent(signin)}`;
    const project = projects.get(projectId);
    return `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(project?.name ?? projectId)} · Fake platform</title>
<style>body{font-family:sans-serif;margin:0}header{background:#1d3557;color:#fff;padding:12px 20px}iframe{border:0;width:100%;height:760px}</style></head>
<body><header><strong>Fake platform</strong> · ${escapeHtml(project?.name ?? projectId)} · ${escapeHtml(email)}</header>
<iframe id="permitdesk" title="PermitDesk" src="${escapeHtml(src)}"></iframe></body></html>`;
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      log(`fake platform: ${req.method} ${req.url} failed: ${String(error)}`);
      if (!res.headersSent) send(res, 500, { error: 'server_error' });
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', platform.url);
    const path = url.pathname;
    const method = req.method ?? 'GET';

    if (method === 'GET' && path === '/oauth/authorize') {
      const q = url.searchParams;
      if (q.get('client_id') !== clientId || q.get('response_type') !== 'code' || !q.get('redirect_uri')) return send(res, 400, '<!doctype html><p>Bad authorization request.</p>');
      if (q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge')) return send(res, 400, '<!doctype html><p>PKCE (S256) is required.</p>');
      const hidden = ['redirect_uri', 'state', 'code_challenge', 'scope'].map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(q.get(name) ?? '')}">`).join('');
      return send(res, 200, `<!doctype html><html><head><meta charset="utf-8"><title>Authorize PermitDesk · Fake platform</title></head><body>
<h1>Allow PermitDesk to access ${escapeHtml(ACCOUNT.name)}?</h1><p>Signed in as ${escapeHtml(platform.user.email)}. PermitDesk will read your projects and add documents to them.</p>
<form method="post" action="/oauth/authorize">${hidden}<button type="submit" name="decision" value="allow">Allow</button> <button type="submit" name="decision" value="deny">Deny</button></form></body></html>`);
    }
    if (method === 'POST' && path === '/oauth/authorize') {
      const form = new URLSearchParams(await readBody(req));
      const redirect = new URL(form.get('redirect_uri') ?? '');
      if (form.get('state')) redirect.searchParams.set('state', form.get('state') ?? '');
      if (form.get('decision') !== 'allow') {
        redirect.searchParams.set('error', 'access_denied');
      } else {
        const code = token();
        grants.set(code, { clientId, redirectUri: form.get('redirect_uri') ?? '', challenge: form.get('code_challenge') ?? '', scope: form.get('scope') ?? '', expiresAt: nowSeconds() + 60, used: false });
        redirect.searchParams.set('code', code);
      }
      res.writeHead(302, { location: redirect.toString() });
      return res.end();
    }
    if (method === 'POST' && path === '/oauth/token') return tokenEndpoint(req, res);
    if (method === 'POST' && path === '/oauth/revoke') {
      const form = new URLSearchParams(await readBody(req));
      if (!clientAuthenticated(req, form)) return send(res, 401, { error: 'invalid_client' });
      const value = form.get('token') ?? '';
      accessTokens.delete(value);
      refreshTokens.delete(value);
      state.revoked.push(form.get('token_type_hint') ?? 'token');
      return send(res, 200, {});
    }

    // The platform's API, with the access token.
    if (path.startsWith('/api/')) {
      if (!bearerOk(req)) return send(res, 401, { error: 'invalid_token' }, { 'www-authenticate': 'Bearer error="invalid_token"' });
      if (method === 'GET' && path === '/api/me') return send(res, 200, { account: ACCOUNT, user: platform.user });
      if (method === 'GET' && path === '/api/projects') return send(res, 200, { projects: [...projects.values()] });
      const one = /^\/api\/projects\/([\w.-]+)$/.exec(path);
      if (method === 'GET' && one?.[1]) {
        const project = projects.get(one[1]);
        return project ? send(res, 200, project) : send(res, 404, { error: 'not_found' });
      }
      const docs = /^\/api\/projects\/([\w.-]+)\/documents$/.exec(path);
      if (method === 'POST' && docs?.[1]) {
        if (!projects.has(docs[1])) return send(res, 404, { error: 'not_found' });
        if (platform.failDocuments > 0) {
          platform.failDocuments -= 1;
          return send(res, 503, { error: 'temporarily_unavailable' });
        }
        const input = JSON.parse(await readBody(req)) as { title?: string; kind?: string; externalId?: string; body?: unknown };
        // Idempotent by externalId: a retry after a lost answer does not make a second document.
        const existing = state.documents.find((d) => d.projectId === docs[1] && input.externalId && d.externalId === input.externalId);
        if (existing) return send(res, 200, existing);
        const doc: FakeDocument = { id: `doc-${state.documents.length + 1}`, projectId: docs[1], title: String(input.title ?? ''), kind: String(input.kind ?? ''), externalId: input.externalId ?? null, body: input.body ?? null, receivedAt: clock().toISOString() };
        state.documents.push(doc);
        return send(res, 201, doc);
      }
      if (method === 'POST' && path === '/api/webhooks') {
        const input = JSON.parse(await readBody(req)) as { url?: string; secret?: string };
        if (!input.url || !input.secret) return send(res, 400, { error: 'url and secret are required' });
        hooks.set(input.url, { url: input.url, secret: input.secret });
        state.hooks = [...hooks.values()].map((h) => ({ url: h.url }));
        return send(res, 201, { url: input.url });
      }
      if (method === 'DELETE' && path === '/api/webhooks') {
        const input = JSON.parse(await readBody(req)) as { url?: string };
        hooks.delete(input.url ?? '');
        state.hooks = [...hooks.values()].map((h) => ({ url: h.url }));
        return send(res, 200, {});
      }
      return send(res, 404, { error: 'not_found' });
    }

    // PermitDesk's outbound webhooks land here (subscribed with the connection's secret).
    if (method === 'POST' && path === '/hooks/permitdesk') {
      const raw = await readBody(req);
      const header = (name: string) => (req.headers[name.toLowerCase()] as string | undefined) ?? null;
      const secrets = [...hooks.values()].map((h) => h.secret);
      const checks = secrets.map((secret) => verifyWebhookSignature(secret, { timestamp: header(WEBHOOK_HEADERS.timestamp), signature: header(WEBHOOK_HEADERS.signature), body: raw }, clock()));
      const signature = checks.includes('valid') ? 'valid' : checks.includes('stale') ? 'stale' : secrets.length === 0 ? 'no-secret' : 'invalid';
      let body: unknown = raw;
      try {
        body = JSON.parse(raw);
      } catch {
        // kept as text
      }
      state.webhooks.push({ event: header(WEBHOOK_HEADERS.event), delivery: header(WEBHOOK_HEADERS.delivery), body, signature, receivedAt: clock().toISOString() });
      return send(res, signature === 'valid' ? 200 : 401, { ok: signature === 'valid' });
    }

    // Admin and demo pages (a real platform has its own UI for these).
    if (method === 'GET' && path === '/admin/state') return send(res, 200, { ...state, projects: [...projects.values()] });
    const adminProject = /^\/admin\/projects\/([\w.-]+)$/.exec(path);
    if (method === 'POST' && adminProject?.[1]) {
      const changes = JSON.parse(await readBody(req)) as Partial<Pick<FakeProject, 'name' | 'address'>>;
      if (!projects.has(adminProject[1])) return send(res, 404, { error: 'not_found' });
      return send(res, 200, await platform.updateProject(adminProject[1], changes));
    }
    if (method === 'POST' && path === '/admin/switches') {
      const input = JSON.parse(await readBody(req)) as { failRefresh?: boolean; failDocuments?: number };
      if (input.failRefresh !== undefined) platform.failRefresh = input.failRefresh;
      if (input.failDocuments !== undefined) platform.failDocuments = input.failDocuments;
      return send(res, 200, { failRefresh: platform.failRefresh, failDocuments: platform.failDocuments });
    }
    if (method === 'GET' && path === '/projects') {
      const items = [...projects.values()].map((p) => `<li><a href="/projects/${escapeHtml(p.id)}">${escapeHtml(p.name)}</a> · ${escapeHtml(p.address.line1)}, ${escapeHtml(p.address.city)}</li>`).join('');
      return send(res, 200, `<!doctype html><html><head><meta charset="utf-8"><title>Projects · Fake platform</title></head><body><h1>Projects</h1><ul>${items}</ul></body></html>`);
    }
    const page = /^\/projects\/([\w.-]+)$/.exec(path);
    if (method === 'GET' && page?.[1]) return send(res, 200, hostPage(page[1], url.searchParams.get('as') ?? platform.user.email));
    return send(res, 404, { error: 'not_found' });
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  const base = `http://${options.host ?? '127.0.0.1'}:${address.port}`;

  Object.assign(platform, {
    url: base,
    origin: base,
    clientId,
    clientSecret,
    state,
    projects,
    failRefresh: false,
    failDocuments: 0,
    issuedTokens: [],
    user: { email: 'pm@acme-builders.example', name: 'Pat Morgan' },
    env: () => ({
      PLATFORM_NAME: 'Fake platform',
      PLATFORM_AUTHORIZE_URL: `${base}/oauth/authorize`,
      PLATFORM_TOKEN_URL: `${base}/oauth/token`,
      PLATFORM_REVOKE_URL: `${base}/oauth/revoke`,
      PLATFORM_API_URL: `${base}/api`,
      PLATFORM_EVENTS_URL: `${base}/hooks/permitdesk`,
      PLATFORM_CLIENT_ID: clientId,
      PLATFORM_CLIENT_SECRET: clientSecret,
      PLATFORM_ORIGINS: base,
    }),
    async updateProject(id: string, changes: Partial<Pick<FakeProject, 'name' | 'address'>>) {
      const project = projects.get(id);
      if (!project) throw new Error(`no project ${id}`);
      if (changes.name) project.name = changes.name;
      if (changes.address) project.address = { ...project.address, ...changes.address };
      return deliverEvent('project.updated', { project });
    },
    signinToken({ email, projectId = null, issuedAt, nonce, connectionId }: { email: string; projectId?: string | null; issuedAt?: number; nonce?: string; connectionId?: string }) {
      const hook = connectionId ? [...hooks.values()].find((h) => h.url.endsWith(`/${connectionId}`)) : [...hooks.values()][0];
      if (!hook) throw new Error('not connected: no hook secret to sign with');
      const id = connectionId ?? hook.url.split('/').at(-1) ?? '';
      const claims = { purpose: 'signin', connectionId: id, email, issuedAt: issuedAt ?? nowSeconds(), nonce: nonce ?? randomBytes(18).toString('base64url'), projectId };
      const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
      const signature = signWebhook(hook.secret, claims.issuedAt, payload).slice(3);
      return `${payload}.${signature}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
  return platform;
}
