// The staff gate of every /ops page: customers get the refusal; operators the page under the workspace's
// menu (queue and directory); service admins also templates, team and settings.
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeNetwork } from '../../test/fixtures.js';
import { renderRoute } from '../radar/testing/render-route.js';
import { STAFF_ONLY_PAGE, StaffGate } from './staff-gate.js';
import { forgetSession, signIn } from '../../test/session.js';

const as = (role: 'operator' | 'service_admin' | null) => {
  fakeNetwork({ 'GET /v4/operator/status': () => ({ body: { staff: role !== null, role } }) });
  renderRoute(<StaffGate><p>The page</p></StaffGate>, '/ops', '/ops');
};

beforeEach(() => {
  signIn()
});
afterEach(() => {
  forgetSession();
  vi.unstubAllGlobals();
});

describe('StaffGate', () => {
  it('refuses a customer, with no workspace menu', async () => {
    as(null);
    expect(await screen.findByText(STAFF_ONLY_PAGE)).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Permit team' })).toBeNull();
    expect(screen.queryByText('The page')).toBeNull();
  });

  it("shows an operator the page under the workspace's menu: queue, directory, jobs, the gate and the funnel", async () => {
    as('operator');
    expect(await screen.findByText('The page')).toBeTruthy();
    const menu = screen.getByRole('navigation', { name: 'Permit team' });
    expect(within(menu).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Queue', '/ops'],
      ['Municipalities', '/ops/municipalities'],
      ['Jobs', '/ops/jobs'],
      ['Gate', '/ops/gate'],
      ['Funnel', '/ops/funnel'],
    ]);
    expect(within(menu).getByRole('link', { name: 'Queue' }).getAttribute('aria-current')).toBe('page');
  });

  it('adds templates, team and settings for a service admin', async () => {
    as('service_admin');
    const menu = await screen.findByRole('navigation', { name: 'Permit team' });
    expect(within(menu).getAllByRole('link').map((link) => link.textContent)).toEqual(['Queue', 'Municipalities', 'Jobs', 'Gate', 'Funnel', 'Templates', 'Team', 'Settings']);
  });
});
