// The municipality directory pages through the real client (network faked at fetch): the search with
// keyword and state, the staff gate, and the edit form (checked before it is sent, saved, versions shown).
import type { DirectoryDetail, DirectoryMunicipality } from '@permitdesk/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeNetwork } from '../../../test/fixtures.js';
import { renderRoute } from '../../radar/testing/render-route.js';
import MunicipalitiesPage from './municipalities-page.js';
import MunicipalityPage from './municipality-page.js';
import { forgetSession, signIn } from '../../../test/session.js';

let net: ReturnType<typeof fakeNetwork>;
const OPERATOR = { 'GET /v4/operator/status': () => ({ body: { staff: true, role: 'operator' } }) };

const row = (id: number, name: string, extra: Partial<DirectoryMunicipality> = {}): DirectoryMunicipality => ({
  id, name, kind: 'city', stateCode: 'NY', countyName: 'New York County', mainPhone: null, cutoffHour: 15, updatedAt: null, ...extra,
});
const detail = (extra: Partial<DirectoryDetail> = {}): DirectoryDetail => ({
  municipality: row(42, 'New York'),
  entry: {
    mainPhone: null, officeAddress: null, portalUrl: null, cutoffHour: null, submissionMethods: [], turnaround: {}, feeNotes: null, filingNotes: null,
    updatedAt: null, updatedByName: null,
  },
  versions: [],
  ...extra,
});

beforeEach(() => {
  signIn()
});
afterEach(() => {
  forgetSession();
  vi.unstubAllGlobals();
});

describe('/ops/municipalities', () => {
  it('is closed to customers', async () => {
    net = fakeNetwork({ 'GET /v4/operator/status': () => ({ body: { staff: false, role: null } }) });
    renderRoute(<MunicipalitiesPage />, '/ops/municipalities', '/ops/municipalities');
    expect(await screen.findByText('Only the permit team can open this page.')).toBeTruthy();
    expect(net.calls.some((c) => c.url.pathname === '/v4/operator/municipalities')).toBe(false);
  });

  it('searches by name and state and links each municipality to its entry', async () => {
    net = fakeNetwork({
      ...OPERATOR,
      'GET /v4/operator/municipalities': (_req, url) =>
        url.searchParams.get('keyword') === 'york'
          ? { body: [row(42, 'New York', { mainPhone: '+12125550100', updatedAt: '2026-11-20T15:00:00.000Z', cutoffHour: 14 })], headers: { 'x-pagination-totalcount': '1' } }
          : { body: [row(1, 'Albany'), row(2, 'Buffalo')], headers: { 'x-pagination-totalcount': '19983' } },
    });
    const user = userEvent.setup();
    renderRoute(<MunicipalitiesPage />, '/ops/municipalities', '/ops/municipalities');
    expect(await screen.findByText('19,983 municipalities')).toBeTruthy();
    await user.type(screen.getByLabelText('Municipality name'), 'york');
    await user.selectOptions(screen.getByLabelText('State'), 'NY');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const table = await screen.findByRole('table', { name: 'Municipalities' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    const link = within(table).getByRole('link', { name: 'New York' });
    expect(link.getAttribute('href')).toBe('/ops/municipalities/42');
    expect(within(table).getByText('+1 (212) 555-0100')).toBeTruthy();
    expect(within(table).getByText('2:00 PM')).toBeTruthy();
    const last = net.calls.filter((c) => c.url.pathname === '/v4/operator/municipalities').at(-1)!;
    expect(Object.fromEntries(last.url.searchParams)).toMatchObject({ keyword: 'york', state: 'NY', page: '1' });
  });
});

describe('/ops/municipalities/:id', () => {
  it('checks the entry before sending it, saves it and shows the new version', async () => {
    let saved: unknown;
    net = fakeNetwork({
      ...OPERATOR,
      'GET /v4/operator/municipalities/42': () => ({ body: detail() }),
      'GET /tasks': () => ({ body: [{ id: 3, name: 'Water heater' }, { id: 4, name: 'Roof' }] }),
      'PUT /v4/operator/municipalities/42': () => {
        saved = true;
        return {
          body: detail({
            entry: { ...detail().entry, mainPhone: '+12125550100', cutoffHour: 14, submissionMethods: ['online'], turnaround: { '3': 10 }, updatedAt: '2026-11-26T15:00:00.000Z', updatedByName: 'Olga Operator' },
            versions: [{ occurredAt: '2026-11-26T15:00:00.000Z', actorName: 'Olga Operator', actorEmail: 'olga@permitdesk.test', requestId: 'r-1', before: { mainPhone: null, turnaround: {} }, after: { mainPhone: '+12125550100', turnaround: { '3': 10 } } }],
          }),
        };
      },
    });
    const user = userEvent.setup();
    renderRoute(<MunicipalityPage />, '/ops/municipalities/:id', '/ops/municipalities/42');
    expect(await screen.findByRole('heading', { name: 'New York, NY' })).toBeTruthy();
    expect(screen.getByText('No change recorded yet.')).toBeTruthy();
    await user.type(screen.getByLabelText('Main phone'), '555');
    await user.click(screen.getByRole('button', { name: 'Save the entry' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Invalid format');
    expect(saved).toBeUndefined();
    await user.clear(screen.getByLabelText('Main phone'));
    await user.type(screen.getByLabelText('Main phone'), '(212) 555-0100');
    await user.selectOptions(screen.getByLabelText('Cut-off hour'), '14');
    await user.click(screen.getByLabelText('Online portal'));
    await user.type(await screen.findByLabelText('Water heater'), '10');
    await user.click(screen.getByRole('button', { name: 'Save the entry' }));
    const versions = await screen.findByRole('list', { name: 'Versions, newest first' });
    expect(versions.textContent).toContain('Olga Operator');
    expect(versions.textContent).toContain('(empty) → +1 (212) 555-0100');
    expect(versions.textContent).toContain('Water heater: 10 days');
    const put = net.calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toMatchObject({ mainPhone: '(212) 555-0100', cutoffHour: 14, submissionMethods: ['online'], turnaround: { '3': 10 } });
  });
});
