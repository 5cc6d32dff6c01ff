// /data-collection/{projectId?}/{permitId}: prefilled from the permit, checked with core's
// dataCollectionSchema (the SPEC's messages), saved with PUT, and the server's message on failure.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeNetwork, profile, type Route } from '../../test/fixtures.js';
import { fullPermit, inspection } from '../radar/testing/radar-fixtures.js';
import { renderRoute } from '../radar/testing/render-route.js';
import DataCollectionPage from './data-collection-page.js';
import { forgetSession, signIn } from '../../test/session.js';

let net: ReturnType<typeof fakeNetwork>;
const calls = (method: string, path: string) => net.calls.filter((c) => c.method === method && c.url.pathname === path);
const permit = fullPermit(1, {
  companyId: 11,
  orderNumber: 'PO-77',
  estCompletionAt: '2026-04-30T12:00:00.000Z',
  projectValue: 18500,
  permitInspections: [inspection(2, 'Final', 2, 'open'), inspection(1, 'Rough-in', 1, 'passed')],
});

const routes = (extra: Record<string, Route> = {}): Record<string, Route> => ({
  'GET /v3/projects/41/permits/1': () => ({ body: { permit, data: null } }),
  'GET /v3/permits/1': () => ({ body: permit }),
  ...extra,
});

beforeEach(() => {
  localStorage.clear();
  signIn(profile({}, { '11': { name: 'Acme Builders', role: 'owner' } }))
});
afterEach(() => {
  forgetSession();
  vi.unstubAllGlobals();
});

const open = (url = '/data-collection/41/1') => renderRoute(<DataCollectionPage />, '/data-collection/:projectId?/:permitId', url);
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('DataCollectionPage', () => {
  it('starts from what the permit knows', async () => {
    net = fakeNetwork(routes());
    open();
    expect((await screen.findByLabelText('Customer Name') as HTMLInputElement).value).toBe('Ann Lee');
    expect(input('Purchase Order').value).toBe('PO-77');
    expect(input('Estimate Completion Date').value).toBe('2026-04-30');
    expect(input('Address').value).toBe('1 Main St, Springfield, IL 62701');
    expect(input('Task').value).toBe('Roof replacement');
    expect(input('Inspection 1').value).toBe('Rough-in');
    expect(input('Inspection 2').value).toBe('Final');
    expect(input('Price ($)').value).toBe('18500');
    expect((screen.getByLabelText('Company') as HTMLSelectElement).value).toBe('11');
  });

  it("refuses a missing customer and address with the SPEC's messages and sends nothing", async () => {
    net = fakeNetwork(routes());
    open();
    await userEvent.clear(await screen.findByLabelText('Customer Name'));
    await userEvent.clear(input('Address'));
    await userEvent.type(input('Price ($)'), '{selectall}abc');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Customer name is required.')).toBeTruthy();
    expect(screen.getByText('Address is required.')).toBeTruthy();
    expect(input('Price ($)').getAttribute('aria-invalid')).toBe('true');
    expect(calls('PUT', '/v3/projects/41/permits/1')).toHaveLength(0);
  });

  it('saves every field of SPEC §3 for real', async () => {
    net = fakeNetwork(routes({ 'PUT /v3/projects/41/permits/1': () => ({ body: { permit, data: null } }) }));
    open();
    await screen.findByLabelText('Customer Name');
    await userEvent.type(input('State License'), 'SL-1');
    await userEvent.type(input('Local License'), 'LL-2');
    await userEvent.type(input('Company Address'), '9 Elm St, Springfield, IL');
    await userEvent.type(input('Permit Number'), 'BP-2026-001');
    fireEvent.change(input('Expiration Date'), { target: { value: '2027-01-31' } });
    await userEvent.type(input('Permit Fees ($)'), '$1,250.50');
    await userEvent.click(screen.getByRole('button', { name: 'Add Inspection' }));
    await userEvent.type(input('Inspection 3'), 'Insulation');
    await userEvent.type(input('Reason for No Upload'), 'The city mails the card.');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The permit data has been saved.')).toBeTruthy();
    expect(calls('PUT', '/v3/projects/41/permits/1')[0]?.body).toEqual({
      purchaseOrder: 'PO-77',
      estimateCompletionDate: '2026-04-30',
      customerName: 'Ann Lee',
      address: '1 Main St, Springfield, IL 62701',
      task: 'Roof replacement',
      inspections: ['Rough-in', 'Final', 'Insulation'],
      stateLicense: 'SL-1',
      localLicense: 'LL-2',
      company: 'Acme Builders',
      companyId: 11,
      companyAddress: '9 Elm St, Springfield, IL',
      expirationDate: '2027-01-31',
      price: 18500,
      permitNo: 'BP-2026-001',
      permitFees: 1250.5,
      files: [],
      noUploadPermitReason: 'The city mails the card.',
    });
  });

  it("shows the server's message when saving fails", async () => {
    net = fakeNetwork(routes({ 'PUT /v3/projects/41/permits/1': () => ({ status: 409, body: { message: 'Permit number BP-1 is already used.', code: 'CONFLICT' } }) }));
    open();
    await screen.findByLabelText('Customer Name');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Permit number BP-1 is already used.')).toBeTruthy();
  });

  it('finds the project of a permit when the URL has only the permit', async () => {
    net = fakeNetwork(routes());
    const { location } = open('/data-collection/1');
    await waitFor(() => expect(location()).toBe('/data-collection/41/1'));
    expect(await screen.findByLabelText('Customer Name')).toBeTruthy();
  });
});
