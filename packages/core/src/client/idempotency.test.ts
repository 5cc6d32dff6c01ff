// Creating calls carry an Idempotency-Key: one fresh key per call, the same key on ky's retries of
// that call (after a lost answer), the caller's own key when it retries a user action itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER } from '../schemas/common.js';
import { createApiClient } from './create-api-client.js';
import { startTestServer, type TestServer } from './testing/http-test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const invitation = {
  invitationId: 9, kind: 'USER_TYPE', status: 11, source: 6,
  fromCompany: { id: 1, name: 'Acme' }, toCompany: null, email: 'a@b.co', role: null,
  createdAt: '2026-01-02T03:04:05.000Z', updatedAt: '2026-01-02T03:04:05.000Z',
};
const body = { email: 'a@b.co', companyId: 1, role: 'Admin' } as never;

describe('Idempotency-Key', () => {
  it('sends one key per call, reused by the retries of that call, and the caller’s own key when given', async () => {
    let failures = 1;
    server.routes = {
      'POST /v4/invitations/user-type': () => (failures-- > 0 ? { status: 503, body: { message: 'busy', code: 'UNAVAILABLE' } } : { body: invitation }),
      'GET /v4/companies': () => ({ body: [] }),
    };
    const client = createApiClient({ baseUrl: server.url, getToken: () => 'token', isExpired: () => false });
    const first = await client.invitations.inviteUser({ body });
    expect(first.ok).toBe(true);
    const keys = server.requests.map((request) => request.headers[IDEMPOTENCY_HEADER]);
    expect(keys).toHaveLength(2); // the 503, then its retry
    expect(keys[0]).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(keys[1]).toBe(keys[0]);

    await client.invitations.inviteUser({ body });
    expect(server.requests[2]?.headers[IDEMPOTENCY_HEADER]).not.toBe(keys[0]);
    await client.invitations.inviteUser({ body, idempotencyKey: 'my-action-1' });
    expect(server.requests[3]?.headers[IDEMPOTENCY_HEADER]).toBe('my-action-1');

    await client.companies.list();
    expect(server.requests[4]?.headers[IDEMPOTENCY_HEADER]).toBeUndefined();
  });
});
