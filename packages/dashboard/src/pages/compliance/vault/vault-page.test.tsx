// /licenses, /insurances and /documentations through the real client and router (network faked at
// fetch): the table with expiry dates, status and keyword filters, adding with a file (presigned upload),
// editing, archiving and restoring, downloads, read-only roles, and the documentation categories.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeNetwork, type Route } from '../../../test/fixtures.js';
import { company, documentation, indicators, insurance, license, renderCompliance, signInWith, signOutNow } from '../testing/compliance-fixtures.js';

const OWNED = company(11, 'Summit Roofing', 'owner');
const OBSERVED = company(12, 'Valley Electric', 'user');
let net: ReturnType<typeof fakeNetwork>;
const calls = (method: string, path: string) => net.calls.filter((c) => c.method === method && c.url.pathname === path);

function network(extra: Record<string, Route>) {
  net = fakeNetwork({
    'GET /v4/companies': () => ({ body: [OWNED, OBSERVED] }),
    'GET /v4/indicators/companies': (_, url) => ({ body: url.searchParams.get('ids')!.split(',').map((id) => indicators(Number(id))) }),
    'GET /v4/compliance-types': () => ({ body: [{ id: 1, type: 'license', name: 'General Contractor' }] }),
    'POST /v4/compliance-types': () => ({ body: { id: 2, type: 'license', name: 'Roofing Contractor' } }),
    ...extra,
  });
}

afterEach(() => {
  signOutNow();
  vi.unstubAllGlobals();
});

const table = () => screen.getByRole('table', { name: /Licenses|Insurance|Documentation/ });
const rowOf = (name: string) => within(table()).getByText(name).closest('tr')!;

describe('licenses', () => {
  it('lists the active licenses with their expiry dates, and asks the server for archived ones and by keyword', async () => {
    signInWith([OWNED], '11');
    network({
      'GET /v4/companies/11/licenses': (_, url) => ({
        body: url.searchParams.get('status') === 'archived' ? [license(3, 'Old Permit License', { status: 'archived' })] : [license(2, 'Roofing Contractor', { expiresOn: null }), license(1, 'General Contractor')],
      }),
    });
    renderCompliance('/licenses?company=11');
    await screen.findByText('General Contractor');
    const names = within(table()).getAllByRole('row').slice(1).map((tr) => tr.querySelector('td[data-column="name"]')?.textContent).filter(Boolean);
    expect(names).toEqual(['General Contractor', 'Roofing Contractor']);
    expect(within(rowOf('General Contractor')).getByText('2030-06-30')).toBeTruthy();
    expect(within(rowOf('General Contractor')).getByText('Valid')).toBeTruthy();
    expect(calls('GET', '/v4/companies/11/licenses')[0]!.url.searchParams.get('status')).toBe('active');

    await userEvent.selectOptions(screen.getByLabelText('Show'), 'archived');
    expect(await screen.findByText('Old Permit License')).toBeTruthy();
    expect(within(rowOf('Old Permit License')).getByRole('button', { name: 'Restore Old Permit License' })).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Search licenses'), 'gc-1');
    await waitFor(() => expect(calls('GET', '/v4/companies/11/licenses').some((c) => c.url.searchParams.get('keyword') === 'gc-1')).toBe(true));
  });

  it('adds a license with a file: the license, then the file registered for it and PUT to the presigned URL', async () => {
    signInWith([OWNED], '11');
    let stored = [license(1, 'General Contractor')];
    const put: Array<{ type: string | null; size: number }> = [];
    network({
      'GET /v4/companies/11/licenses': () => ({ body: stored }),
      'POST /v4/companies/11/licenses': () => {
        stored = [...stored, license(7, 'Roofing Contractor', { number: 'RC-77', expiresOn: '2027-01-31' })];
        return { body: stored.at(-1) };
      },
      'POST /v4/companies/11/documents': () => {
        stored = stored.map((l) => (l.licenseId === 7 ? { ...l, documentId: 40, fileName: 'roofing.pdf', file: 'companies/11/u/roofing.pdf' } : l));
        return { body: { documentId: 40, uploadUrl: 'http://files.test/upload/roofing.pdf?sig=1', method: 'PUT', headers: { 'content-type': 'application/pdf' }, expiresAt: '2026-03-01T10:15:00.000Z' } };
      },
      'GET /v4/s3/presigned': () => ({ body: { url: 'http://files.test/get/roofing.pdf?sig=2', expiresAt: '2026-03-01T10:15:00.000Z' } }),
    });
    // The presigned PUT carries the file's bytes (not JSON): answered here, before the fake API.
    const api = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(String(input), init);
      if (!request.url.startsWith('http://files.test/upload/')) return api(input, init);
      put.push({ type: request.headers.get('content-type'), size: (await request.arrayBuffer()).byteLength });
      return new Response(null, { status: 200 });
    });
    const open = vi.fn();
    vi.stubGlobal('open', open);
    renderCompliance('/licenses?company=11');
    await screen.findByText('General Contractor');
    await userEvent.click(screen.getByRole('button', { name: 'Add License' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add license' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save license' }));
    expect(await within(dialog).findByText('Name is required.')).toBeTruthy();
    expect(calls('POST', '/v4/companies/11/licenses')).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText('Name'), 'Roofing Contractor');
    await userEvent.type(within(dialog).getByLabelText('License Number'), 'RC-77');
    await userEvent.selectOptions(within(dialog).getByLabelText('State'), 'CO');
    await userEvent.type(within(dialog).getByLabelText('Issued On'), '2026-02-01');
    await userEvent.type(within(dialog).getByLabelText('Expires On'), '2026-01-31');
    await userEvent.upload(within(dialog).getByLabelText('Attach a file'), new File(['%PDF-1.4 roof'], 'roofing.pdf', { type: 'application/pdf' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save license' }));
    expect(await within(dialog).findByText('The expiration date must be on or after the issue date.')).toBeTruthy();
    await userEvent.clear(within(dialog).getByLabelText('Expires On'));
    await userEvent.type(within(dialog).getByLabelText('Expires On'), '2027-01-31');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save license' }));

    expect(await screen.findByText('The license has been added.')).toBeTruthy();
    expect(calls('POST', '/v4/companies/11/licenses')[0]!.body).toEqual({
      name: 'Roofing Contractor', number: 'RC-77', issuer: null, stateCode: 'CO', issuedOn: '2026-02-01', expiresOn: '2027-01-31', licenseType: 'state', municipalityId: null,
    });
    expect(calls('POST', '/v4/companies/11/documents')[0]!.body).toEqual({ fileName: 'roofing.pdf', contentType: 'application/pdf', size: 13, documentableType: 'License', documentableId: 7 });
    expect(put).toEqual([{ type: 'application/pdf', size: 13 }]);
    // A name the list did not have is added to the company's kinds.
    await waitFor(() => expect(calls('POST', '/v4/compliance-types')[0]?.body).toEqual({ name: 'Roofing Contractor' }));
    expect(calls('POST', '/v4/compliance-types')[0]!.url.searchParams.get('companyId')).toBe('11');

    await userEvent.click(await screen.findByRole('button', { name: 'Download roofing.pdf' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('http://files.test/get/roofing.pdf?sig=2', '_blank', 'noopener'));
    expect(calls('GET', '/v4/s3/presigned')[0]!.url.searchParams.get('file')).toBe('companies/11/u/roofing.pdf');
  });

  it('archives and restores, and edits with the current values', async () => {
    signInWith([OWNED], '11');
    let item = license(1, 'General Contractor', { number: 'GC-1' });
    network({
      'GET /v4/companies/11/licenses': (_, url) => ({ body: item.status === url.searchParams.get('status') ? [item] : [] }),
      'DELETE /v4/companies/11/licenses/1': () => ((item = { ...item, status: 'archived' }), { body: item }),
      'POST /v4/companies/11/licenses/1/restore': () => ((item = { ...item, status: 'active' }), { body: item }),
      'PUT /v4/companies/11/licenses/1': (_request) => ((item = { ...item, number: 'GC-2' }), { body: item }),
    });
    renderCompliance('/licenses?company=11');
    await userEvent.click(await screen.findByRole('button', { name: 'Archive General Contractor' }));
    expect(await screen.findByText('The license has been archived.')).toBeTruthy();
    expect(await screen.findByText('No licenses yet.')).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText('Show'), 'archived');
    await userEvent.click(await screen.findByRole('button', { name: 'Restore General Contractor' }));
    expect(await screen.findByText('The license has been restored.')).toBeTruthy();
    expect(calls('POST', '/v4/companies/11/licenses/1/restore')).toHaveLength(1);

    await userEvent.selectOptions(screen.getByLabelText('Show'), 'active');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit General Contractor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit license' });
    expect((within(dialog).getByLabelText('License Number') as HTMLInputElement).value).toBe('GC-1');
    expect((within(dialog).getByLabelText('Expires On') as HTMLInputElement).value).toBe('2030-06-30');
    await userEvent.clear(within(dialog).getByLabelText('License Number'));
    await userEvent.type(within(dialog).getByLabelText('License Number'), 'GC-2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save license' }));
    expect(await screen.findByText('The license has been updated.')).toBeTruthy();
    expect(calls('PUT', '/v4/companies/11/licenses/1')[0]!.body).toMatchObject({ name: 'General Contractor', number: 'GC-2', stateCode: 'CO', expiresOn: '2030-06-30' });
  });

  it('is read-only for an Observer: no add, edit, archive or upload', async () => {
    signInWith([OWNED, OBSERVED], '12');
    network({ 'GET /v4/companies/12/licenses': () => ({ body: [license(5, 'Electrical Contractor', { companyId: 12, fileName: 'elec.pdf', file: 'companies/12/u/elec.pdf' })] }) });
    renderCompliance('/licenses?company=12');
    await screen.findByText('Electrical Contractor');
    expect(screen.queryByRole('button', { name: 'Add License' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Archive Electrical Contractor' })).toBeNull();
    expect(screen.queryByLabelText('Upload a file for Electrical Contractor')).toBeNull();
    expect(screen.getByRole('button', { name: 'Download elec.pdf' })).toBeTruthy();
  });
});

describe('insurance', () => {
  it('shows the coverage in USD and sends it as a number', async () => {
    signInWith([OWNED], '11');
    network({
      'GET /v4/companies/11/insurances': () => ({ body: [insurance(1, 'General Liability', { coverageAmount: 2_000_000 })] }),
      'POST /v4/companies/11/insurances': () => ({ body: insurance(2, "Workers' Compensation", { coverageAmount: 1_500_000 }) }),
      'GET /v4/compliance-types': () => ({ body: [] }),
    });
    renderCompliance('/insurances?company=11');
    expect(await screen.findByText('$2,000,000.00')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Add Insurance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add insurance' });
    await userEvent.type(within(dialog).getByLabelText('Name'), "Workers' Compensation");
    await userEvent.type(within(dialog).getByLabelText('Carrier'), 'Acme Mutual');
    await userEvent.type(within(dialog).getByLabelText('Coverage Amount (USD)'), '$1,500,000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save insurance' }));
    await waitFor(() => expect(calls('POST', '/v4/companies/11/insurances')).toHaveLength(1));
    expect(calls('POST', '/v4/companies/11/insurances')[0]!.body).toMatchObject({ name: "Workers' Compensation", issuer: 'Acme Mutual', coverageAmount: 1500000 });
  });
});

describe('documentation', () => {
  it('labels the categories Sorted / Unneeded / Unsorted, filters by category, and adds one', async () => {
    signInWith([OWNED], '11');
    let docs = [documentation(1, 'W-9 Form', { category: 'Sorted', fileName: 'w9.pdf', file: 'companies/11/u/w9.pdf' }), documentation(2, 'Old brochure', { category: 'Unneeded' }), documentation(3, 'scan-0042.pdf', { fileName: 'scan-0042.pdf', file: 'k' })];
    network({
      'GET /v4/companies/11/documentations': () => ({ body: docs }),
      'POST /v4/companies/11/documentations': () => {
        docs = [...docs, documentation(4, 'Safety Manual', { category: 'Sorted' })];
        return { body: docs.at(-1) };
      },
    });
    renderCompliance('/documentations?company=11');
    await screen.findByText('W-9 Form');
    expect(within(rowOf('W-9 Form')).getByText('Sorted')).toBeTruthy();
    expect(within(rowOf('Old brochure')).getByText('Unneeded')).toBeTruthy();
    const scan = within(table()).getByRole('button', { name: 'Download scan-0042.pdf' }).closest('tr')!;
    expect(within(scan).getByText('Unsorted')).toBeTruthy();
    expect(within(rowOf('W-9 Form')).getByText('02/03/2026', { exact: false })).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'Unneeded');
    expect(within(table()).queryByText('W-9 Form')).toBeNull();
    expect(within(table()).getByText('Old brochure')).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText('Category'), '');

    await userEvent.click(screen.getByRole('button', { name: 'Add Documentation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add documentation' });
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Safety Manual');
    await userEvent.selectOptions(within(dialog).getByLabelText('Category'), 'Sorted');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save documentation' }));
    expect(await screen.findByText('The documentation has been added.')).toBeTruthy();
    expect(calls('POST', '/v4/companies/11/documentations')[0]!.body).toEqual({ name: 'Safety Manual', category: 'Sorted' });
    expect(await within(table()).findByText('Safety Manual')).toBeTruthy();
  });
});
