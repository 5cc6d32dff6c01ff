import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from './create-api-client.js';
import { REQUEST_ERRORS } from '../rules/request-messages.js';
import { ApiRequestError, isAbortError } from './errors.js';
import { startTestServer, type TestServer } from './testing/http-test-server.js';
import type { ApiClientConfig } from './types.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
afterEach(() => {
  server.requests.length = 0;
  server.routes = {};
});

const invitation = {
  invitationId: 9, kind: 'SHARE_WALLET', status: 11, source: 6,
  fromCompany: { id: 1, name: 'Acme' }, toCompany: null, email: null, role: null,
  createdAt: '2026-01-02T03:04:05.000Z', updatedAt: '2026-01-02T03:04:05.000Z',
};

/** A client with a signed-in token, recording what reaches the global handler and the logout hook. */
function setup(overrides: Partial<ApiClientConfig> = {}) {
  const errors: { message: string; error: unknown }[] = [];
  const events = { expired: 0 };
  const client = createApiClient({
    baseUrl: server.url,
    getToken: () => 'token-123',
    isExpired: () => false,
    onExpired: () => void events.expired++,
    onError: (message, error) => void errors.push({ message, error }),
    ...overrides,
  });
  return { client, errors, events };
}

describe('createApiClient: hosts', () => {
  it('throws the SPEC message for an invalid base URL', () => {
    for (const baseUrl of ['', 'not a url', 'ftp://example.com', '/relative-without-a-page']) {
      expect(() => createApiClient({ baseUrl })).toThrow(REQUEST_ERRORS.baseUrlInvalid);
    }
    expect(REQUEST_ERRORS.baseUrlInvalid).toBe('Base url is not valid. ERROR_CODE: BASE_URL_INVALID');
  });

  it('throws the SPEC message for an invalid service URL', () => {
    for (const key of ['privateApiUrl', 'integrationsUrl', 'verificationUrl'] as const) {
      expect(() => createApiClient({ baseUrl: server.url, [key]: 'nope' })).toThrow(
        'Service url is not valid. ERROR_CODE: SERVICE_URL_INVALID',
      );
    }
  });

  it('sends the verification area to the verification host and integrations to theirs', async () => {
    const other = await startTestServer({
      'GET /check/exist/a@b.co': () => ({ body: { email: 'a@b.co', exists: false, verified: false } }),
      'GET /v1/permit-quote/q1': () => ({ status: 404, body: { message: 'No such quote', code: 'NOT_FOUND' } }),
    });
    try {
      const { client } = setup({ verificationUrl: `${other.url}/`, integrationsUrl: other.url });
      await expect(client.verification.checkExists({ params: { email: 'a@b.co' } })).resolves.toEqual({
        email: 'a@b.co', exists: false, verified: false,
      });
      const headers = { sass_agent_id: 'agent-1', sass_organization_id: 'org-9' };
      await expect(client.integrations.quote({ params: { quoteId: 'q1' }, headers, silent: true })).rejects.toMatchObject({ status: 404 });
      expect(other.requests.map((r) => r.path)).toEqual(['/check/exist/a@b.co', '/v1/permit-quote/q1']);
      // Endpoints that declare request headers send them (SPEC §7.7: the quote calls).
      expect(other.requests[1]?.headers).toMatchObject(headers);
      expect(server.requests).toHaveLength(0);
    } finally {
      await other.close();
    }
  });
});

describe('createApiClient: tokens and headers', () => {
  it('sends the bearer token and JSON content type on bearer calls, with path and query filled', async () => {
    server.routes = {
      'GET /v4/permits/7/request-cancellation': () => ({ body: { isSubmitted: true, submittedAt: null } }),
      'PATCH /v4/permits/7/update-project-name': () => ({ status: 500, body: {} }),
    };
    const { client } = setup();
    await expect(client.permits.cancellationStatus({ params: { id: 7 } })).resolves.toEqual({ isSubmitted: true, submittedAt: null });
    const [request] = server.requests;
    expect(request?.headers.authorization).toBe('Bearer token-123');
    expect(request?.headers['content-type']).toBe('application/json');

    await client.permits.updateProjectName({ params: { id: '7' }, query: { projectName: 'Deck & porch' } }).catch(() => null);
    expect(server.requests[1]?.query.get('projectName')).toBe('Deck & porch');
  });

  it('sends no token on sign-up and public lookups', async () => {
    server.routes = { 'GET /tasks': () => ({ body: [{ id: 1, name: 'Roofing' }] }) };
    const { client } = setup();
    await expect(client.lookups.tasks()).resolves.toEqual([{ id: 1, name: 'Roofing' }]);
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('refuses a bearer call without a token, sending nothing', async () => {
    for (const getToken of [() => null, () => '', undefined]) {
      const { client, errors } = setup({ getToken });
      const call = client.permits.cancellationStatus({ params: { id: 7 } });
      await expect(call).rejects.toThrow('Authentication token is not valid. ERROR_CODE: TOKEN_INVALID');
      await expect(call).rejects.toMatchObject({ code: 'TOKEN_INVALID' });
      expect(errors).toHaveLength(0);
    }
    expect(server.requests).toHaveLength(0);
  });

  it('logs out on an expired token and sends nothing', async () => {
    const { client, events } = setup({ isExpired: () => true });
    await expect(client.permits.cancellationStatus({ params: { id: 7 } })).rejects.toMatchObject({ code: 'SESSION_EXPIRED', status: 401 });
    expect(events.expired).toBe(1);
    expect(server.requests).toHaveLength(0);
  });

  it('waits for an asynchronous token (a refresh before use)', async () => {
    server.routes = { 'GET /v4/permits/7/request-cancellation': () => ({ body: { isSubmitted: false, submittedAt: null } }) };
    const { client } = setup({ getToken: () => new Promise((resolve) => setTimeout(() => resolve('fresh'), 5)) });
    await client.permits.cancellationStatus({ params: { id: 7 } });
    expect(server.requests[0]?.headers.authorization).toBe('Bearer fresh');
  });
});

describe('createApiClient: errors', () => {
  it("reports the server's message to the global handler and rejects with status and code", async () => {
    server.routes = { 'GET /v3/permits/5': () => ({ status: 403, body: { message: 'Not your permit', code: 'FORBIDDEN' } }) };
    const { client, errors } = setup();
    const failure = await client.permits.get({ params: { id: 5 } }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiRequestError);
    expect(failure).toMatchObject({ status: 403, code: 'FORBIDDEN', message: 'Not your permit' });
    expect(errors.map((e) => e.message)).toEqual(['Not your permit']);
    expect(errors[0]?.error).toBe(failure);
  });

  it("reports 'An error occurred' when the response has no message", async () => {
    server.routes = { 'GET /v3/permits/5': () => ({ status: 502, body: 'Bad gateway' }) };
    const { client, errors } = setup();
    await expect(client.permits.get({ params: { id: 5 } })).rejects.toMatchObject({ status: 502, message: 'An error occurred', code: 'HTTP_502' });
    expect(errors.map((e) => e.message)).toEqual(['An error occurred']);
  });

  it('keeps silent calls away from the global handler', async () => {
    server.routes = { 'GET /v3/permits/5': () => ({ status: 500, body: { message: 'Boom', code: 'X' } }) };
    const { client, errors } = setup();
    await expect(client.permits.get({ params: { id: 5 }, silent: true })).rejects.toMatchObject({ message: 'Boom' });
    expect(errors).toHaveLength(0);
  });

  it('reports a network failure', async () => {
    const { client, errors } = setup({ baseUrl: 'http://127.0.0.1:9' });
    await expect(client.lookups.tasks()).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
    expect(errors.map((e) => e.message)).toEqual(['An error occurred']);
  });

  it('validates every response by its schema, reporting a mismatch', async () => {
    server.routes = { 'GET /tasks': () => ({ body: [{ id: 'one', name: 'Roofing' }] }) };
    const { client, errors } = setup();
    const failure = await client.lookups.tasks().catch((e: unknown) => e);
    expect(failure).toMatchObject({ code: 'RESPONSE_INVALID', status: 200 });
    expect((failure as Error).message).toContain('GET /tasks');
    expect(errors).toHaveLength(1);
  });

  it('applies schema transforms to what the caller gets', async () => {
    server.routes = { 'GET /v4/permissions': () => ({ body: { '4': { name: 'Acme', role: 'owner' } } }) };
    const { client } = setup();
    await expect(client.account.permissions()).resolves.toEqual({ '4': { name: 'Acme', role: 'owner' } });
  });
});

describe('createApiClient: returnsErrorBody', () => {
  it('gives the caller the server error body instead of reporting it', async () => {
    server.routes = {
      'PUT /v4/invitations/withdraw/9/share-wallet': () => ({ status: 409, body: { message: 'Already withdrawn', code: 'CONFLICT' } }),
    };
    const { client, errors } = setup();
    const result = await client.invitations.withdrawShareWallet({ params: { invitationId: 9 } });
    expect(result).toEqual({ ok: false, status: 409, error: { message: 'Already withdrawn', code: 'CONFLICT' } });
    expect(errors).toHaveLength(0);
  });

  it('fills in the fallback message and code for a bare error', async () => {
    server.routes = { 'PUT /v4/invitations/withdraw/9/share-wallet': () => ({ status: 500 }) };
    const { client } = setup();
    await expect(client.invitations.withdrawShareWallet({ params: { invitationId: 9 } })).resolves.toEqual({
      ok: false, status: 500, error: { message: 'An error occurred', code: 'HTTP_500' },
    });
  });

  it('wraps a success as ok with the parsed data', async () => {
    server.routes = { 'PUT /v4/invitations/withdraw/9/share-wallet': () => ({ body: invitation }) };
    const { client } = setup();
    const result = await client.invitations.withdrawShareWallet({ params: { invitationId: 9 } });
    expect(result).toEqual({ ok: true, status: 200, data: invitation });
  });
});

describe('createApiClient: header paging', () => {
  it('returns the items with the x-pagination headers and the page count', async () => {
    server.routes = {
      'GET /v4/projects/search': () => ({
        body: [],
        headers: { 'x-pagination-index': '2', 'x-pagination-size': '20', 'x-pagination-totalcount': '41' },
      }),
    };
    const { client } = setup();
    const page = await client.projects.search({ query: { keyword: 'Main', page: 2, size: 20 } });
    expect(page).toEqual({ items: [], page: 2, size: 20, totalCount: 41, pageCount: 3 });
    expect(Object.fromEntries(server.requests[0]!.query)).toEqual({ keyword: 'Main', page: '2', size: '20' });
  });
});

describe('createApiClient: cancellation', () => {
  it('lets two project searches run side by side: a newer one does not cancel the older', async () => {
    server.routes = {
      'GET /v4/projects/search': (request) => ({
        delayMs: request.query.get('keyword') === 'radar' ? 200 : 0,
        body: [],
        headers: { 'x-pagination-index': '1', 'x-pagination-size': '20', 'x-pagination-totalcount': request.query.get('keyword') === 'radar' ? '1' : '2' },
      }),
    };
    const { client, errors } = setup();
    // The radar's search, then the header's suggestions: each caller cancels only its own.
    const radar = client.projects.search({ query: { keyword: 'radar' } });
    const suggestions = client.projects.search({ query: { keyword: 'suggest', size: 5 } });
    await expect(suggestions).resolves.toMatchObject({ totalCount: 2 });
    await expect(radar).resolves.toMatchObject({ totalCount: 1 });
    expect(errors).toHaveLength(0);
  });

  it("cancels a project search through its caller's signal only", async () => {
    server.routes = { 'GET /v4/projects/search': () => ({ delayMs: 200, body: [], headers: { 'x-pagination-totalcount': '3', 'x-pagination-size': '20' } }) };
    const { client, errors } = setup();
    const own = new AbortController();
    const cancelled = client.projects.search({ query: { keyword: 'old' }, signal: own.signal });
    const other = client.projects.search({ query: { keyword: 'other' } });
    setTimeout(() => own.abort(), 20);
    expect(isAbortError(await cancelled.catch((e: unknown) => e))).toBe(true);
    await expect(other).resolves.toMatchObject({ totalCount: 3 });
    expect(errors).toHaveLength(0);
  });

  it('stops any call on its own AbortSignal', async () => {
    server.routes = { 'GET /tasks': () => ({ delayMs: 300, body: [] }) };
    const { client, errors } = setup();
    const controller = new AbortController();
    const call = client.lookups.tasks({ signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    expect(isAbortError(await call.catch((e: unknown) => e))).toBe(true);
    expect(errors).toHaveLength(0);
  });
});
