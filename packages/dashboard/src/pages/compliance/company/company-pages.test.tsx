// Company profile, users and roles, assigned projects, access and the overview through the real client
// and router (network faked at fetch), with the SPEC §6 role rules and the SPEC §8 toasts.
import type { UserType } from '@permitdesk/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeNetwork, permitRow, type Route } from '../../../test/fixtures.js';
import { company, indicators, renderCompliance, signInWith, signOutNow } from '../testing/compliance-fixtures.js';

const OWNED = company(11, 'Summit Roofing', 'owner');
const ADMINISTERED = company(12, 'Valley Electric', 'administrator');
const MANAGED = company(13, 'Ridge Plumbing', 'pm');
let net: ReturnType<typeof fakeNetwork>;
const calls = (method: string, path: string) => net.calls.filter((c) => c.method === method && c.url.pathname === path);

function network(extra: Record<string, Route>, companies = [OWNED, ADMINISTERED, MANAGED]) {
  net = fakeNetwork({
    'GET /v4/companies': () => ({ body: companies }),
    'GET /v4/indicators/companies': (_, url) => ({ body: url.searchParams.get('ids')!.split(',').map((id) => indicators(Number(id))) }),
    ...extra,
  });
}

afterEach(() => {
  signOutNow();
  vi.unstubAllGlobals();
});

const userType = (id: number, name: string, role: UserType['role'], active = true): UserType => ({
  id, companyId: 12, userId: `3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e${String(id).padStart(2, '0')}`, email: `${name.toLowerCase().split(' ')[0]}@example.com`, name, role, active, createdAt: '2026-01-01T10:00:00.000Z',
});

describe('company profile', () => {
  it("updates the profile with 'Your company profile has been updated successfully.', refuses a taken name, reports a failure", async () => {
    signInWith([OWNED, ADMINISTERED], '11');
    let fail = false;
    network({
      'GET /v4/lookup/company-info': (_, url) => ({ body: url.searchParams.get('key') === 'Valley Electric' ? [{ id: 12, name: 'Valley Electric' }] : [] }),
      'PATCH /v4/companies/11': () => (fail ? { status: 500, body: { message: 'Database down', code: 'INTERNAL' } } : { body: { ...OWNED, address: '9 Ridge Ave, Denver, CO 80203' } }),
      'POST /auth/refresh': () => ({ status: 401, body: { message: 'no', code: 'NO' } }),
    });
    renderCompliance('/companies/11/profile');
    const form = await screen.findByRole('form', { name: 'Company profile' });
    expect((within(form).getByLabelText('Company Name') as HTMLInputElement).value).toBe('Summit Roofing');
    await userEvent.clear(within(form).getByLabelText('Company Name'));
    await userEvent.type(within(form).getByLabelText('Company Name'), 'Valley Electric');
    await userEvent.click(within(form).getByRole('button', { name: 'Save profile' }));
    expect(await within(form).findByText('Company name has already been taken, please try another name!')).toBeTruthy();
    expect(calls('PATCH', '/v4/companies/11')).toHaveLength(0);

    await userEvent.clear(within(form).getByLabelText('Company Name'));
    await userEvent.type(within(form).getByLabelText('Company Name'), 'Summit Roofing');
    await userEvent.clear(within(form).getByLabelText('Company Address'));
    await userEvent.type(within(form).getByLabelText('Company Address'), '9 Ridge Ave, Denver, CO 80203');
    await userEvent.click(within(form).getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Your company profile has been updated successfully.')).toBeTruthy();
    expect(calls('PATCH', '/v4/companies/11')[0]!.body).toEqual({ name: 'Summit Roofing', address: '9 Ridge Ave, Denver, CO 80203' });

    fail = true;
    await userEvent.click(within(form).getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('An error occurred while updating the company profile.')).toBeTruthy();
  });

  it('is read-only for a PM', async () => {
    signInWith([OWNED, MANAGED], '13');
    network({});
    renderCompliance('/companies/13/profile');
    const form = await screen.findByRole('form', { name: 'Company profile' });
    expect((within(form).getByLabelText('Company Name') as HTMLInputElement).closest('fieldset')!.disabled).toBe(true);
    expect(within(form).queryByRole('button', { name: 'Save profile' })).toBeNull();
  });
});

describe('users and roles (SPEC §6)', () => {
  const roles = [userType(1, 'Olive Owner', 'owner'), userType(2, 'Ada Admin', 'administrator'), userType(3, 'Pat Manager', 'pm'), userType(4, 'Oscar Observer', 'user')];

  it('lets an Administrator change and disable only PM and User roles, never remove', async () => {
    signInWith([ADMINISTERED], '12');
    network({
      'GET /v4/companies/12/roles': () => ({ body: { companyId: 12, roles } }),
      'PUT /v4/roles/user-types/4': () => ({ body: { ...roles[3]!, active: false } }),
      'PUT /v4/roles/user-types/3': () => ({ status: 403, body: { message: 'You may not change this user role.', code: 'ROLE_FORBIDDEN' } }),
    });
    renderCompliance('/users?company=12');
    await screen.findByText('Olive Owner');
    expect(screen.queryByLabelText('Role of Olive Owner')).toBeNull();
    expect(screen.queryByLabelText('Role of Ada Admin')).toBeNull();
    const pmRole = screen.getByLabelText('Role of Pat Manager') as HTMLSelectElement;
    expect([...pmRole.options].map((o) => o.textContent)).toEqual(['Project Manager', 'Observer']);
    expect(screen.queryByRole('button', { name: 'Disable Olive Owner' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove / })).toBeNull();
    expect(screen.getByRole('form', { name: 'Invite a user' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Disable Oscar Observer' }));
    expect(await screen.findByText('The user role has been updated.')).toBeTruthy();
    expect(calls('PUT', '/v4/roles/user-types/4')[0]!.body).toEqual({ role: 'user', active: false });
    expect(within(screen.getByText('Oscar Observer').closest('tr')!).getByText('Disabled')).toBeTruthy();

    await userEvent.selectOptions(pmRole, 'user');
    expect(await screen.findByText('An error occurred while updating user role.')).toBeTruthy();
  });

  it("lets the Owner remove a role after confirming, with 'An error occurred while deleting user role.' on failure", async () => {
    const owned = { ...ADMINISTERED, role: 'owner' as const };
    signInWith([owned], '12');
    let removed = false;
    const me = { ...userType(9, 'Ann Lee', 'owner'), userId: '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f' };
    network({
      'GET /v4/companies/12/roles': () => ({ body: { companyId: 12, roles: [me, ...roles] } }),
      'DELETE /v4/roles/user-types/3': () => ((removed = true), { body: { ok: true } }),
      'DELETE /v4/roles/user-types/2': () => ({ status: 500, body: { message: 'Database down', code: 'INTERNAL' } }),
    }, [owned]);
    renderCompliance('/users?company=12');
    await screen.findByText('Pat Manager');
    // Not from one's own row.
    expect(screen.queryByLabelText('Role of Ann Lee')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove Ann Lee' })).toBeNull();
    expect([...(screen.getByLabelText('Role of Ada Admin') as HTMLSelectElement).options].map((o) => o.value)).toEqual(['owner', 'administrator', 'pm', 'user']);
    await userEvent.click(screen.getByRole('button', { name: 'Remove Pat Manager' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('The user role has been removed.')).toBeTruthy();
    expect(removed).toBe(true);
    expect(screen.queryByText('Pat Manager')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Remove Ada Admin' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('An error occurred while deleting user role.')).toBeTruthy();
    expect(screen.getByText('Ada Admin')).toBeTruthy();
  });

  it("invites a user; a refusal shows the server's message, a failure without one the SPEC message", async () => {
    signInWith([ADMINISTERED], '12');
    let answer: { status: number; body: unknown } = { status: 409, body: { message: 'This user already belongs to the company.', code: 'ALREADY_MEMBER' } };
    network({
      'GET /v4/companies/12/roles': () => ({ body: { companyId: 12, roles } }),
      'POST /v4/invitations/user-type': () => answer,
    });
    renderCompliance('/users?company=12');
    const form = await screen.findByRole('form', { name: 'Invite a user' });
    await userEvent.type(within(form).getByLabelText('Email Address'), 'New.Person@Example.com');
    await userEvent.selectOptions(within(form).getByLabelText('Role'), 'pm');
    await userEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('This user already belongs to the company.')).toBeTruthy();
    expect(calls('POST', '/v4/invitations/user-type')[0]!.body).toEqual({ companyId: 12, email: 'new.person@example.com', role: 'pm' });

    answer = { status: 500, body: { message: '', code: 'INTERNAL' } };
    await userEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('An error occurred while sending company user invitation.')).toBeTruthy();
  });
});

describe('assigned projects, access and the overview', () => {
  it('pages the assigned projects by the x-pagination headers', async () => {
    signInWith([OWNED], '11');
    network({
      'GET /v4/companies/11/assigned-projects': (_, url) => ({
        body: url.searchParams.get('page') === '2' ? [permitRow(3, 'Chen')] : [permitRow(1, 'Adams'), permitRow(2, 'Baker')],
        headers: { 'x-pagination-index': url.searchParams.get('page') ?? '1', 'x-pagination-size': '20', 'x-pagination-totalcount': '21' },
      }),
    });
    renderCompliance('/assigned-projects?company=11');
    expect(await screen.findByRole('link', { name: 'Adams' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Adams' }).getAttribute('href')).toBe('/projects/41/1');
    expect(screen.getByText('21 permits assigned to this company by others.')).toBeTruthy();
    expect(calls('GET', '/v4/companies/11/assigned-projects')[0]!.url.searchParams.get('size')).toBe('20');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'Chen' })).toBeTruthy();
  });

  it('lists what is shared with the company as a guest (with links) and its guests, and invites a guest with a scope (issue 13)', async () => {
    signInWith([ADMINISTERED], '12');
    const grant = (id: number, host: [number, string], guest: [number, string], extra: Record<string, unknown> = {}) => ({
      id, host: { id: host[0], name: host[1] }, guest: { id: guest[0], name: guest[1] }, vault: false, projects: [], active: true,
      createdAt: '2026-01-02T10:00:00.000Z', updatedAt: '2026-01-02T10:00:00.000Z', ...extra,
    });
    let ended = false;
    network({
      'GET /v4/invitations/guest-access': () => ({
        body: {
          received: [grant(5, [40, 'Host Builders'], [12, 'Bright Solar'], { vault: true, projects: [{ projectId: 77, name: 'Harbor roof', permitId: 78 }] })],
          granted: [grant(6, [12, 'Bright Solar'], [50, 'Guest Crew'], { active: !ended })],
        },
      }),
      'PUT /v4/invitations/guest-access/grants/6/end': () => {
        ended = true;
        return { body: grant(6, [12, 'Bright Solar'], [50, 'Guest Crew'], { active: false }) };
      },
      'GET /v4/companies/12/invitations': () => ({ body: [] }),
      // The company's projects as the radar's search finds them: by keyword, a page of at most `size`.
      'GET /v4/projects/search': (_, url) => {
        const keyword = (url.searchParams.get('keyword') ?? '').toLowerCase();
        const rows = [
          { ...permitRow(1, 'Lee'), projectId: 41, projectName: 'Lee roof' },
          { ...permitRow(2, 'Lee'), projectId: 41, projectName: 'Lee roof' }, // a second permit of the same project
          { ...permitRow(3, 'Park'), projectId: 43, projectName: 'Park deck' },
        ].filter((row) => row.projectName.toLowerCase().includes(keyword));
        return { body: rows, headers: { 'x-pagination-index': '1', 'x-pagination-size': url.searchParams.get('size')!, 'x-pagination-totalcount': String(rows.length) } };
      },
      'POST /v4/invitations/guest-access': () => ({ status: 400, body: { message: 'No company uses this e-mail address.', code: 'NO_COMPANY' } }),
    });
    renderCompliance('/access?company=12');
    expect(await screen.findByText('Host Builders')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Compliance vault' }).getAttribute('href')).toBe('/licenses?company=40');
    expect(screen.getByRole('link', { name: 'Project: Harbor roof' }).getAttribute('href')).toBe('/projects/77/78');
    expect(screen.getByRole('button', { name: 'Leave' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'End access' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.getByText('Ended')).toBeTruthy());
    expect(calls('PUT', '/v4/invitations/guest-access/grants/6/end')).toHaveLength(1);

    const form = screen.getByRole('form', { name: 'Invite a guest company' });
    await userEvent.type(within(form).getByLabelText('Email Address'), 'boss@guest.example');
    await userEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByText('Choose what the guest may see: your compliance vault, a project, or both.')).toBeTruthy();
    expect(calls('POST', '/v4/invitations/guest-access')).toHaveLength(0);
    // Issue 18: no list of every project; the picker asks the server for matches once typing pauses.
    expect(calls('GET', '/v4/projects/search')).toHaveLength(0);
    const picker = within(form).getByRole('combobox', { name: 'Projects to share' });
    await userEvent.type(picker, 'lee');
    // The list narrows to the server's matches for the whole word.
    await waitFor(() => expect(within(form).queryByRole('option', { name: /Park deck/ })).toBeNull());
    const keywords = calls('GET', '/v4/projects/search').map((call) => call.url.searchParams.get('keyword'));
    expect(keywords).toEqual(['', 'lee']); // on focus, then once typing paused: not per keystroke
    expect(within(form).getAllByRole('option').map((option) => option.textContent)).toEqual(['Lee roof · 1 Main St, Springfield']); // one per project
    await userEvent.click(within(form).getByRole('option', { name: /Lee roof/ }));
    expect(calls('GET', '/v4/projects/search').every((call) => call.url.searchParams.get('companyId') === '12' && call.url.searchParams.get('size') === '10')).toBe(true);
    const chosen = within(form).getByRole('list', { name: 'Projects chosen' });
    expect(within(chosen).getByText(/Lee roof/)).toBeTruthy();
    expect((picker as HTMLInputElement).value).toBe('');
    // A chosen project is not offered again; another is found and picked by keyboard, then removed.
    await userEvent.type(picker, 'park');
    expect(await within(form).findByRole('option', { name: /Park deck/ })).toBeTruthy();
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(within(chosen).getByText(/Park deck/)).toBeTruthy();
    await userEvent.type(picker, 'nothing like it');
    expect(await within(form).findByText('No project of this company matches.')).toBeTruthy();
    await userEvent.click(within(chosen).getByRole('button', { name: /Remove Park deck/ }));
    await userEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('No company uses this e-mail address.')).toBeTruthy();
    expect(calls('POST', '/v4/invitations/guest-access')[0]!.body).toEqual({ companyId: 12, email: 'boss@guest.example', scope: { vault: false, projectIds: [41] } });
  });

  it('shows Expired and Expiring soon first, each kind with its colour, the expiration dates, and the reminder settings', async () => {
    signInWith([OWNED], '11');
    const soon = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    network({
      'GET /v4/indicators/companies': () => ({ body: [{ ...indicators(11, { license: true, insurance: false }), colours: { license: 'amber', insurance: 'red', certificate: 'green', agreement: 'green' } }] }),
      'GET /v4/credentials': () => ({ body: [{ kind: 'insurance', id: 1, name: 'General Liability', expiresOn: '2020-01-01' }, { kind: 'license', id: 3, name: 'Roofing', expiresOn: soon }, { kind: 'certificate', id: 2, name: 'OSHA 30-Hour', expiresOn: null }] }),
      'GET /v4/companies/11/reminder-settings': () => ({ body: { steps: [60, 30, 7, 0], isDefault: true } }),
      'GET /v4/companies/11/calendar-feed': () => ({ body: { url: 'http://permitdesk.test/calendar/abc.ics', createdAt: '2026-11-01T00:00:00.000Z' } }),
    });
    renderCompliance('/compliance-center');
    const main = (await screen.findByRole('heading', { name: 'Compliance Center' })).closest('section')!;
    const expired = await within(main).findByRole('region', { name: 'Expired' });
    expect(within(expired).getByRole('link', { name: 'Insurance: General Liability' }).getAttribute('href')).toBe('/insurances?company=11');
    const expiring = within(main).getByRole('region', { name: 'Expiring soon' });
    expect(within(expiring).getByText(/^in 10 days/)).toBeTruthy();
    await waitFor(() => expect(within(main).getByRole('link', { name: /^Licenses \(/ }).textContent).toContain('Current items on file'));
    expect(within(main).getByRole('link', { name: 'Licenses (Expiring soon) Current items on file' })).toBeTruthy();
    expect(within(main).getByRole('link', { name: /^Insurance \(Expired\)/ }).textContent).toContain('Only expired or archived items');
    expect(within(main).getByRole('link', { name: /^Certifications \(Up to date\)/ }).textContent).toContain('Nothing on file yet');
    const row = within(main).getByRole('table', { name: 'Expiration dates' }).querySelector<HTMLElement>('tr:has(td)')!;
    expect(within(row).getByText('General Liability')).toBeTruthy();
    expect(within(row).getByText('Expired')).toBeTruthy();
    const reminders = within(main).getByRole('region', { name: 'Expiry reminders' });
    await waitFor(() => expect((within(reminders).getByLabelText('Remind us this many days before a lapse') as HTMLInputElement).value).toBe('60, 30, 7, 0'));
    expect((within(reminders).getByLabelText(/Calendar feed/) as HTMLInputElement).value).toBe('http://permitdesk.test/calendar/abc.ics');
    expect(within(reminders).getByRole('button', { name: 'Rotate' })).toBeTruthy();
  });

});
