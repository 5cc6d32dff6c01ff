// /ops/team through the real client and router (network faked at fetch): a service admin sees the team
// with roles, grants by e-mail, changes a role, revokes, cannot touch their own role, downloads a trail as
// CSV; an operator and a customer get the page's refusal and no team call is made.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TeamMember } from '@permitdesk/core';
import { fakeNetwork, type Route } from '../../test/fixtures.js';
import { renderRoute } from '../radar/testing/render-route.js';
import TeamPage from './team-page.js';
import { forgetSession, signIn } from '../../test/session.js';

let net: ReturnType<typeof fakeNetwork>;
const me: TeamMember = { id: 'u-admin', email: 'ann@example.com', name: 'Ann Lee', role: 'service_admin' };
const olga: TeamMember = { id: 'u-olga', email: 'olga@example.com', name: 'Olga Operator', role: 'operator' };

const routes = (role: 'operator' | 'service_admin' | null, extra: Record<string, Route> = {}): Record<string, Route> => ({
  'GET /v4/operator/status': () => ({ body: { staff: role !== null, role } }),
  'GET /v4/operator/team': () => ({ body: [me, olga] }),
  ...extra,
});

beforeEach(() => {
  signIn()
});
afterEach(() => {
  forgetSession();
  vi.unstubAllGlobals();
});

const open = () => renderRoute(<TeamPage />, '/ops/team', '/ops/team');

describe('TeamPage', () => {
  it('refuses operators and customers without asking for the team', async () => {
    net = fakeNetwork(routes('operator'));
    open();
    expect(await screen.findByText('Only a service admin can open this page.')).toBeTruthy();
    expect(net.calls.some((c) => c.url.pathname === '/v4/operator/team')).toBe(false);
  });

  it('lists the team with roles; grants, changes and revokes by e-mail; never the admin\'s own role', async () => {
    const sent: unknown[] = [];
    net = fakeNetwork(
      routes('service_admin', {
        'PUT /v4/operator/team': (request) => {
          void request
            .clone()
            .json()
            .then((body) => sent.push(body));
          return { body: [me, olga, { id: 'u-nina', email: 'nina@example.com', name: 'Nina', role: 'operator' }] };
        },
      }),
    );
    open();
    const table = await screen.findByRole('table', { name: 'The permit team' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual(['ann@example.com', 'olga@example.com']);
    expect((screen.getByLabelText('Role of ann@example.com') as HTMLSelectElement).disabled).toBe(true);
    expect(within(rows[0]!).queryByRole('button', { name: /Revoke/ })).toBeNull();

    await userEvent.type(screen.getByLabelText('E-mail'), 'nina@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Grant' }));
    expect(await screen.findByText('nina@example.com')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Role of olga@example.com'), { target: { value: 'service_admin' } });
    await waitFor(() => expect(sent).toHaveLength(2));
    await waitFor(() => expect((screen.getByRole('button', { name: 'Revoke olga@example.com' }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Revoke olga@example.com' }));
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent).toEqual([
      { email: 'nina@example.com', role: 'operator' },
      { email: 'olga@example.com', role: 'service_admin' },
      { email: 'olga@example.com', role: null },
    ]);
  });

  it("shows the server's refusal of a grant", async () => {
    net = fakeNetwork(routes('service_admin', { 'PUT /v4/operator/team': () => ({ status: 404, body: { message: 'No account with this e-mail. The person must sign up first.', code: 'ACCOUNT_NOT_FOUND' } }) }));
    open();
    await screen.findByRole('table', { name: 'The permit team' });
    await userEvent.type(screen.getByLabelText('E-mail'), 'nobody@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Grant' }));
    expect(await screen.findByText('No account with this e-mail. The person must sign up first.')).toBeTruthy();
  });

  it("downloads a permit's trail as CSV", async () => {
    const created: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (blob: Blob) => (created.push(blob), 'blob:x'), revokeObjectURL: () => undefined }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    net = fakeNetwork(routes('service_admin', { 'GET /v4/operator/activity.csv': () => ({ body: 'time,actor e-mail' }) }));
    open();
    await screen.findByRole('table', { name: 'The permit team' });
    fireEvent.change(screen.getByLabelText('Record'), { target: { value: 'permit' } });
    await userEvent.type(screen.getByLabelText('Id (optional)'), '42');
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const call = net.calls.find((c) => c.url.pathname === '/v4/operator/activity.csv')!;
    expect(Object.fromEntries(call.url.searchParams)).toEqual({ permitId: '42' });
    expect(created).toHaveLength(1);
    click.mockRestore();
  });
});
