// The queue page through the real client, the network faked at fetch: the address's filters become the
// query, filters and view tabs change it, the SLA badge shows, and a bulk action lists its conflicts.
import { OPS_BUILTIN_VIEWS, type OpsQueueRow } from '@permitdesk/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeNetwork, profile, type Route } from '../../../test/fixtures.js';
import { renderAt } from '../../../test/render.js';
import { overSlaLabel, queueQuery } from './queue-filters.js';
import { QueueView } from './queue-view.js';
import { forgetSession, signIn } from '../../../test/session.js';

const OLGA = '6f7c6a1e-2d0b-4c58-9a37-0d5f8c1b2a10';
const row = (id: number, overrides: Partial<OpsQueueRow> = {}): OpsQueueRow => ({
  id, version: 1, projectId: id, customerName: `Customer ${id}`, companyId: 7, companyName: 'Acme Builders', address: `${id} Main St, Austin, TX 78701`,
  municipalityId: 3, municipalityName: 'City of Austin', state: 'TX', taskId: 1, taskName: 'Roofing', stage: 10, stageName: 'Requested',
  stageEnteredAt: '2026-01-01T00:00:00.000Z', daysInStage: 0, slaTargetHours: 24, overSlaHours: -20, assignee: null,
  needsReply: false, cancellationRequested: false, quotePending: false, inspectionDue: false, createdAt: '2026-01-01T00:00:00.000Z', ...overrides,
});

let net: ReturnType<typeof fakeNetwork>;
const page = (rows: OpsQueueRow[]) => ({ body: rows, headers: { 'x-pagination-index': '1', 'x-pagination-size': '20', 'x-pagination-totalcount': String(rows.length) } });
const serve = (rows: OpsQueueRow[], routes: Record<string, Route> = {}) => {
  net = fakeNetwork({
    'GET /v4/operator/queue': () => page(rows),
    'GET /v4/operator/queue/views': () => ({ body: OPS_BUILTIN_VIEWS }),
    'GET /v4/operator/team-members': () => ({ body: [{ id: OLGA, name: 'Olga Operator', email: 'olga@permitdesk.test', role: 'operator' }] }),
    'GET /tasks': () => ({ body: [{ id: 1, name: 'Roofing' }] }),
    ...routes,
  });
};
const queueCalls = () => net.calls.filter((c) => c.method === 'GET' && c.url.pathname === '/v4/operator/queue').map((c) => Object.fromEntries(c.url.searchParams));
const lastQueueCall = () => queueCalls().at(-1);

beforeEach(() => {
  localStorage.clear();
  signIn(profile({}, {}))
});
afterEach(() => {
  forgetSession();
  vi.unstubAllGlobals();
});

describe('queue filters', () => {
  it('sends the filters in the address as the query, page and size included', async () => {
    serve([row(1)]);
    renderAt(<QueueView />, '/ops?stage=20&needsReply=true&page=2&unknown=x');
    await screen.findByText('#1 Customer 1');
    expect(lastQueueCall()).toEqual({ stage: '20', needsReply: 'true', page: '2', size: '20' });
    expect(queueQuery({ assignee: 'me', keyword: '' }, 1)).toEqual({ assignee: 'me', page: '1', size: '20' });
  });

  it('changes the query when a flag, the stage or a view tab is chosen (back to page 1)', async () => {
    serve([row(1)]);
    const user = userEvent.setup();
    renderAt(<QueueView />, '/ops?page=3');
    await screen.findByText('#1 Customer 1');
    await user.click(screen.getByRole('checkbox', { name: 'Quote pending' }));
    await waitFor(() => expect(lastQueueCall()).toEqual({ quotePending: 'true', page: '1', size: '20' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Stage' }), 'Processing');
    await waitFor(() => expect(lastQueueCall()).toEqual({ quotePending: 'true', stage: '20', page: '1', size: '20' }));
    await user.click(screen.getByRole('tab', { name: 'Mine' }));
    await waitFor(() => expect(lastQueueCall()).toEqual({ assignee: 'me', active: 'true', page: '1', size: '20' }));
    expect(screen.getByRole('tab', { name: 'Mine' }).getAttribute('aria-selected')).toBe('true');
    await user.click(screen.getByRole('tab', { name: 'Over SLA' }));
    await waitFor(() => expect(lastQueueCall()).toEqual({ overSla: 'true', sort: 'overSla', page: '1', size: '20' }));
  });

  it('marks rows over their SLA target and links each row to the permit desk', async () => {
    serve([row(1, { overSlaHours: 50, daysInStage: 3, needsReply: true }), row(2)]);
    renderAt(<QueueView />, '/ops');
    expect(await screen.findByText('Over SLA by 2d')).toBeTruthy();
    expect(screen.getAllByText(/Over SLA by/)).toHaveLength(1);
    expect(screen.getByRole('link', { name: '#1 Customer 1' }).getAttribute('href')).toBe('/ops/permits/1');
    expect(within(screen.getByRole('list', { name: 'Flags of permit 1' })).getByText('Needs reply')).toBeTruthy();
    expect(overSlaLabel(5)).toBe('Over SLA by 5h');
    expect(overSlaLabel(0)).toBeNull();
    expect(overSlaLabel(null)).toBeNull();
    expect(screen.getByText('2 permits')).toBeTruthy();
  });

  it("counts one permit as '1 permit'", async () => {
    serve([row(1)]);
    renderAt(<QueueView />, '/ops?createdToday=true');
    expect(await screen.findByText('1 permit')).toBeTruthy();
    expect(screen.queryByText('1 permits')).toBeNull();
  });
});

describe('bulk actions', () => {
  it('assigns the checked permits with their versions and lists the conflicts', async () => {
    serve([row(1, { version: 4 }), row(2, { version: 2 })], {
      'POST /v4/operator/queue/assign': () => ({
        body: { results: [
          { id: 1, outcome: 'ok', version: 5, stage: 10, assignee: { id: OLGA, name: 'Olga Operator' } },
          { id: 2, outcome: 'conflict', version: 3, stage: 20, assignee: { id: 'x', name: 'Quinn Colleague' } },
        ] },
      }),
    });
    const user = userEvent.setup();
    renderAt(<QueueView />, '/ops');
    await screen.findByText('#1 Customer 1');
    await user.click(screen.getByRole('checkbox', { name: 'Select permit 1 for Customer 1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select permit 2 for Customer 2' }));
    expect(screen.getByText('2 selected')).toBeTruthy();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Assign to…' }), 'Olga Operator');
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    const result = await screen.findByText('1 permit updated.');
    expect(result.closest('[role="status"]')?.textContent).toContain('Permit 2 changed meanwhile and was left alone (now Processing, assigned to Quinn Colleague). Check it and try again.');
    const sent = net.calls.find((c) => c.method === 'POST' && c.url.pathname === '/v4/operator/queue/assign')!;
    expect(sent.body).toEqual({ permits: [{ id: 1, version: 4 }, { id: 2, version: 2 }], assignee: OLGA });
    // The queue is asked again; the conflicted permit stays checked.
    await waitFor(() => expect(queueCalls().length).toBeGreaterThan(1));
    expect(screen.getByText('1 selected')).toBeTruthy();
  });

  it('moves the checked permits to one stage with one message', async () => {
    serve([row(1)], {
      'POST /v4/operator/queue/stage': () => ({ body: { results: [{ id: 1, outcome: 'ok', version: 2, stage: 20, assignee: null }] } }),
    });
    const user = userEvent.setup();
    renderAt(<QueueView />, '/ops');
    await screen.findByText('#1 Customer 1');
    await user.click(screen.getByRole('checkbox', { name: 'Select every permit on this page' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Move to stage…' }), 'Processing');
    await user.type(screen.getByRole('textbox', { name: 'Message to each customer' }), 'We started.');
    await user.click(screen.getByRole('button', { name: 'Move' }));
    expect(await screen.findByText('1 permit updated.')).toBeTruthy();
    const sent = net.calls.find((c) => c.method === 'POST' && c.url.pathname === '/v4/operator/queue/stage')!;
    expect(sent.body).toEqual({ permits: [{ id: 1, version: 1 }], stage: 20, message: 'We started.' });
  });
});
