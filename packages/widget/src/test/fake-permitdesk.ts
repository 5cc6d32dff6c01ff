// The fake server's answers for a whole visit: addresses and their municipality, tasks, settings, the
// e-mail verification flow, accounts, sign-in, password reset and form 52. Tests change what they need.
import {
  accountEndpoints,
  DEFAULT_SETTINGS,
  formEndpoints,
  funnelEndpoints,
  identityEndpoints,
  lookupEndpoints,
  verificationEndpoints,
  type GlobalSetting,
  type PermitFormEntry,
  type Profile,
  type SignupFlowState,
} from '@permitdesk/core';
import { startFakeApi, type FakeApi } from './fake-api.js';
import { ADDRESSES, ENTRY, FORM_52, GEOCODED, MUNICIPALITY, TASKS } from './fixtures.js';

/** The session handoff code the fake server hands out (43 base64url characters, as the real one). */
export const HANDOFF_CODE = 'hNd0ff-c0de-hNd0ff-c0de-hNd0ff-c0de-hNd0ff0';

const profileOf = (email: string, name: string): Profile => ({
  sub: '6f1c2d5e-8a4b-4c3d-9e2f-1a2b3c4d5e6f',
  email,
  email_verified: true,
  name,
  given_name: name.split(' ')[0] ?? name,
  family_name: name.split(' ').slice(1).join(' '),
  phone_number: '+16265550100',
  'custom:hasMigrated': 1,
  'custom:setupCompanyName': null,
  'custom:fromURL': null,
  permissions: {},
});

export interface FakePermitDesk {
  api: FakeApi;
  /** Accounts by e-mail: password and whether verified. */
  accounts: Map<string, { password: string; name: string }>;
  settings: GlobalSetting[];
  /** What the entry prefill answers besides the fixture's (e.g. no CustomerName: a contractor's first permit). */
  entry: Partial<PermitFormEntry>;
  /** Requests so far at each address id (the similar-address warning shows when > 0). */
  addressCounts: Map<string, number>;
  /** The flow record saved by the e-mail step, as the server would keep it. */
  savedFlow: SignupFlowState | null;
  close(): Promise<void>;
}

export async function startFakePermitDesk(): Promise<FakePermitDesk> {
  const api = await startFakeApi();
  const state: FakePermitDesk = {
    api,
    accounts: new Map([['pat@builder.example', { password: 'correct-horse', name: 'Pat Builder' }]]),
    settings: [...DEFAULT_SETTINGS],
    entry: {},
    addressCounts: new Map(),
    savedFlow: null,
    close: () => api.close(),
  };
  const tokens = () => ({ accessToken: 'access-token', refreshToken: 'refresh-token', expiresAt: Date.now() + 3_600_000 });
  const record = () => ({ id: 1, totp: '482913', signupFlow: state.savedFlow!, verified: true });

  api.on(lookupEndpoints.globalSettings, () => state.settings);
  api.on(lookupEndpoints.servedRequests, () => ({ count: 19655 }));
  // Like the server: one company name is taken (issue 18's company step).
  api.on(lookupEndpoints.companyNameAvailable, ({ query }) => ({ available: (query.get('name') ?? '').trim().toLowerCase() !== 'summit builders' }));
  api.on(lookupEndpoints.searchAddresses, ({ query }) => {
    const words = (query.get('q') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    return ADDRESSES.filter((a) => words.every((w) => a.place_name.toLowerCase().includes(w)));
  });
  api.on(lookupEndpoints.geocodeAddress, () => GEOCODED);
  api.on(lookupEndpoints.municipalityByLocation, () => MUNICIPALITY);
  api.on(lookupEndpoints.getAddressCount, ({ params }) => ({
    id: params.id!,
    addressId: params.id!.split('.')[1]!,
    count: state.addressCounts.get(params.id!) ?? 0,
    details: { longitude: GEOCODED.longitude, latitude: GEOCODED.latitude, place_name: ADDRESSES[0]!.place_name },
    isCreate: false,
  }));
  api.on(lookupEndpoints.tasks, () => TASKS);

  api.on(verificationEndpoints.checkExists, ({ params }) => ({ email: params.email!, exists: state.accounts.has(params.email!), verified: true }));
  api.on(verificationEndpoints.checkEmail, ({ params }) => {
    const email = params.email!;
    if (email.endsWith('@mailinator.com')) {
      return { status: 400, body: { message: 'Your email is disposable', code: 'EMAIL_NOT_USABLE', fields: { status: 'disposable' } } };
    }
    return { status: 'safe', email, isSendMailSuccess: true, totp: '482913', didYouMean: null };
  });
  api.on(verificationEndpoints.sendVerifyMail, () => ({ isSendMailSuccess: true, totp: '482913' }));
  api.on(verificationEndpoints.saveVerification, () => ({ ok: true }));
  api.on(verificationEndpoints.saveSignupFlow, ({ body }) => {
    state.savedFlow = (body as { signupFlow: SignupFlowState }).signupFlow;
    return { ...record(), verified: false };
  });
  api.on(verificationEndpoints.updateSignupFlowTotp, () => record());
  api.on(verificationEndpoints.confirmVerifiedUrl, () => ({ verified: true, signupFlow: record() }));
  api.on(verificationEndpoints.verifyOtp, ({ body }) =>
    (body as { otp: string }).otp === '482913'
      ? { verified: true, signupFlow: record() }
      : { status: 400, body: { message: 'Otp is invalid !', code: 'OTP_INVALID' } },
  );

  api.on(accountEndpoints.createUserApp, ({ body }) => {
    const { email, password, fullName } = body as { email: string; password: string; fullName: string };
    if (state.accounts.has(email)) return { status: 409, body: { message: 'Account is existed with the email, back to the login page.', code: 'ACCOUNT_EXISTS' } };
    state.accounts.set(email, { password, name: fullName });
    return { id: '6f1c2d5e-8a4b-4c3d-9e2f-1a2b3c4d5e6f', emailAddress: email };
  });
  api.on(identityEndpoints.authenticate, ({ body }) => {
    const { email, password } = body as { email: string; password: string };
    const account = state.accounts.get(email);
    if (!account || account.password !== password) return { status: 401, body: { message: 'Incorrect username or password.', code: 'NOT_AUTHORIZED' } };
    return { status: 'ok', tokens: tokens(), profile: profileOf(email, account.name) };
  });
  api.on(identityEndpoints.forgotPassword, () => ({ ok: true }));
  api.on(identityEndpoints.createHandoff, ({ headers }) =>
    headers.authorization === 'Bearer access-token'
      ? { code: HANDOFF_CODE, expiresAt: Date.now() + 60_000 }
      : { status: 401, body: { message: 'Authentication token is not valid. ERROR_CODE: TOKEN_INVALID', code: 'TOKEN_INVALID' } },
  );
  api.on(identityEndpoints.confirmPassword, ({ body }) => {
    const { email, code, newPassword } = body as { email: string; code: string; newPassword: string };
    if (code !== '654321') return { status: 400, body: { message: 'Invalid verification code provided, please try again.', code: 'CODE_MISMATCH' } };
    state.accounts.get(email)!.password = newPassword;
    return { ok: true };
  });

  api.on(formEndpoints.definition, () => FORM_52);
  api.on(formEndpoints.entryData, ({ query }): PermitFormEntry => ({
    ...ENTRY,
    TaskID: Number(query.get('taskId')),
    TaskName: TASKS.find((t) => String(t.id) === query.get('taskId'))?.name ?? '',
    JobSiteAddress: { ...ENTRY.JobSiteAddress, Line2: query.get('addressLine2') ?? '' },
    ...state.entry,
  }));
  api.on(formEndpoints.submit, () => ({
    entryId: 501,
    formId: 52,
    projectId: 61,
    permitId: 88,
    session: 'sess-7f3a',
    createdAt: '2026-11-23T10:00:00.000Z',
  }));
  // The funnel's events (issue 18), sent by sendBeacon as each tracked step is reached.
  api.on(funnelEndpoints.record, () => ({ ok: true }));
  return state;
}
