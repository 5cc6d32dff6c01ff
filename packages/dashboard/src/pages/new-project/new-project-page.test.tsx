// /new-project through the real client and router (network faked at fetch): the widget's address
// search box, the municipality by location, the types of work, then the project and its permits.
import { INDIVIDUAL_REQUESTS_CLOSED_MESSAGE } from '@permitdesk/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../session/session.js';
import { fakeNetwork, profile, tokens } from '../../test/fixtures.js';
import { row } from '../radar/testing/radar-fixtures.js';
import { renderRoute } from '../radar/testing/render-route.js';
import NewProjectPage from './new-project-page.js';
import { forgetSession, signIn } from '../../test/session.js';

let net: ReturnType<typeof fakeNetwork>;
const calls = (method: string, path: string) => net.calls.filter((c) => c.method === method && c.url.pathname === path);
const address = { streetAddress: '350 5th Ave', streetModifier: null, city: 'New York', state: 'NY', postalCode: '10118' };
const project = (permits: ReturnType<typeof row>[]) => ({
  id: 77, name: 'Office roof', address, projectAddress: '350 5th Ave, New York, NY 10118', customerName: 'Empire Holdings', orderNumber: 'PO-9',
  companyId: 11, createdAt: '2026-03-01T10:00:00.000Z', permits, projectsAssignments: [],
});
const municipality = {
  id: 9, name: 'City of New York', slug: 'ny/new-york-county/new-york/city-of-new-york', kind: 'city', stateCode: 'NY', countyName: 'New York County',
  latitude: 40.75, longitude: -73.98, phoneNumbers: [], permitCutoffHour: 15, administrativeArea: null, administrativeAreas: [],
};

beforeEach(() => {
  signIn(profile({}, { '11': { name: 'Acme Builders', role: 'owner' } }))
  net = fakeNetwork(routes());
});
const routes = (): Parameters<typeof fakeNetwork>[0] => ({
  'GET /v4/lookup/addresses': () => ({
    body: [{ id: 'address.350-5th', center: [-73.9857, 40.7484], place_name: '350 5th Ave, New York, NY 10118', matching_place_name: '350 5th Ave', street_line: '350 5th Ave' }],
  }),
  'GET /v4/lookup/addresses/address.350-5th': () => ({ body: { address: '350 5th Ave', city: 'New York', state: 'NY', zip: '10118', streetAddress: '350 5th Ave', streetModifier: null, postalCode: '10118', longitude: -73.9857, latitude: 40.7484 } }),
  'GET /search/': () => ({ body: municipality }),
  'GET /tasks': () => ({ body: [{ id: 3, name: 'Roof Replacement' }, { id: 4, name: 'Water Heater' }, { id: 5, name: 'Solar Panels' }] }),
  'POST /v4/projects': () => ({ body: project([]) }),
  'PATCH /v4/projects/77/permits': () => ({ body: project([row(501, 'Empire Holdings', { projectId: 77, taskId: 3 }), row(502, 'Empire Holdings', { projectId: 77, taskId: 5 })]) }),
});
afterEach(() => {
  forgetSession();
  vi.unstubAllGlobals();
});

describe('NewProjectPage', () => {
  it('creates a project at a searched address and adds the chosen permits', async () => {
    const { location } = renderRoute(<NewProjectPage />, '/new-project', '/new-project');
    await userEvent.type(screen.getByRole('combobox', { name: 'Job-site address' }), '350 5th');
    await userEvent.click(await screen.findByRole('option', { name: /350 5th Ave, New York/ }));
    expect(await screen.findByText('City of New York')).toBeTruthy();
    // The municipality is asked with the address's USPS city, state and ZIP.
    expect(Object.fromEntries(calls('GET', '/search/')[0]!.url.searchParams)).toEqual({
      lat: '40.7484', lon: '-73.9857', city: 'New York', state: 'NY', zip: '10118',
    });
    expect((screen.getByLabelText('Address 1') as HTMLInputElement).value).toBe('350 5th Ave');
    await userEvent.type(screen.getByLabelText('Address 2 (optional)'), 'Floor 86');
    await userEvent.clear(screen.getByLabelText('Customer Name'));
    await userEvent.click(screen.getByRole('button', { name: 'Create Project' }));
    expect(await screen.findByText('Customer name is required.')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Customer Name'), 'Empire Holdings');
    await userEvent.type(screen.getByLabelText('Project Name (optional)'), 'Office roof');
    await userEvent.type(screen.getByLabelText('Order Number (optional)'), 'PO-9');
    await userEvent.click(screen.getByRole('button', { name: 'Create Project' }));
    expect(await screen.findByText('Choose at least one type of work.')).toBeTruthy();
    const picker = screen.getByRole('group', { name: 'Permits to add' });
    await userEvent.click(within(picker).getByLabelText('Roof Replacement'));
    await userEvent.click(within(picker).getByLabelText('Solar Panels'));
    await userEvent.click(screen.getByRole('button', { name: 'Create Project' }));
    await waitFor(() => expect(location()).toBe('/projects/77/501'));
    expect(calls('POST', '/v4/projects')[0]?.body).toEqual({
      name: 'Office roof',
      customerName: 'Empire Holdings',
      orderNumber: 'PO-9',
      address: { ...address, streetModifier: 'Floor 86' },
      companyId: 11,
      latitude: 40.7484,
      longitude: -73.9857,
    });
    expect(calls('PATCH', '/v4/projects/77/permits')[0]?.body).toEqual({ taskIds: [3, 5], municipalityId: 9 });
  });

  it('checks the pre-filing gate through the expected work dates, lists what lapses, and files only with the acknowledgement (issue 16)', async () => {
    const lapse = { kind: 'license', type: 'Roofing Contractor', reason: 'lapses', expiresOn: '2031-05-01', message: 'Roofing Contractor license expires on 05/01/2031, before the work ends (06/30/2031).' };
    net = fakeNetwork({
      ...routes(),
      // The company's roofing license lapses on May 1st: work ending June 30th is short of it.
      'GET /v4/gate/check': (_, url) => {
        const short = url.searchParams.get('end') === '2031-06-30';
        return { body: { ok: !short, applicant: 'Company', workStart: '2031-04-01', workEnd: url.searchParams.get('end') ?? '2031-04-01', required: [{ kind: 'license', type: 'Roofing Contractor' }], missing: short ? [lapse] : [] } };
      },
    });
    const { location } = renderRoute(<NewProjectPage />, '/new-project', '/new-project');
    await userEvent.type(screen.getByRole('combobox', { name: 'Job-site address' }), '350 5th');
    await userEvent.click(await screen.findByRole('option', { name: /350 5th Ave, New York/ }));
    expect(await screen.findByText('City of New York')).toBeTruthy();
    await userEvent.click(within(screen.getByRole('group', { name: 'Permits to add' })).getByLabelText('Roof Replacement'));
    await waitFor(() => expect(calls('GET', '/v4/gate/check').length).toBeGreaterThan(0));
    expect(screen.queryByTestId('gate-notice')).toBeNull();
    await userEvent.type(screen.getByLabelText('Estimated Start Date (optional)'), '2031-04-01');
    await userEvent.type(screen.getByLabelText('Estimated Completion Date (optional)'), '2031-06-30');
    const notice = await screen.findByTestId('gate-notice');
    expect(within(notice).getByText(lapse.message)).toBeTruthy();
    expect(within(notice).getByRole('link', { name: 'Add or renew' }).getAttribute('href')).toBe('/licenses');
    const last = calls('GET', '/v4/gate/check').at(-1)!;
    expect(Object.fromEntries(last.url.searchParams)).toEqual({ taskId: '3', municipalityId: '9', companyId: '11', start: '2031-04-01', end: '2031-06-30' });
    const create = screen.getByRole('button', { name: 'Create Project' }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    await userEvent.click(within(notice).getByLabelText('Submit anyway; the permit team will ask for it'));
    expect(create.disabled).toBe(false);
    await userEvent.click(create);
    await waitFor(() => expect(location()).toBe('/projects/77/501'));
    expect(calls('PATCH', '/v4/projects/77/permits')[0]?.body).toEqual({ taskIds: [3], municipalityId: 9, workStart: '2031-04-01', workEnd: '2031-06-30', acknowledgeGate: true });
  });

  it('after a refusal of the gate (422), files the permits on the project already made: no second project', async () => {
    let patches = 0;
    net = fakeNetwork({
      ...routes(),
      'GET /v4/gate/check': () => ({ status: 503, body: { message: 'Busy', code: 'UNAVAILABLE' } }),
      'PATCH /v4/projects/77/permits': () =>
        ++patches === 1
          ? { status: 422, body: { message: 'Your company is missing credentials this permit needs. Add or renew them, or submit anyway.', code: 'GATE_BLOCKED', fields: { 'insurance.0': 'No General Liability insurance on file.' } } }
          : { body: project([row(501, 'Empire Holdings', { projectId: 77, taskId: 3 })]) },
    });
    const { location } = renderRoute(<NewProjectPage />, '/new-project', '/new-project');
    await userEvent.type(screen.getByRole('combobox', { name: 'Job-site address' }), '350 5th');
    await userEvent.click(await screen.findByRole('option', { name: /350 5th Ave, New York/ }));
    expect(await screen.findByText('City of New York')).toBeTruthy();
    await userEvent.click(within(screen.getByRole('group', { name: 'Permits to add' })).getByLabelText('Roof Replacement'));
    await userEvent.click(screen.getByRole('button', { name: 'Create Project' }));
    const notice = await screen.findByTestId('gate-notice');
    expect(within(notice).getByText('No General Liability insurance on file.')).toBeTruthy();
    await userEvent.click(within(notice).getByLabelText('Submit anyway; the permit team will ask for it'));
    await userEvent.click(screen.getByRole('button', { name: 'Create Project' }));
    await waitFor(() => expect(location()).toBe('/projects/77/501'));
    expect(calls('POST', '/v4/projects')).toHaveLength(1);
    expect(calls('PATCH', '/v4/projects/77/permits').map((c) => (c.body as { acknowledgeGate?: boolean }).acknowledgeGate ?? false)).toEqual([false, true]);
  });

  it('reads INDIVIDUAL_REQUEST_PERMIT from the server for someone without a company: closed means a notice and no submit', async () => {
    sessionStore.getState().login(tokens(), profile({}, {}));
    let allowed = 'false';
    net = fakeNetwork({
      'GET /tasks': () => ({ body: [{ id: 3, name: 'Roof Replacement' }] }),
      'GET /global-setting': () => ({ body: [{ settingKey: 'INDIVIDUAL_REQUEST_PERMIT', value: allowed }] }),
    });
    const first = renderRoute(<NewProjectPage />, '/new-project', '/new-project');
    expect(await screen.findByText(INDIVIDUAL_REQUESTS_CLOSED_MESSAGE)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Create Project' }) as HTMLButtonElement).disabled).toBe(true);
    first.unmount();
    allowed = 'true';
    renderRoute(<NewProjectPage />, '/new-project', '/new-project');
    await waitFor(() => expect(calls('GET', '/global-setting')).toHaveLength(2));
    await screen.findByRole('group', { name: 'Permits to add' });
    expect(screen.queryByText(INDIVIDUAL_REQUESTS_CLOSED_MESSAGE)).toBeNull();
    expect((screen.getByRole('button', { name: 'Create Project' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
