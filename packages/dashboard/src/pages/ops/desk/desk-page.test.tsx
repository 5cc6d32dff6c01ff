// /ops/permits/{id} through the real client and router (network faked at fetch): the panels show the
// desk's data; the stage move pre-fills the template message and sends the version; a 409 reloads the
// desk and lists what a colleague changed; customers are kept out.
import type { AuditEntry, PermitDesk, StageTemplate } from '@permitdesk/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeNetwork, profile, type Route } from '../../../test/fixtures.js';
import { fullPermit } from '../../radar/testing/radar-fixtures.js';
import { renderRoute } from '../../radar/testing/render-route.js';
import { expiryBadge } from './compliance-panel.js';
import { deskChanges } from './desk-changes.js';
import PermitDeskPage, { CONFLICT_TITLE } from './desk-page.js';
import { parseFees } from './fees-panel.js';
import { forgetSession, signIn } from '../../../test/session.js';

const deskData = (overrides: Partial<PermitDesk> = {}, permit: Partial<PermitDesk['permit']> = {}): PermitDesk => ({
  permit: { ...fullPermit(1), stage: 10, stageHistory: [], permitNumber: null, ...permit },
  version: 3,
  stageEnteredAt: '2026-01-02T10:00:00.000Z',
  assignee: null,
  requester: { name: 'Ann Lee', email: 'ann@example.com' },
  request: {
    formId: 52,
    title: 'Permit Request',
    submittedAt: '2026-01-02T10:00:00.000Z',
    answers: [
      { name: 'CustomerName', label: 'Customer Name', value: 'Ann Lee' },
      { name: 'DescriptionOfWork', label: 'Description of Work', value: 'Replace the roof.' },
      { name: 'EstimatedStartDate', label: 'Estimated Start Date', value: null },
    ],
  },
  company: { id: 11, name: 'Acme Builders', owner: { name: 'Ann Lee', email: 'ann@example.com' } },
  compliance: {
    licenses: [
      { id: 1, name: 'General Contractor', number: 'GC-1', issuer: null, stateCode: 'NY', expiresOn: '2020-01-01', status: 'active' },
      { id: 2, name: 'Home Improvement', number: 'HI-2', issuer: null, stateCode: 'NY', expiresOn: '2099-01-01', status: 'active' },
    ],
    insurances: [],
  },
  documents: [],
  fees: [],
  quotes: [],
  cancellation: null,
  stageHistory: [],
  ...overrides,
});

const templates: StageTemplate[] = [
  { stage: 20, stageName: 'Processing', subject: 'Working on it', body: 'Hello {customerName}, we are preparing your {taskName} permit for {municipality}. {operatorName}', updatedAt: '2026-01-01T00:00:00.000Z', updatedBy: null },
];

let net: ReturnType<typeof fakeNetwork>;
let current: PermitDesk;
/** The whole trail the team reads on the desk (the customer's view hides the team's names and e-mails). */
const trail: AuditEntry[] = [
  {
    id: 9, occurredAt: '2026-11-20T15:00:00.000Z', actor: { name: 'Olga Operator', email: 'olga@permitdesk.test', role: 'permit_team' },
    entity: 'permit', entityId: '1', action: 'stage_changed', companyId: 11, permitId: 1, customerVisible: true,
    before: { stage: 10 }, after: { stage: 20 }, requestId: 'req-1',
  },
];
const calls = (method: string, path: string) => net.calls.filter((c) => c.method === method && c.url.pathname === path);
const routes = (extra: Record<string, Route> = {}, role: 'operator' | null = 'operator'): Record<string, Route> => ({
  'GET /v4/operator/status': () => ({ body: { staff: role !== null, role } }),
  'GET /v4/operator/permits/1/desk': () => ({ body: current }),
  'GET /v4/operator/permits/1/quotes': () => ({ body: [] }),
  'GET /v4/operator/permits/1/activity': () => ({ body: trail }),
  'GET /v4/operator/templates': () => ({ body: templates }),
  ...extra,
});

beforeEach(() => {
  localStorage.clear();
  current = deskData();
  signIn(profile({ name: 'Olga Operator' }))
});
afterEach(() => {
  forgetSession();
  vi.unstubAllGlobals();
});

const open = () => renderRoute(<PermitDeskPage />, '/ops/permits/:id', '/ops/permits/1');
const section = async (name: string) => (await screen.findByRole('heading', { name, level: 2 })).closest('section')!;

describe('PermitDeskPage', () => {
  it('keeps customers out', async () => {
    net = fakeNetwork(routes({}, null));
    open();
    expect(await screen.findByText('Only the permit team can open this page.')).toBeTruthy();
    expect(calls('GET', '/v4/operator/permits/1/desk')).toHaveLength(0);
  });

  it('shows the municipality the customer chose when the data could not tell, and why (issue 15)', async () => {
    current = deskData({}, {
      municipalityName: 'Clark County',
      municipalityChoice: { reason: 'unincorporated-nearby', offered: [{ id: 5, name: 'City of Las Vegas' }, { id: 2, name: 'Clark County' }] },
    });
    net = fakeNetwork(routes());
    open();
    const request = await section('The request');
    expect(
      await within(request).findByText('(chosen by the customer from City of Las Vegas or Clark County: unincorporated county area lies close by)', { exact: false }),
    ).toBeTruthy();
  });

  it("shows the request in the form's words and the company's compliance with expiry badges", async () => {
    net = fakeNetwork(routes());
    open();
    const request = await section('The request');
    expect(within(request).getByText('Description of Work')).toBeTruthy();
    expect(within(request).getByText('Replace the roof.')).toBeTruthy();
    expect(within(request).getByText('Not answered')).toBeTruthy();
    const compliance = await section('Company compliance');
    const licenses = within(compliance).getByRole('list', { name: 'Licenses' });
    expect(within(licenses).getAllByRole('listitem').map((li) => li.querySelector('.desk-badge')?.textContent)).toEqual(['Expired', 'Valid']);
    expect(within(compliance).getByText('None in the vault.')).toBeTruthy();
    // The quotes of the permit, from the quotes panel's own call.
    const quotes = await section('Quotes');
    expect(await within(quotes).findByText('No quote has been issued for this permit.')).toBeTruthy();
    // The whole audit trail, with the operator's name (the customer's view says 'PermitDesk permit team').
    const auditTrail = await section('Audit trail');
    expect(await within(auditTrail).findByText(/Olga Operator/)).toBeTruthy();
  });

  it("shows the pre-filing gate's answer on the request: what the contractor was told was missing, filed anyway (issue 16)", async () => {
    const message = 'Electrical Contractor license expires on 05/01/2031, before the work ends (06/30/2031).';
    current = deskData({
      gate: {
        ok: false, acknowledged: true, applicant: 'Company', workStart: '2031-04-01', workEnd: '2031-06-30', checkedAt: '2031-03-20T10:00:00.000Z',
        required: [{ kind: 'license', type: 'Electrical Contractor' }, { kind: 'insurance', type: 'General Liability' }],
        missing: [{ kind: 'license', type: 'Electrical Contractor', reason: 'lapses', expiresOn: '2031-05-01', message }],
      },
    });
    net = fakeNetwork(routes());
    open();
    const compliance = await section('Company compliance');
    const gate = within(compliance).getByRole('region', { name: 'Pre-filing gate' });
    expect(within(gate).getByText('Filed anyway')).toBeTruthy();
    expect(within(gate).getByText(/for the work from 2031-04-01 to 2031-06-30/)).toBeTruthy();
    expect(within(within(gate).getByRole('list', { name: 'Missing credentials' })).getByText(message)).toBeTruthy();
  });

  it('moves the stage with the template message, filled and editable, on the version shown', async () => {
    net = fakeNetwork(routes({ 'PUT /v4/operator/permits/1/stage': () => ({ body: current.permit }) }));
    open();
    const stage = await section('Move stage');
    await userEvent.click(within(stage).getByRole('button', { name: 'Move stage' }));
    expect(await within(stage).findByText('Choose the stage to move the permit to.')).toBeTruthy();
    await userEvent.selectOptions(within(stage).getByLabelText('Move to'), 'Processing');
    const message = within(stage).getByLabelText('Message to the customer') as HTMLTextAreaElement;
    await waitFor(() => expect(message.value).toBe(`Hello Ann Lee, we are preparing your ${current.permit.taskName} permit for ${current.permit.municipalityName}. Olga Operator`));
    await userEvent.type(message, ' Thanks!');
    await userEvent.click(within(stage).getByRole('button', { name: 'Move stage' }));
    await waitFor(() => expect(calls('PUT', '/v4/operator/permits/1/stage')).toHaveLength(1));
    expect(calls('PUT', '/v4/operator/permits/1/stage')[0]!.body).toEqual({ stage: 20, note: expect.stringMatching(/Olga Operator Thanks!$/), version: 3 });
  });

  it('on a 409 reloads the desk and lists what a colleague changed', async () => {
    net = fakeNetwork(
      routes({
        'PATCH /v4/operator/permits/1': () => {
          // A colleague moved the permit and set the number meanwhile.
          current = deskData({ version: 4, assignee: { id: 'u-2', name: 'Pat Team', email: 'pat@example.com' } }, { stage: 30, permitNumber: 'B-77' });
          return { status: 409, body: { message: 'This permit changed since you opened it. Review the changes and try again.', code: 'PERMIT_CHANGED' } };
        },
      }),
    );
    open();
    const fees = await section('Permit number and fees');
    await userEvent.type(within(fees).getByLabelText('Municipality permit number'), 'A-1');
    await userEvent.click(within(fees).getByRole('button', { name: 'Add a fee' }));
    await userEvent.type(within(fees).getByLabelText('Fee 1 name'), 'Plan review');
    await userEvent.type(within(fees).getByLabelText('Fee 1 amount in dollars'), '120.50');
    await userEvent.click(within(fees).getByRole('button', { name: 'Save number and fees' }));
    const notice = (await screen.findByText(CONFLICT_TITLE)).closest('[role=alert]') as HTMLElement;
    expect(within(notice).getByText('Stage: Requested → Submitted')).toBeTruthy();
    expect(within(notice).getByText('Assigned to: nobody → Pat Team')).toBeTruthy();
    expect(within(notice).getByText('Permit number: none → B-77')).toBeTruthy();
    expect(calls('PATCH', '/v4/operator/permits/1')[0]!.body).toEqual({ version: 3, permitNumber: 'A-1', fees: [{ label: 'Plan review', amount: 120.5 }] });
    // The desk shows the permit as it is now.
    expect(await screen.findByText('B-77')).toBeTruthy();
  });

  it('replies with the message and adds an inspection with its day', async () => {
    net = fakeNetwork(
      routes({
        'POST /v4/operator/permits/1/messages': () => ({ body: current.permit.conversations![0] }),
        'POST /v4/operator/permits/1/inspections': () => ({ body: { id: 9, inspectionName: 'Rough-in', status: 'scheduled', performOrder: 3, scheduledAt: '2026-02-03T00:00:00.000Z', resultNotes: null } }),
      }),
    );
    open();
    const conversation = await section('Conversation');
    await userEvent.click(within(conversation).getByRole('button', { name: 'Send reply' }));
    expect(await within(conversation).findByText('Message is required.')).toBeTruthy();
    await userEvent.type(within(conversation).getByLabelText('Reply to the customer'), 'We filed it.');
    await userEvent.click(within(conversation).getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(calls('POST', '/v4/operator/permits/1/messages')).toHaveLength(1));
    expect(calls('POST', '/v4/operator/permits/1/messages')[0]!.body).toEqual({ body: 'We filed it.', attachmentIds: [], conversationId: 70 });

    const inspections = await section('Inspections');
    await userEvent.type(within(inspections).getByLabelText('New inspection'), 'Rough-in');
    await userEvent.type(within(inspections).getByLabelText('Scheduled day (optional)'), '2026-02-03');
    await userEvent.click(within(inspections).getByRole('button', { name: 'Add inspection' }));
    await waitFor(() => expect(calls('POST', '/v4/operator/permits/1/inspections')).toHaveLength(1));
    expect(calls('POST', '/v4/operator/permits/1/inspections')[0]!.body).toEqual({ inspectionName: 'Rough-in', status: 'scheduled', scheduledAt: '2026-02-03T00:00:00.000Z' });
  });
});

describe('desk rules', () => {
  it('badges an expiry: valid, expiring in N days, expired, none', () => {
    expect(expiryBadge('2026-03-01', '2026-01-01')).toEqual({ text: 'Valid', tone: 'valid' });
    expect(expiryBadge('2026-01-11', '2026-01-01')).toEqual({ text: 'Expiring in 10 days', tone: 'expiring' });
    expect(expiryBadge('2026-01-02', '2026-01-01')).toEqual({ text: 'Expiring in 1 day', tone: 'expiring' });
    expect(expiryBadge('2025-12-31', '2026-01-01')).toEqual({ text: 'Expired', tone: 'expired' });
    expect(expiryBadge(null, '2026-01-01')).toEqual({ text: 'No expiry', tone: 'none' });
  });

  it('lists what changed between two versions of the desk', () => {
    const before = deskData();
    expect(deskChanges(before, before)).toEqual([]);
    expect(deskChanges(before, deskData({ version: 4, fees: [{ id: 1, label: 'Filing', amount: 35 }] }))).toEqual(['Fees: none → Filing $35.00']);
    expect(deskChanges(before, deskData({ version: 4 }))).toEqual(['Details of the permit were updated.']);
  });

  it('reads fee rows, refusing a nameless fee and an amount that is not dollars and cents', () => {
    expect(parseFees([{ key: 1, label: 'Filing', amount: '$1,035.5' }, { key: 2, label: '', amount: '' }])).toEqual({ fees: [{ label: 'Filing', amount: 1035.5 }] });
    expect(parseFees([{ key: 1, label: '', amount: '5' }])).toEqual({ error: 'Fee 1: the name is required.' });
    expect(parseFees([{ key: 1, label: 'Filing', amount: '5.555' }])).toEqual({ error: 'Fee 1: the amount must be in dollars and cents (e.g. 120.50).' });
  });
});
