// Test data shaped by core's schemas, and a fake network at the fetch boundary (the server is not
// ours to run in component tests; everything above fetch is the real client, store and router).
import type { Permissions, Profile, SessionTokens } from '@permitdesk/core';
import { vi } from 'vitest';

export const profile = (overrides: Partial<Profile> = {}, permissions: Permissions = {}): Profile => ({
  sub: '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
  email: 'ann@example.com',
  email_verified: true,
  name: 'Ann Lee',
  given_name: 'Ann',
  family_name: 'Lee',
  phone_number: '+15552345678',
  'custom:hasMigrated': 1,
  'custom:setupCompanyName': null,
  'custom:fromURL': null,
  permissions,
  ...overrides,
});

export const tokens = (): SessionTokens => ({ accessToken: 'access-1', refreshToken: 'refresh-1', expiresAt: Date.now() + 3_600_000 });

export type Route = (request: Request, url: URL) => { status?: number; body?: unknown; headers?: Record<string, string> } | undefined;

/** Replaces fetch: each call goes to the first route that answers; unknown calls fail with 404. */
export function fakeNetwork(routes: Record<string, Route>) {
  const calls: Array<{ method: string; url: URL; body: unknown }> = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.clone().text();
    calls.push({ method: request.method, url, body: text ? (JSON.parse(text) as unknown) : undefined });
    const handler = routes[`${request.method} ${url.pathname}`];
    const answer = handler?.(request, url) ?? { status: 404, body: { message: 'Not found', code: 'NOT_FOUND' } };
    return new Response(JSON.stringify(answer.body ?? null), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json', ...answer.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('XMLHttpRequest', FetchXhr);
  return { calls, fetchMock };
}

/**
 * XMLHttpRequest over whatever fetch is at send time (the fake network, or a test's own stub): uploads,
 * which use XHR for their progress, go through the same routes as every other call.
 */
class FetchXhr {
  upload: { onprogress: ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  #responseHeaders = new Headers();
  #method = 'GET';
  #url = '';
  #headers: Record<string, string> = {};
  open(method: string, url: string) {
    this.#method = method;
    this.#url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.#headers[name] = value;
  }
  getResponseHeader(name: string): string | null {
    return this.#responseHeaders.get(name);
  }
  abort() {
    this.onabort?.();
  }
  send(body: Blob) {
    void globalThis.fetch(this.#url, { method: this.#method, headers: this.#headers, body }).then(
      async (response) => {
        this.upload.onprogress?.({ loaded: body.size, total: body.size, lengthComputable: true });
        this.status = response.status;
        this.#responseHeaders = response.headers;
        this.responseText = await response.text();
        this.onload?.();
      },
      () => this.onerror?.(),
    );
  }
}

/** A radar row (a permit) valid against core's permitSchema. */
export const permitRow = (id: number, customerName: string) => ({
  id, permitId: id, stage: 10, session: `s${id}`, projectId: 40 + id, projectName: null, taskId: 3, taskName: 'Roof replacement',
  agentId: null, customerName, orderNumber: null,
  address: { streetAddress: '1 Main St', streetModifier: null, city: 'Springfield', state: 'IL', postalCode: '62701' },
  projectAddress: '1 Main St, Springfield, IL 62701', customerPhoneNumber: null, customerAltPhoneNumber: null,
  createdAt: '2026-01-02T10:00:00.000Z', expiresAt: null, issuedAt: null, estCompletionAt: null, assignedName: null,
  assignedNameLatest: null, assignedTypeLatest: null, assignedIdLatest: null, projectsAssignments: [], permitInspections: [],
  scopeOfWork: null, projectValue: null, projectDetails: { homeBuiltDate: null, fullAddress: '1 Main St, Springfield, IL 62701' },
  municipalityId: 9, municipalityName: 'City of Springfield', municipality: { id: 9, name: 'City of Springfield' },
  permitRedirectURL: null, permitNumber: null, cancellationRequested: false, companyId: null,
});
