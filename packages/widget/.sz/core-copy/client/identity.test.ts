import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from './create-api-client.js';
import { createIdentityClient, disposeIdentity, identity, IDENTITY_ERRORS, initIdentity } from './identity.js';
import { startTestServer, type TestServer } from './testing/http-test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
afterEach(() => {
  disposeIdentity();
  server.requests.length = 0;
  server.routes = {};
});

const profile = {
  sub: '6f1c4c56-5d1a-4e55-9d0a-2d8f3f0f7a11', email: 'ann@example.com', email_verified: true, name: 'Ann Lee',
  given_name: 'Ann', family_name: 'Lee', phone_number: '+15552345678', 'custom:hasMigrated': 1,
  'custom:setupCompanyName': null, 'custom:fromURL': null, permissions: {},
};
const tokens = { accessToken: 'a1', refreshToken: 'r1', expiresAt: 1_900_000_000_000 };

describe('identity client initialisation', () => {
  it('throws when used before initIdentity', () => {
    expect(() => identity()).toThrow(IDENTITY_ERRORS.notInitialised);
  });

  it('throws when initialised twice', () => {
    initIdentity({ baseUrl: server.url });
    expect(() => initIdentity({ baseUrl: server.url })).toThrow(IDENTITY_ERRORS.alreadyInitialised);
    expect(identity()).toBeDefined();
  });

  it('checks the base URL like the API client', () => {
    expect(() => initIdentity({ baseUrl: 'nope' })).toThrow('Base url is not valid. ERROR_CODE: BASE_URL_INVALID');
  });
});

describe('identity client calls', () => {
  it('authenticates with a normalised e-mail and returns tokens and profile', async () => {
    server.routes = { 'POST /auth/authenticate': () => ({ body: { status: 'ok', tokens, profile } }) };
    const id = initIdentity({ client: createApiClient({ baseUrl: server.url }) });
    await expect(id.authenticate({ email: '  Ann@Example.COM ', password: 'secret12' })).resolves.toEqual({ status: 'ok', tokens, profile });
    expect(server.requests[0]?.body).toEqual({ email: 'ann@example.com', password: 'secret12' });
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('passes the new-password-required challenge through', async () => {
    server.routes = {
      'POST /auth/authenticate': () => ({ body: { status: 'new_password_required', session: 's-1', email: 'ann@example.com' } }),
      'POST /auth/complete-new-password': () => ({ body: { status: 'ok', tokens, profile } }),
    };
    const id = createIdentityClient(createApiClient({ baseUrl: server.url }));
    const result = await id.authenticate({ email: 'ann@example.com', password: 'temporary' });
    expect(result).toEqual({ status: 'new_password_required', session: 's-1', email: 'ann@example.com' });
    await expect(id.completeNewPassword({ session: 's-1', newPassword: 'brand-new-1' })).resolves.toMatchObject({ status: 'ok' });
  });

  it('does nothing for an empty sign-up attributes object', async () => {
    const id = createIdentityClient(createApiClient({ baseUrl: server.url }));
    await expect(id.signUp({})).resolves.toBeNull();
    expect(server.requests).toHaveLength(0);
  });

  it('rejects to the caller without reaching the global error handler', async () => {
    server.routes = { 'POST /auth/forgot-password': () => ({ status: 429, body: { message: 'Attempt limit exceeded', code: 'LIMIT' } }) };
    const errors: string[] = [];
    const id = createIdentityClient(createApiClient({ baseUrl: server.url, onError: (m) => void errors.push(m) }));
    await expect(id.forgotPassword('ann@example.com')).rejects.toMatchObject({ status: 429, message: 'Attempt limit exceeded' });
    expect(errors).toEqual([]);
  });

  it('sends the token on change password and update attributes, and refreshes without one', async () => {
    server.routes = {
      'POST /auth/change-password': () => ({ body: { ok: true } }),
      'POST /auth/refresh': () => ({ body: { tokens, profile } }),
      'POST /auth/sign-out': () => ({ body: { ok: true } }),
    };
    const id = createIdentityClient(createApiClient({ baseUrl: server.url, getToken: () => 'a0' }));
    await id.changePassword({ oldPassword: 'old-pass-1', newPassword: 'new-pass-1' });
    await id.refreshSession('r0');
    await id.signOut('r1');
    expect(server.requests.map((r) => [r.path, r.headers.authorization ?? null, r.body])).toEqual([
      ['/auth/change-password', 'Bearer a0', { oldPassword: 'old-pass-1', newPassword: 'new-pass-1' }],
      ['/auth/refresh', null, { refreshToken: 'r0' }],
      ['/auth/sign-out', null, { refreshToken: 'r1' }],
    ]);
  });
});
