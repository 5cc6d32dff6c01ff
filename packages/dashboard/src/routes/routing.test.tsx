// Routing and guards as a table (SPEC §2.1–§2.3): every path, opened anonymously and signed in,
// through the real routes (app shell, guards, redirects) in a memory router and the session store.
import { cleanup, render } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, useLocation } from 'react-router';
import { LOGIN_REQUIRED } from './access.js';
import { AppRoutes } from './router.js';
import { pageRoutes } from './route-table.js';
import { STORAGE_KEYS } from '../session/redirect-memory.js';
import { sessionStore } from '../session/session.js';
import { fakeNetwork, profile } from '../test/fixtures.js';
import { WithQueryClient } from '../test/render.js';
import { signIn } from '../test/session.js';

/** Stands in for the page a guard let through and reports where it was shown. The real pages would
 *  consume what the guards saved (the invite sign-up page takes the 'Login Required' notice); every
 *  page module is loaded for real in the last test. */
function PageShown({ onShown }: { onShown: (at: string) => void }) {
  const { pathname, search } = useLocation();
  useEffect(() => onShown(pathname + search), [onShown, pathname, search]);
  return null;
}

async function open(path: string): Promise<string> {
  let shown: (at: string) => void = () => undefined;
  const settled = new Promise<string>((resolve) => (shown = resolve));
  const view = render(
    <WithQueryClient>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes renderPage={() => <PageShown onShown={shown} />} />
      </MemoryRouter>
    </WithQueryClient>,
  );
  const at = await settled;
  view.unmount();
  return at;
}


// Written from the SPEC, not from the route table, so a wrong table fails here.
const PUBLIC = [
  '/embed', '/embed/construction-platform', '/embed/us/ca/los-angeles-county/pasadena/city-of-pasadena', '/search', '/coverage',
  '/integration/permits/abc-1', '/integration/permits', '/verified', '/us/ca', '/us/ca/los-angeles-county/pasadena/city-of-pasadena',
  '/reset-password', '/force-change-password', '/invite-user-type/7/accept', '/welcome', '/roadmap', '/how-it-works', '/products',
  '/services', '/support', '/support/faq.html', '/legal', '/legal/privacy-policy.html', '/legal/terms-of-use.html',
  '/mobile/privacy-policy/', '/m/privacy-policy/', '/quote/Q-1', '/migration', '/404',
];
const GUEST = ['/sign-in', '/sign-up', '/sign-up/individual', '/sign-up/company', '/sign-up/invite', '/sign-up/confirm'];
const PROTECTED = [
  '/cloudfront/presigned', '/invitations/notify', '/profile', '/projects/4', '/projects/4/9', '/permits/9', '/companies/new',
  '/compliance-center', '/companies/3/profile', '/users', '/access', '/insurances', '/certificates', '/documentations',
  '/assigned-projects', '/licenses', '/messages', '/companies-recent-updates', '/success?type=APPLY_FOR_PROJECT_PERMIT&session=s1',
  '/success/demo/design-first', '/success/demo/design-second', '/data-collection/4/9', '/data-collection/9', '/project-radar-alt',
  '/project-radar', '/project-radar/search?status=HasPermit', '/project-radar/sorting', '/new-project',
];
const INVITATION = ['/compliance-wallet-share/5/accept', '/vendor-onboarding/5', '/guest-access/5/approve', '/custom-vendor-onboarding/5/approve'];
const REDIRECTS: Array<[string, string]> = [
  ['/us', '/sign-in'], ['/index.html', '/sign-in'], ['/homeowner.html', '/sign-in'], ['/contractor.html', '/services'],
  ['/enterprise.html', '/products'], ['/municipality.html', '/how-it-works'], ['/no/such/page', '/404'], ['/permits', '/404'],
];

beforeEach(() => {
  localStorage.clear();
  // Sign-out revokes the refresh token; that call is answered here.
  fakeNetwork({ 'POST /auth/sign-out': () => ({ body: { ok: true } }) });
});
afterEach(async () => {
  cleanup();
  await sessionStore.getState().logout('user');
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('anonymous visitor', () => {
  it('/ goes to /sign-in', async () => expect(await open('/')).toBe('/sign-in'));
  it.each(PUBLIC)('%s is open', async (path) => expect(await open(path)).toBe(path));
  it.each(GUEST)('%s is open', async (path) => expect(await open(path)).toBe(path));
  it.each(PROTECTED)('%s goes to /sign-in and remembers the target', async (path) => {
    expect(await open(path)).toBe('/sign-in');
    expect(localStorage.getItem(STORAGE_KEYS.redirectUrl)).toBe(path);
  });
  it.each(INVITATION)('%s saves its query and goes to /sign-up/invite with Login Required', async (path) => {
    const target = `${path}?email_address=bo%40example.com&company=9`;
    expect(await open(target)).toBe('/sign-up/invite');
    expect(localStorage.getItem(STORAGE_KEYS.invitationQuery)).toBe('?email_address=bo%40example.com&company=9');
    expect(localStorage.getItem(STORAGE_KEYS.redirectUrl)).toBe(target);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.loginNotice) ?? '{}')).toEqual({
      title: 'Login Required',
      message: 'You must be logged in to access this page.',
    });
  });
  it.each(REDIRECTS)('%s goes to %s', async (path, to) => expect(await open(path)).toBe(to));
});

describe('signed-in user', () => {
  beforeEach(signIn);
  it('/ goes to /project-radar', async () => expect(await open('/')).toBe('/project-radar'));
  it.each(GUEST)('%s goes to /project-radar', async (path) => expect(await open(path)).toBe('/project-radar'));
  it.each([...PUBLIC, ...PROTECTED, ...INVITATION])('%s is open', async (path) => expect(await open(path)).toBe(path));
  it('/us still goes to / and then to /project-radar', async () => expect(await open('/us')).toBe('/project-radar'));
});

describe('the route table', () => {
  it('covers every path of the SPEC and nothing unknown', () => {
    const paths = new Set(pageRoutes.map((r) => r.path));
    expect(paths.size).toBe(pageRoutes.length);
    expect(pageRoutes.filter((r) => r.access === 'invitation').map((r) => r.path.split('/')[1])).toEqual(
      expect.arrayContaining(['compliance-wallet-share', 'vendor-onboarding', 'guest-access', 'custom-vendor-onboarding']),
    );
    expect(LOGIN_REQUIRED).toEqual({ title: 'Login Required', message: 'You must be logged in to access this page.' });
  });
  it('loads a real page module for every route', async () => {
    for (const route of pageRoutes) expect(typeof (await route.page()).default).toBe('function');
  });
});
