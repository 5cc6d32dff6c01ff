// The success link's session handoff: a code is asked for (with the user's token) only when the page
// is not the PermitDesk site and someone is signed in; anything going wrong leaves the plain link.
import { identityEndpoints, type Profile } from '@permitdesk/core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { HANDOFF_CODE, startFakePermitDesk, type FakePermitDesk } from '../test/fake-permitdesk.js';
import { createWidgetRuntime, type WidgetRuntime } from './widget-runtime.js';

let server: FakePermitDesk;
let runtime: WidgetRuntime | undefined;
const pageUrl = window.location.href;
/** happy-dom's own handle on the window: moves the page to another address. */
const goTo = (url: string) => (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(url);

beforeAll(async () => {
  server = await startFakePermitDesk();
});
afterAll(() => server.close());
afterEach(() => {
  runtime?.dispose();
  localStorage.clear();
  goTo(pageUrl);
});

const profile: Profile = {
  sub: '6f1c2d5e-8a4b-4c3d-9e2f-1a2b3c4d5e6f', email: 'pat@builder.example', email_verified: true, name: 'Pat Builder',
  given_name: 'Pat', family_name: 'Builder', phone_number: null, 'custom:hasMigrated': 1, 'custom:setupCompanyName': null,
  'custom:fromURL': null, permissions: {},
};
const signIn = (r: WidgetRuntime) => r.session.getState().login({ accessToken: 'access-token', refreshToken: 'refresh-token', expiresAt: Date.now() + 3_600_000 }, profile);

it('adds a handoff code on a partner page once signed in, and nothing before', async () => {
  goTo('http://partner.example/permits');
  runtime = createWidgetRuntime({ apiBase: server.api.url });
  const url = runtime.successUrl('sess-1');
  expect(await runtime.handOff(url)).toBe(url);
  expect(server.api.calls(identityEndpoints.createHandoff)).toHaveLength(0);

  signIn(runtime);
  expect(await runtime.handOff(url)).toBe(`${server.api.url}/success?type=APPLY_FOR_PROJECT_PERMIT&session=sess-1&handoff=${HANDOFF_CODE}`);
  const [call] = server.api.calls(identityEndpoints.createHandoff);
  expect(call?.headers.authorization).toBe('Bearer access-token');
  expect(call?.body).toEqual({ audience: server.api.url });
});

it('asks for nothing on the PermitDesk site itself, whose storage already holds the session', async () => {
  goTo(`${server.api.url}/embed`);
  runtime = createWidgetRuntime({ apiBase: server.api.url });
  signIn(runtime);
  const before = server.api.calls(identityEndpoints.createHandoff).length;
  const url = runtime.successUrl('sess-2');
  expect(await runtime.handOff(url)).toBe(url);
  expect(server.api.calls(identityEndpoints.createHandoff)).toHaveLength(before);
});

it('keeps the plain link when no code can be had', async () => {
  goTo('http://partner.example/permits');
  server.api.on(identityEndpoints.createHandoff, () => ({ status: 429, body: { message: 'Attempt limit exceeded, please try after some time.', code: 'LIMIT_EXCEEDED' } }));
  runtime = createWidgetRuntime({ apiBase: server.api.url });
  signIn(runtime);
  const url = runtime.successUrl('sess-3');
  expect(await runtime.handOff(url)).toBe(url);
});
