import * as v from 'valibot';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type EndpointDef,
  endpoints,
  isUsableEmailStatus,
  type EmailStatus,
  type SignupFlowRecord,
  FLOW_MESSAGES,
  MESSAGES,
} from '@permitdesk/core';
import { createApiClient, createSessionStore, createMemoryStorage } from '@permitdesk/core/client';
import { startTestServer, type RecordedRequest, type Reply, type TestServer } from '@permitdesk/core/testing';
import { createSignupFlow, PENDING_VERIFICATION_KEY, type SignupFlowOptions } from './controller.js';
import type { TrackedStep } from './steps.js';
import { trackedSteps } from './tracking.js';
import { address, companyAddress, geocoded, municipality, task } from './testing/fixtures.js';
import { createManualTimers } from './testing/manual-timers.js';

const START_URL = 'https://lumber.example/permits?ref=home';
const SUB = '6f1c4c56-5d1a-4e55-9d0a-2d8f3f0f7a11';

/**
 * The server's part of the sign-up calls, with a little state: accounts, verifier answers, saved
 * flow records. Each request body is checked against the catalogue's own request schema, so the
 * test fails if the controller sends something the real server would refuse.
 */
function fakeServer() {
  const state = {
    accounts: new Map<string, { password: string; verified: boolean; twoFactor?: boolean }>(),
    verifier: new Map<string, EmailStatus>(),
    records: new Map<string, SignupFlowRecord>(),
    /** Issue 18: addresses whose link was opened, and those whose starting device's key is suspended. */
    verified: new Set<string>(),
    suspended: new Set<string>(),
    linkOpensElsewhere: false,
    failing: new Set<string>(),
    /** The geocode answer carries the municipality (today's server); false: an older server's answer. */
    municipalityInGeocode: false,
    totpCounter: 0,
    checkSendsMail: false,
    /** Company names taken (compared case-insensitively, like the server). */
    companies: new Set<string>(),
    /** What GET /verify-reoon answers instead of a verdict (e.g. the server's 503s). */
    checkRefusal: null as Reply | null,
    /** While set, the geocode answer waits for this promise (a slow geocoder). */
    geocodeHeld: null as Promise<void> | null,
  };
  const profile = (email: string) => ({
    sub: SUB, email, email_verified: true, name: 'Ann Lee', given_name: 'Ann', family_name: 'Lee', phone_number: '+15552345678',
    'custom:hasMigrated': 1, 'custom:setupCompanyName': null, 'custom:fromURL': null, permissions: {},
  });
  const tokens = { accessToken: 'access-1', refreshToken: 'refresh-1', expiresAt: 4_000_000_000_000 };
  const fail = { status: 500, body: { message: 'Server exploded', code: 'INTERNAL' } };

  const handle = (def: EndpointDef, key: string, handler: (r: RecordedRequest) => Reply | Promise<Reply>) => (request: RecordedRequest) => {
    if (state.failing.has(key)) return fail;
    if (def.body) {
      const parsed = v.safeParse(def.body, request.body);
      if (!parsed.success) return { status: 400, body: { message: v.summarize(parsed.issues), code: 'VALIDATION' } };
    }
    return handler(request);
  };
  const emailIn = (r: RecordedRequest) => decodeURIComponent(r.path.split('/').pop()!);
  const e = endpoints;
  const routes = {
    'GET /global-setting': handle(e.lookups.globalSettings, 'settings', () => ({
      body: [
        { settingKey: 'INDIVIDUAL_REQUEST_PERMIT', value: 'true' },
        { settingKey: 'NOTIFICATION_WALL_COMPANY', value: 'true' },
        { settingKey: 'NOTIFICATION_WALL_DO_IT_YOURSELF', value: 'false' },
      ],
    })),
    'GET /v4/lookup/addresses/*': handle(e.lookups.geocodeAddress, 'geocode', async () => {
      await state.geocodeHeld;
      return { body: state.municipalityInGeocode ? { ...geocoded, municipality } : geocoded };
    }),
    // Like the real server: the query must pass the catalogue's schema.
    'GET /search/': handle(e.lookups.municipalityByLocation, 'municipality', (r) =>
      v.is(e.lookups.municipalityByLocation.query, Object.fromEntries(r.query))
        ? { body: municipality }
        : { status: 400, body: { message: 'Invalid query', code: 'VALIDATION' } },
    ),
    'GET /address-count/*': handle(e.lookups.getAddressCount, 'count', () => ({
      body: { id: 'c1', addressId: '4821', count: 2, details: { longitude: -118.1445, latitude: 34.1478, place_name: address.place_name }, isCreate: false },
    })),
    'GET /check/exist/*': handle(e.verification.checkExists, 'exists', (r) => {
      const account = state.accounts.get(emailIn(r));
      return { body: { email: emailIn(r), exists: !!account, verified: account?.verified ?? false } };
    }),
    'GET /v4/lookup/company-name-available': handle(e.lookups.companyNameAvailable, 'nameCheck', (r) => ({
      body: { available: !state.companies.has((r.query.get('name') ?? '').trim().toLowerCase()) },
    })),
    'GET /verify-reoon/*': handle(e.verification.checkEmail, 'check', (r) => {
      if (state.checkRefusal) return state.checkRefusal;
      const status = state.verifier.get(emailIn(r)) ?? 'safe';
      // Like the real server: an unusable address is refused with 400 and its status in `fields`.
      if (!isUsableEmailStatus(status)) {
        return { status: 400, body: { message: `Your email is ${status}`, code: 'EMAIL_NOT_USABLE', fields: { status } } };
      }
      // Like a verifier that mails the link itself when it was told where the link goes.
      const mails = state.checkSendsMail && status === 'safe' && r.query.get('location') !== null;
      return { body: { status, email: emailIn(r), isSendMailSuccess: mails, totp: mails ? `totp-${++state.totpCounter}` : null } };
    }),
    'POST /save/reoon-data': handle(e.verification.saveVerification, 'saveInvalid', () => ({ body: { ok: true } })),
    'POST /sendMailToVerifyAccount': handle(e.verification.sendVerifyMail, 'sendMail', () => ({
      body: { isSendMailSuccess: true, totp: `totp-${++state.totpCounter}` },
    })),
    'POST /save/signup-flow': handle(e.verification.saveSignupFlow, 'saveFlow', (r) => {
      const body = r.body as { totp: string; signupFlow: SignupFlowRecord['signupFlow'] };
      const record = { id: 1, totp: body.totp, signupFlow: body.signupFlow, verified: false };
      state.records.set(body.signupFlow.email, record);
      return { body: record };
    }),
    'PUT /update/signup-flow/totp': handle(e.verification.updateSignupFlowTotp, 'updateTotp', (r) => {
      const { email, totp } = r.body as { email: string; totp: string };
      const record = { ...state.records.get(email)!, totp };
      state.records.set(email, record);
      return { body: record };
    }),
    'DELETE /delete/signup-flow/totp': handle(e.verification.deleteSignupFlow, 'deleteFlow', () => ({ body: { ok: true } })),
    'POST /confirmVerifiedUrl': handle(e.verification.confirmVerifiedUrl, 'confirm', (r) => {
      const { email, token, totp } = r.body as { email: string; token: string; totp?: string };
      const record = state.records.get(email);
      if (!record) return { body: { verified: true, signupFlow: null } };
      if (record.totp !== token) return { status: 400, body: { message: 'Bad token', code: 'TOKEN' } };
      state.verified.add(email);
      // Like the real server: a link opened on another device (not holding the flow's key) suspends the
      // starting device's key and hands this device a key of its own.
      if (state.linkOpensElsewhere && totp !== record.totp) {
        state.suspended.add(email);
        return { body: { verified: true, signupFlow: { ...record, totp: `second-${email}`, verified: true }, otherDevice: true } };
      }
      return { body: { verified: true, signupFlow: { ...record, verified: true } } };
    }),
    // Issue 18: the starting device's poll, and the hand-back from the device that opened the link.
    'POST /signup-flow/status': handle(e.verification.signupFlowStatus, 'status', (r) => {
      const { email, totp } = r.body as { email: string; totp: string };
      const record = state.records.get(email);
      if (!record || record.totp !== totp) return { status: 403, body: { message: 'The sign-up code is not valid.', code: 'SIGNUP_FLOW_KEY_INVALID' } };
      if (state.suspended.has(email)) return { body: { verified: false, elsewhere: true, signupFlow: null } };
      return state.verified.has(email)
        ? { body: { verified: true, elsewhere: false, signupFlow: { ...record, verified: true } } }
        : { body: { verified: false, elsewhere: false, signupFlow: null } };
    }),
    'POST /signup-flow/hand-over': handle(e.verification.handOverSignupFlow, 'handOver', (r) => {
      const { email, totp } = r.body as { email: string; totp: string };
      if (totp !== `second-${email}` || !state.verified.has(email)) return { status: 403, body: { message: 'The sign-up code is not valid.', code: 'SIGNUP_FLOW_KEY_INVALID' } };
      state.suspended.delete(email);
      return { body: { ok: true } };
    }),
    'POST /verify-reoon-otp': handle(e.verification.verifyOtp, 'otp', (r) => {
      const { email, otp } = r.body as { email: string; otp: string };
      const record = state.records.get(email);
      return otp === '123456' && record ? { body: { verified: true, signupFlow: record } } : { body: { verified: false, signupFlow: null } };
    }),
    'POST /create-user-app': handle(e.account.createUserApp, 'create', (r) => {
      const body = r.body as { email: string; password: string; companyName: string | null };
      if (state.accounts.has(body.email)) return { status: 409, body: { message: FLOW_MESSAGES.accountExists, code: 'ACCOUNT_EXISTS' } };
      if (body.companyName && state.companies.has(body.companyName.trim().toLowerCase())) {
        return { status: 409, body: { message: MESSAGES.companyNameTaken, code: 'COMPANY_NAME_TAKEN' } };
      }
      // Like the real server: the most common passwords are refused with core's message.
      if (body.password === 'password1') return { status: 400, body: { message: MESSAGES.passwordTooCommon, code: 'PASSWORD_TOO_COMMON' } };
      state.accounts.set(body.email, { password: body.password, verified: true });
      return { status: 201, body: { id: SUB, emailAddress: body.email } };
    }),
    'POST /auth/authenticate': handle(e.identity.authenticate, 'auth', (r) => {
      const { email, password } = r.body as { email: string; password: string };
      const account = state.accounts.get(email);
      if (account?.password !== password) return { status: 401, body: { message: 'Incorrect username or password.', code: 'NOT_AUTHORIZED' } };
      // Like the real server with two-step sign-in on: a challenge for the second step (issue 18).
      if (account.twoFactor) return { body: { status: 'two_factor_required', challenge: `challenge:${email}`, email } };
      return { body: { status: 'ok', tokens, profile: profile(email) } };
    }),
    'POST /auth/two-factor': handle(e.identity.twoFactor, 'twoFactor', (r) => {
      const { challenge, code } = r.body as { challenge: string; code: string };
      const email = challenge.replace(/^challenge:/, '');
      return code === '246810' || code === 'abcde-fghjk'
        ? { body: { status: 'ok', tokens, profile: profile(email) } }
        : { status: 400, body: { message: 'That code is not right. Check your authenticator app and try again.', code: 'CODE_MISMATCH' } };
    }),
    'POST /auth/forgot-password': handle(e.identity.forgotPassword, 'forgot', () => ({ body: { ok: true } })),
    'POST /auth/confirm-password': handle(e.identity.confirmPassword, 'confirmPassword', (r) => {
      const { email, code, newPassword } = r.body as { email: string; code: string; newPassword: string };
      if (code !== '654321') return { status: 400, body: { message: 'Invalid verification code provided, please try again.', code: 'CODE_MISMATCH' } };
      state.accounts.set(email, { password: newPassword, verified: true });
      return { body: { ok: true } };
    }),
  };
  return { state, routes };
}

let server: TestServer;
let fake: ReturnType<typeof fakeServer>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
afterEach(() => {
  server.requests.length = 0;
});

function setup(overrides: Partial<SignupFlowOptions> & { storage?: Storage } = {}) {
  fake ??= fakeServer();
  server.routes = fake.routes;
  const storage = overrides.storage ?? createMemoryStorage();
  const errors: string[] = [];
  // Counts the requests handed to fetch (the server records them only when they arrive).
  let sentCount = 0;
  const countingFetch: typeof fetch = (input, init) => (sentCount++, fetch(input, init));
  const client = createApiClient({ baseUrl: server.url, onError: (m) => void errors.push(m), fetch: countingFetch });
  const session = createSessionStore({ storage: createMemoryStorage(), identity: { signOut: async () => ({ ok: true as const }) } as never, autoRefresh: false });
  const timers = createManualTimers();
  const redirects: string[] = [];
  const tracked: TrackedStep[] = [];
  const flow = createSignupFlow({
    client, session, storage, timers, startUrl: START_URL,
    onRedirect: (p) => void redirects.push(p), onMove: (p, e, n) => void tracked.push(...trackedSteps(p, e, n)), ...overrides,
  });
  const calls = () => server.requests.map((r) => `${r.method} ${r.path}`);
  const sent = () => sentCount;
  const resetSent = () => void (sentCount = 0);
  return { flow, session, storage, timers, redirects, tracked, errors, calls, sent, resetSent, s: () => flow.getState() };
}

/** Drives a new flow up to the e-mail step. */
async function toEmailStep(t: ReturnType<typeof setup>) {
  await t.s().loadSettings();
  await t.s().selectAddress(address);
  t.s().next();
  t.s().selectTask(task);
  t.s().next();
  t.s().setField('fullName', 'Ann Lee');
  t.s().setField('phone', '(555) 234-5678');
  t.s().next();
  expect(t.s().flow.step).toBe('enter-email');
  server.requests.length = 0;
}

const fresh = () => {
  fake = fakeServer();
};

describe('signup flow: a new e-mail', () => {
  it('loads settings, address, municipality and the similar-address flag', async () => {
    fresh();
    const t = setup();
    await t.s().loadSettings();
    expect(t.s().flow.context.settings).toMatchObject({ diyAllowed: true, companyNoticeOn: true, diyNoticeOn: false });
    expect(t.s().flow.context.settings.companyNotice?.titleHeaderForm).toBe('Important notice');
    await t.s().selectAddress(address);
    expect(t.s().flow.context).toMatchObject({ address, geocodedAddress: geocoded, municipality, similarAddress: true });
    // The count starts with the geocoding (it needs only the id); the municipality waits for the point.
    expect(t.calls()).toEqual(['GET /global-setting', `GET /address-count/${address.id}`, `GET /v4/lookup/addresses/${address.id}`, 'GET /search/']);
    // The geocoded address's USPS city, state and ZIP go along, so the server picks the city it names.
    const search = server.requests.find((r) => r.path === '/search/')!;
    expect(Object.fromEntries(search.query)).toEqual({ lat: '34.1478', lon: '-118.1445', city: 'Pasadena', state: 'CA', zip: '91101' });
  });

  it('takes the municipality from the geocode answer when it carries one: one round trip, no /search/', async () => {
    fresh();
    fake.state.municipalityInGeocode = true;
    const t = setup();
    await t.s().selectAddress(address);
    expect(t.s().flow.context).toMatchObject({ address, geocodedAddress: geocoded, municipality, similarAddress: true });
    expect(t.s().flow.context.geocodedAddress).not.toHaveProperty('municipality');
    expect(t.calls()).toEqual([`GET /address-count/${address.id}`, `GET /v4/lookup/addresses/${address.id}`]);
  });

  it('a quick geocoding answer goes straight to the detail view: one move, no spinner in between', async () => {
    fresh();
    fake.state.municipalityInGeocode = true;
    const moves: string[] = [];
    const t = setup({ onMove: (_p, event) => void moves.push(event.type) });
    const busyStates: boolean[] = [];
    t.flow.subscribe((state) => void busyStates.push(state.busy));
    await t.s().selectAddress(address);
    expect(moves).toEqual(['ADDRESS_SELECTED']);
    expect(t.s().flow.context.geocodedAddress).toEqual(geocoded);
    expect(busyStates).not.toContain(true);
    expect(t.timers.pending()).toBe(0);
  });

  it('a slow geocoding answer: the chosen address shows with the spinner after 100 ms, then the detail', async () => {
    fresh();
    fake.state.municipalityInGeocode = true;
    let answer!: () => void;
    fake.state.geocodeHeld = new Promise<void>((resolve) => (answer = resolve));
    const t = setup();
    const picking = t.s().selectAddress(address);
    await vi.waitFor(() => expect(server.requests.some((r) => r.path.startsWith('/v4/lookup/addresses/'))).toBe(true));
    t.timers.advance(99);
    expect(t.s().flow.context.address).toBeNull();
    t.timers.advance(1);
    expect(t.s().flow.context).toMatchObject({ address, geocodedAddress: null });
    expect(t.s().busy).toBe(true);
    answer();
    await picking;
    expect(t.s().flow.context).toMatchObject({ address, geocodedAddress: geocoded, municipality });
    expect(t.s().busy).toBe(false);
  });

  it('a late answer for an address since cleared is dropped', async () => {
    fresh();
    let answer!: () => void;
    fake.state.geocodeHeld = new Promise<void>((resolve) => (answer = resolve));
    const t = setup();
    const picking = t.s().selectAddress(address);
    t.timers.advance(100);
    t.s().clearAddress();
    answer();
    await picking;
    expect(t.s().flow.context).toMatchObject({ address: null, geocodedAddress: null });
  });

  it("reports 'Failed to Lookup Address' when geocoding fails", async () => {
    fresh();
    fake.state.failing.add('geocode');
    const t = setup();
    await t.s().selectAddress(address);
    expect(t.s().alert).toEqual({ type: 'error', title: 'Failed to Lookup Address', message: FLOW_MESSAGES.addressLookupFailed });
    expect(t.errors).toEqual([]);
  });

  it('checks exists → verifies the address → sends the mail with the start page → saves the flow record', async () => {
    fresh();
    const t = setup();
    await toEmailStep(t);
    await t.s().validateEmail('  Ann@Example.COM ');
    expect(t.calls()).toEqual([
      'GET /check/exist/ann@example.com',
      'GET /verify-reoon/ann@example.com',
      'POST /sendMailToVerifyAccount',
      'POST /save/signup-flow',
    ]);
    expect(server.requests[2]?.body).toEqual({ toEmail: 'ann@example.com', firstName: 'Ann', location: START_URL, source: 'home' });
    expect(fake.state.records.get('ann@example.com')?.signupFlow).toMatchObject({
      email: 'ann@example.com', fullName: 'Ann Lee', phoneNumber: '(555) 234-5678', backupSelectedTaskObj: task,
      backupAddressObj: { ...address, geocoded }, startWithRoles: null,
    });
    expect(t.s().flow.context).toMatchObject({ checkStatus: 'sent', totp: 'totp-1', email: 'ann@example.com' });
    expect(JSON.parse(t.storage.getItem(PENDING_VERIFICATION_KEY)!)).toEqual({ email: 'ann@example.com', totp: 'totp-1' });
    expect(t.errors).toEqual([]);
  });

  it('resend sets the flag, spins for 1 s and stores the new code', async () => {
    fresh();
    const t = setup();
    await toEmailStep(t);
    await t.s().validateEmail('ann@example.com');
    server.requests.length = 0;
    const resend = t.s().resendEmail();
    expect(t.s().flow.context).toMatchObject({ resent: true, resending: true });
    // Both calls answered; the spinner still waits for its second on the test's clock.
    await vi.waitFor(() => expect(server.requests).toHaveLength(2));
    expect(t.s().flow.context.resending).toBe(true);
    t.timers.advance(1000);
    await resend;
    expect(t.s().flow.context).toMatchObject({ resent: true, resending: false, totp: 'totp-2' });
    expect(t.calls()).toEqual(['POST /sendMailToVerifyAccount', 'PUT /update/signup-flow/totp']);
    expect(fake.state.records.get('ann@example.com')?.totp).toBe('totp-2');
  });

  it('does not mail twice when the verifier already mailed the link', async () => {
    fresh();
    fake.state.checkSendsMail = true;
    const t = setup();
    await toEmailStep(t);
    await t.s().validateEmail('ann@example.com');
    expect(t.calls()).toEqual(['GET /check/exist/ann@example.com', 'GET /verify-reoon/ann@example.com', 'POST /save/signup-flow']);
    expect(Object.fromEntries(server.requests[1]!.query)).toEqual({ firstName: 'Ann', location: START_URL });
    expect(t.s().flow.context).toMatchObject({ checkStatus: 'sent', totp: 'totp-1' });
  });

  it("refuses an unusable address with 'Your email is {status}' and saves the result", async () => {
    fresh();
    fake.state.verifier.set('temp@mailinator.com', 'disposable');
    const t = setup();
    await toEmailStep(t);
    await t.s().validateEmail('temp@mailinator.com');
    expect(t.s().alert).toEqual({ type: 'error', message: 'Your email is disposable' });
    expect(t.s().flow.context.checkStatus).toBe('rejected');
    expect(t.calls()).toEqual(['GET /check/exist/temp@mailinator.com', 'GET /verify-reoon/temp@mailinator.com', 'POST /save/reoon-data']);
    t.s().enterAnotherEmail();
    expect(t.s().flow.context).toMatchObject({ checkStatus: 'idle', email: '' });
  });

  it('maps each failing call to its SPEC message', async () => {
    const cases: [string, string][] = [
      ['exists', 'Check email failure !'],
      ['check', 'Something went wrong with this email!'],
      ['sendMail', 'Send Verify Email Failure !'],
      ['saveFlow', 'Save signup flow failure !'],
    ];
    for (const [failing, message] of cases) {
      fresh();
      fake.state.failing.add(failing);
      const t = setup();
      await toEmailStep(t);
      await t.s().validateEmail('ann@example.com');
      expect(t.s().alert?.message).toBe(message);
      expect(t.s().flow.context.checkStatus).toBe('idle');
      expect(t.errors).toEqual([]);
    }
  });

  it('validates the typed e-mail first', async () => {
    fresh();
    const t = setup();
    await toEmailStep(t);
    await t.s().validateEmail('not-an-email');
    expect(t.s().alert?.message).toBe('Invalid email address.');
    await t.s().validateEmail('   ');
    expect(t.s().alert).toEqual({ type: 'error', title: 'Missing Email', message: 'Your email is missing !' });
    expect(server.requests).toHaveLength(0);
  });
});

describe('signup flow: back through the mailed link', () => {
  async function mailSent() {
    fresh();
    const first = setup();
    await toEmailStep(first);
    await first.s().validateEmail('ann@example.com');
    server.requests.length = 0;
    return first.storage;
  }

  it('confirms the link, restores the record, shows success at 3 s and advances at 5 s, then signs up a contractor', async () => {
    const storage = await mailSent();
    const t = setup({ storage });
    await t.s().loadSettings();
    server.requests.length = 0;
    await expect(t.s().resumeFromUrl(`${START_URL}&email=ann%40example.com&accepted=1`)).resolves.toBe(true);
    expect(t.calls()).toEqual(['GET /check/exist/ann@example.com', 'POST /confirmVerifiedUrl', 'GET /search/']);
    expect(server.requests[1]?.body).toEqual({ email: 'ann@example.com', token: 'totp-1' });
    expect(Object.fromEntries(server.requests[2]!.query)).toMatchObject({ city: 'Pasadena', state: 'CA', zip: '91101' });
    expect(t.s().flow).toMatchObject({ step: 'verify-email', context: { checkStatus: 'verified', fullName: 'Ann Lee', task, address, municipality } });

    t.timers.advance(2999);
    expect(t.s().alert).toBeNull();
    t.timers.advance(1);
    expect(t.s().alert).toEqual({ type: 'success', message: 'Verified email success !' });
    t.timers.advance(1999);
    expect(t.s().flow.step).toBe('verify-email');
    t.timers.advance(1);
    expect(t.s().flow.step).toBe('enter-apply-type');

    t.s().chooseApplyType('Contractor');
    t.s().setField('companyName', 'Acme Roofing');
    t.s().selectCompanyAddress(companyAddress);
    t.s().next();
    expect(t.s().flow).toMatchObject({ step: 'important-notice', context: { noticeFor: 'company' } });
    t.s().next();
    expect(t.s().flow.context.noticeError).toBe('Please check this box if you want to proceed');
    t.s().setNoticeAccepted(true);
    t.s().next();
    expect(t.s().flow.step).toBe('create-password');

    server.requests.length = 0;
    await t.s().createPassword('short');
    expect(t.s().alert?.message).toBe('Password longer than 7 characters');
    await t.s().createPassword('password1');
    expect(t.s().alert).toMatchObject({ type: 'error', message: 'This password is too common. Please choose another.' });
    expect(t.s().flow.step).toBe('create-password');
    server.requests.length = 0;
    await t.s().createPassword('secret-123');
    expect(t.calls()).toEqual(['POST /create-user-app', 'POST /auth/authenticate']);
    expect(server.requests[0]?.body).toEqual({
      email: 'ann@example.com', fullName: 'Ann Lee', password: 'secret-123', firstName: 'Ann', lastName: 'Lee',
      phoneNumber: '+15552345678', companyName: 'Acme Roofing', companyAddress: companyAddress.place_name,
      fromURLCreateCompany: START_URL, totp: 'totp-1',
    });
    expect(t.s().flow).toMatchObject({ view: 'form', step: 'permit-form', context: { authenticated: true } });
    expect(t.session.getState()).toMatchObject({ isAuthenticated: true, authToken: 'access-1', signUpData: { companyName: 'Acme Roofing', familyName: 'Lee' } });
    expect(t.tracked).toEqual(['contractor', 'sign-up', 'permit-started']);
    expect(t.storage.getItem(PENDING_VERIFICATION_KEY)).toBeNull();
  });

  it('reads the token from the link when this device has none', async () => {
    await mailSent();
    const t = setup();
    await t.s().resumeFromUrl(`${START_URL}&email=ann%40example.com&accepted=1&token=totp-1`);
    expect(t.s().flow.context.checkStatus).toBe('verified');
  });

  it('ignores a URL that is not a verification return', async () => {
    const t = setup();
    await expect(t.s().resumeFromUrl(`${START_URL}&email=ann%40example.com`)).resolves.toBe(false);
    expect(t.s().flow.step).toBe('enter-address');
  });

  it('an existing verified account signs in right here: enter password with the SPEC message, no redirect', async () => {
    fresh();
    fake.state.accounts.set('ann@example.com', { password: 'x-secret-1', verified: true });
    const t = setup();
    await t.s().resumeFromUrl(`${START_URL}&email=ann%40example.com&accepted=1&token=t`);
    expect(t.s().alert).toEqual({ type: 'error', message: 'Account is existed with the email, back to the login page.' });
    expect(t.s().flow).toMatchObject({ step: 'enter-password', context: { email: 'ann@example.com', accountExists: true } });
    t.timers.advance(5000);
    expect(t.redirects).toEqual([]);
  });

  it('a link without a signup flow tells the user to sign in', async () => {
    fresh();
    const t = setup({ supportEmail: 'help@permitdesk.example' });
    await t.s().resumeFromUrl(`${START_URL}&email=bob%40example.com&accepted=1&token=t`);
    expect(t.s().alert).toEqual({
      type: 'info', title: 'Info Notification', link: '/sign-in',
      message: 'Your email has been previously verified. Sign in to pick up where you left off. Need help? Email help@permitdesk.example!',
    });
    t.timers.advance(1500);
    expect(t.redirects).toEqual(['/sign-in']);
  });

  it("a failed confirmation shows 'Cornfirm Verify URL from mailbox failure !'", async () => {
    await mailSent();
    const t = setup();
    await t.s().resumeFromUrl(`${START_URL}&email=ann%40example.com&accepted=1&token=wrong`);
    expect(t.s().alert?.message).toBe('Cornfirm Verify URL from mailbox failure !');
  });

  it("a typed code verifies too; a wrong one is 'Otp is invalid !'", async () => {
    await mailSent();
    const t = setup();
    t.s().setField('email', 'ann@example.com');
    await t.s().verifyCode('12345');
    expect(t.s().alert?.message).toBe('Invalid format, valid formats must be 6 digits.');
    await t.s().verifyCode('000000');
    expect(t.s().alert?.message).toBe('Otp is invalid !');
    await t.s().verifyCode('123456');
    expect(t.s().flow).toMatchObject({ step: 'verify-email', context: { checkStatus: 'verified', fullName: 'Ann Lee' } });
  });
});

describe('signup flow: create password failures', () => {
  async function atCreatePassword(t: ReturnType<typeof setup>) {
    await t.s().loadSettings();
    await t.s().resumeFromUrl(`${START_URL}&email=ann%40example.com&accepted=1`);
    t.timers.advance(5000);
    t.s().chooseApplyType('Do-It-Yourselfer');
    expect(t.s().flow.step).toBe('create-password');
  }
  async function mailSentStorage() {
    fresh();
    const first = setup();
    await toEmailStep(first);
    await first.s().validateEmail('ann@example.com');
    return first.storage;
  }

  it("'User signup failure !' when the account cannot be created", async () => {
    const storage = await mailSentStorage();
    fake.state.failing.add('create');
    const t = setup({ storage });
    await atCreatePassword(t);
    await t.s().createPassword('secret-123');
    expect(t.s().alert).toEqual({ type: 'error', title: 'User signup failure !', message: 'Server exploded' });
    expect(t.s().flow.step).toBe('create-password');
  });

  it("'Create account failed' when the sign-in after creation fails", async () => {
    const storage = await mailSentStorage();
    fake.state.failing.add('auth');
    const t = setup({ storage });
    await atCreatePassword(t);
    await t.s().createPassword('secret-123');
    expect(t.s().alert?.message).toBe('Create account failed');
    expect(t.session.getState().isAuthenticated).toBe(false);
  });

  it('a DIY applicant sends no company', async () => {
    const storage = await mailSentStorage();
    const t = setup({ storage });
    await atCreatePassword(t);
    server.requests.length = 0;
    await t.s().createPassword('secret-123');
    expect(server.requests[0]?.body).toMatchObject({ companyName: null, companyAddress: null });
    expect(t.tracked).toEqual(['do-it-yourselfer', 'sign-up', 'permit-started']);
  });
});

describe('signup flow: a known account', () => {
  it('goes to enter password; a wrong password is "Incorrect password"; the right one opens the form', async () => {
    fresh();
    fake.state.accounts.set('ann@example.com', { password: 'right-pass-1', verified: true });
    const t = setup();
    await toEmailStep(t);
    await t.s().validateEmail('ann@example.com');
    expect(t.calls()).toEqual(['GET /check/exist/ann@example.com']);
    expect(t.s().flow.step).toBe('enter-password');
    await t.s().signIn('wrong-pass-1');
    expect(t.s().alert).toEqual({ type: 'error', title: 'Login Failed', message: 'Incorrect password' });
    await t.s().signIn('right-pass-1');
    expect(t.s().flow).toMatchObject({ view: 'form', step: 'permit-form' });
    expect(t.session.getState().isAuthenticated).toBe(true);
    expect(t.tracked).toEqual(['existing-customer', 'sign-in', 'permit-started']);
    expect(t.errors).toEqual([]);
  });

  it('forgot password → code → reset → back to enter password, with the SPEC failure messages', async () => {
    fresh();
    fake.state.accounts.set('ann@example.com', { password: 'old-pass-1', verified: true });
    const t = setup();
    await toEmailStep(t);
    await t.s().validateEmail('ann@example.com');

    fake.state.failing.add('forgot');
    await t.s().forgotPassword();
    expect(t.s().alert?.message).toBe('Server exploded with ann@example.com');
    expect(t.s().flow.step).toBe('enter-password');
    fake.state.failing.delete('forgot');
    await t.s().forgotPassword();
    expect(t.s().flow.step).toBe('reset-password');
    expect(t.s().alert).toMatchObject({ type: 'success', title: 'Forgot password successfully!' });

    await t.s().resetPassword('111111', 'new-pass-1');
    expect(t.s().alert?.message).toBe('Invalid verification code provided, please try again.');
    expect(t.s().flow.step).toBe('reset-password');
    await t.s().resetPassword('654321', 'new-pass-1');
    expect(t.s().flow.step).toBe('enter-password');
    await t.s().signIn('new-pass-1');
    expect(t.s().flow.step).toBe('permit-form');
  });

  it('with two-step sign-in on: the code step after the password, a wrong code refused, Back to the password', async () => {
    fresh();
    fake.state.accounts.set('ann@example.com', { password: 'right-pass-1', verified: true, twoFactor: true });
    const t = setup();
    await toEmailStep(t);
    await t.s().validateEmail('ann@example.com');
    await t.s().signIn('right-pass-1');
    expect(t.s().flow).toMatchObject({ step: 'enter-two-factor-code', context: { twoFactorChallenge: 'challenge:ann@example.com' } });
    expect(t.session.getState().isAuthenticated).toBe(false);
    await t.s().submitTwoFactor(' ');
    expect(t.s().alert?.message).toBe(MESSAGES.codeRequired);
    await t.s().submitTwoFactor('111111');
    expect(t.s().alert?.message).toBe('That code is not right. Check your authenticator app and try again.');
    expect(t.s().flow.step).toBe('enter-two-factor-code');
    t.s().back();
    expect(t.s().flow).toMatchObject({ step: 'enter-password', context: { twoFactorChallenge: null } });
    await t.s().signIn('right-pass-1');
    await t.s().submitTwoFactor('abcde-fghjk');
    expect(t.s().flow).toMatchObject({ view: 'form', step: 'permit-form', context: { twoFactorChallenge: null } });
    expect(t.session.getState().isAuthenticated).toBe(true);
  });

  it('a session that signs out sends the form back to the task step', async () => {
    fresh();
    fake.state.accounts.set('ann@example.com', { password: 'right-pass-1', verified: true });
    const t = setup();
    await toEmailStep(t);
    await t.s().validateEmail('ann@example.com');
    await t.s().signIn('right-pass-1');
    await t.session.getState().logout();
    expect(t.s().flow).toMatchObject({ step: 'select-task', context: { authenticated: false } });
    t.s().dispose();
  });
});

describe('signup flow: refusals stay in the widget (issue 18)', () => {
  async function mailSentStorage() {
    fresh();
    const first = setup();
    await toEmailStep(first);
    await first.s().validateEmail('ann@example.com');
    return first.storage;
  }
  /** Verified through the link, a contractor at the company step. */
  async function atCompanyStep(t: ReturnType<typeof setup>) {
    await t.s().loadSettings();
    await t.s().resumeFromUrl(`${START_URL}&email=ann%40example.com&accepted=1`);
    t.timers.advance(5000);
    t.s().chooseApplyType('Contractor');
    expect(t.s().flow.step).toBe('apply-contractor');
    server.requests.length = 0;
  }

  it('checks the company name 400 ms after the last keystroke; a taken name shows the SPEC message and blocks Next', async () => {
    const storage = await mailSentStorage();
    fake.state.companies.add('acme roofing');
    const t = setup({ storage });
    await atCompanyStep(t);
    t.s().changeCompanyName('Acme');
    t.s().changeCompanyName('Acme Roofing ');
    t.s().selectCompanyAddress(companyAddress);
    t.timers.advance(399);
    expect(t.calls()).toEqual([]);
    t.timers.advance(1);
    await vi.waitFor(() => expect(t.s().flow.context.companyNameError).toBe(MESSAGES.companyNameTaken));
    // One call, for the last name typed only.
    expect(t.calls()).toEqual(['GET /v4/lookup/company-name-available']);
    expect(server.requests[0]!.query.get('name')).toBe('Acme Roofing ');
    t.s().next();
    expect(t.s().flow.step).toBe('apply-contractor');

    t.s().changeCompanyName('Acme Roofing West');
    expect(t.s().flow.context.companyNameError).toBeNull();
    t.timers.advance(400);
    await vi.waitFor(() => expect(t.calls()).toHaveLength(2));
    expect(t.s().flow.context.companyNameError).toBeNull();
    t.s().next();
    expect(t.s().flow.step).toBe('important-notice');
    expect(t.errors).toEqual([]);
  });

  it('an answer for a name typed over is ignored; a failed check decides nothing', async () => {
    const storage = await mailSentStorage();
    fake.state.companies.add('acme roofing');
    fake.state.failing.add('nameCheck');
    const t = setup({ storage });
    await atCompanyStep(t);
    t.s().changeCompanyName('Acme Roofing');
    t.timers.advance(400);
    await vi.waitFor(() => expect(t.calls()).toHaveLength(1));
    expect(t.s().flow.context.companyNameError).toBeNull();
    expect(t.errors).toEqual([]);
  });

  it('a company name taken at Create Account goes back to the company step with everything kept; a new name creates the account', async () => {
    const storage = await mailSentStorage();
    const t = setup({ storage });
    await atCompanyStep(t);
    t.s().changeCompanyName('Acme Roofing');
    t.s().selectCompanyAddress(companyAddress);
    t.s().setField('companyAddressLine2', 'Suite 4');
    t.timers.advance(400);
    await vi.waitFor(() => expect(t.calls()).toHaveLength(1));
    t.s().next();
    t.s().setNoticeAccepted(true);
    t.s().next();
    expect(t.s().flow.step).toBe('create-password');
    // Someone else registers the name meanwhile.
    fake.state.companies.add('acme roofing');
    await t.s().createPassword('secret-123');
    expect(t.s().flow).toMatchObject({
      step: 'apply-contractor',
      context: {
        companyNameError: 'Company name has already been taken, please try another name!',
        companyName: 'Acme Roofing', companyAddress, companyAddressLine2: 'Suite 4',
        email: 'ann@example.com', fullName: 'Ann Lee', totp: 'totp-1',
      },
    });
    t.timers.advance(5000);
    expect(t.redirects).toEqual([]);
    expect(t.session.getState().isAuthenticated).toBe(false);

    t.s().changeCompanyName('Acme Roofing of Pasadena');
    t.s().next();
    t.s().setNoticeAccepted(true);
    t.s().next();
    server.requests.length = 0;
    await t.s().createPassword('secret-123');
    expect(server.requests.find((r) => r.path === '/create-user-app')?.body).toMatchObject({ companyName: 'Acme Roofing of Pasadena' });
    expect(t.s().flow).toMatchObject({ step: 'permit-form', context: { authenticated: true } });
    expect(t.errors).toEqual([]);
  });

  it('an account created meanwhile for the address: enter password with the SPEC message, no redirect', async () => {
    const storage = await mailSentStorage();
    const t = setup({ storage });
    await atCompanyStep(t);
    t.s().chooseApplyType('Contractor');
    t.s().back();
    t.s().chooseApplyType('Do-It-Yourselfer');
    fake.state.accounts.set('ann@example.com', { password: 'x-secret-1', verified: true });
    await t.s().createPassword('secret-123');
    expect(t.s().alert).toEqual({ type: 'error', message: FLOW_MESSAGES.accountExists });
    expect(t.s().flow.step).toBe('enter-password');
    t.timers.advance(5000);
    expect(t.redirects).toEqual([]);
    await t.s().signIn('x-secret-1');
    expect(t.s().flow.step).toBe('permit-form');
  });

  it("the server's automatic verification failing: 'Auto Verification Failed...' with the support address, or 'Save Data Reoon From Api Failure !'", async () => {
    const cases: [Reply, string][] = [
      [{ status: 503, body: { message: 'Auto Verification Failed. Please contact support', code: 'AUTO_VERIFICATION_FAILED' } },
        'Auto Verification Failed. Please contact support at help@permitdesk.example'],
      [{ status: 503, body: { message: 'Save Data Reoon From Api Failure !', code: 'VERIFICATION_SAVE_FAILED' } }, 'Save Data Reoon From Api Failure !'],
    ];
    for (const [reply, message] of cases) {
      fresh();
      fake.state.checkRefusal = reply;
      const t = setup({ supportEmail: 'help@permitdesk.example' });
      await toEmailStep(t);
      await t.s().validateEmail('ann@example.com');
      expect(t.s().alert).toEqual({ type: 'error', message });
      expect(t.s().flow).toMatchObject({ step: 'enter-email', context: { checkStatus: 'idle', email: 'ann@example.com' } });
      expect(t.redirects).toEqual([]);
      expect(t.errors).toEqual([]);
    }
  });

  it("a refused address whose result cannot be saved says 'Save data reoon failure'", async () => {
    fresh();
    fake.state.verifier.set('temp@mailinator.com', 'disposable');
    fake.state.failing.add('saveInvalid');
    const t = setup();
    await toEmailStep(t);
    await t.s().validateEmail('temp@mailinator.com');
    expect(t.s().alert).toEqual({ type: 'error', title: 'Your email is disposable', message: 'Save data reoon failure' });
    expect(t.s().flow.context.checkStatus).toBe('rejected');
    expect(t.errors).toEqual([]);
  });
});

describe('signup flow: verified on another device (issue 18)', () => {
  /**
   * Every microtask queued so far has run. The watch polls from a timer, and the client sends after
   * microtasks only, so a poll that was going to start has reached fetch by then (no wall-clock wait).
   */
  const flushed = () => new Promise((resolve) => setImmediate(resolve));
  const polls = (t: ReturnType<typeof setup>) => t.calls().filter((c) => c === 'POST /signup-flow/status').length;
  /** The poll has been answered: the server recorded it and the watch scheduled the next one. */
  const answered = (t: ReturnType<typeof setup>, count: number) =>
    vi.waitFor(() => {
      expect(polls(t)).toBe(count);
      expect(t.sent()).toBe(t.calls().length);
    });

  async function firstDeviceWaiting() {
    fresh();
    fake.state.linkOpensElsewhere = true;
    const first = setup();
    await toEmailStep(first);
    await first.s().validateEmail('ann@example.com');
    expect(first.s().flow.context).toMatchObject({ checkStatus: 'sent', totp: 'totp-1' });
    // The watch's chunk is loaded once its first poll is scheduled.
    await vi.waitFor(() => expect(first.timers.pending()).toBe(1));
    return first;
  }

  it('the first device moves on by itself once the link is opened on a second device and handed back', async () => {
    const first = await firstDeviceWaiting();
    server.requests.length = 0;
    first.resetSent();

    // Polls after 3 s, then 4.5 s: nothing before.
    first.timers.advance(2999);
    await flushed();
    expect(first.sent()).toBe(0);
    first.timers.advance(1);
    await answered(first, 1);
    expect(server.requests[0]?.body).toEqual({ email: 'ann@example.com', totp: 'totp-1' });
    first.timers.advance(4500);
    await answered(first, 2);
    expect(first.s().flow.step).toBe('enter-email');

    // The second device (no storage) opens the mailed link.
    const second = setup();
    await second.s().loadSettings();
    await second.s().resumeFromUrl(`${START_URL}&email=ann%40example.com&accepted=1&token=totp-1`);
    expect(second.s()).toMatchObject({ handBack: true, flow: { step: 'verify-email', context: { checkStatus: 'verified', totp: 'second-ann@example.com' } } });

    // The first device learns only that it happened elsewhere: its key is suspended.
    first.timers.advance(6750);
    await vi.waitFor(() => expect(first.s().alert?.message).toContain('on another device'));
    expect(first.s().flow.step).toBe('enter-email');
    expect(first.s().alert?.type).toBe('info');

    // The mailbox owner hands the sign-up back from the second device.
    await expect(second.s().handOver()).resolves.toEqual({ ok: true });

    // The next poll moves the first device on, exactly as if verified here: success at 3 s, next step at 5 s.
    first.timers.advance(10125);
    await vi.waitFor(() =>
      expect(first.s().flow).toMatchObject({ step: 'verify-email', context: { checkStatus: 'verified', fullName: 'Ann Lee', totp: 'totp-1' } }),
    );
    expect(first.s().alert).toBeNull();
    const asked = first.sent();
    first.timers.advance(3000);
    expect(first.s().alert).toEqual({ type: 'success', message: 'Verified email success !' });
    first.timers.advance(2000);
    expect(first.s().flow.step).toBe('enter-apply-type');
    expect(first.storage.getItem(PENDING_VERIFICATION_KEY)).toBeNull();

    // The watch ended: no more polls.
    first.timers.advance(60_000);
    await flushed();
    expect(first.sent()).toBe(asked);
  });

  it('starts once the mail is sent, backs off from 3 s to 15 s, and stops when the step is left', async () => {
    const first = await firstDeviceWaiting();
    server.requests.length = 0;
    first.resetSent();
    let clock = 0;
    for (const [i, step] of [3000, 4500, 6750, 10125, 15000, 15000].entries()) {
      // Nothing is asked a moment before each step's time, and one poll at it.
      first.timers.advance(step - 1);
      await flushed();
      expect(first.sent()).toBe(i);
      first.timers.advance(1);
      clock += step;
      await answered(first, i + 1);
    }
    first.s().enterAnotherEmail();
    // The poll already scheduled finds the step left and ends the watch without asking.
    first.timers.advance(15_000);
    await flushed();
    first.timers.advance(60_000);
    await flushed();
    expect(first.sent()).toBe(6);
    expect(first.timers.pending()).toBe(0);
    expect(first.s().flow.step).toBe('enter-email');
    expect(clock).toBe(54_375);
  });

  it('stops asking when the server refuses the key (a forged or replaced one)', async () => {
    const first = await firstDeviceWaiting();
    server.requests.length = 0;
    first.resetSent();
    first.timers.advance(3000);
    await answered(first, 1);
    fake.state.records.set('ann@example.com', { ...fake.state.records.get('ann@example.com')!, totp: 'someone-else' });
    first.timers.advance(4500);
    await vi.waitFor(() => expect(polls(first)).toBe(2));
    // Refused: nothing is scheduled any more, so nothing can be asked again.
    await vi.waitFor(() => expect(first.timers.pending()).toBe(0));
    first.timers.advance(60_000);
    await flushed();
    expect(first.sent()).toBe(2);
    expect(first.s().flow.step).toBe('enter-email');
  });
});

