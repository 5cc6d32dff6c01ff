// The radar's 'Export CSV' through the real client, the network faked at fetch: it asks for a signed
// link of exactly the radar's current view (filter, sort, keyword, company; not the page) and opens it.
import { SAVED_VIEW_KEYS } from '@permitdesk/core/client';
import type { Permissions } from '@permitdesk/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { fakeNetwork, profile } from '../../test/fixtures.js';
import { renderAt } from '../../test/render.js';
import { RadarView } from './radar-view.js';
import { row, searchAnswer } from './testing/radar-fixtures.js';
import { forgetSession, signIn } from '../../test/session.js';

const COMPANY: Permissions = { '11': { name: 'Acme Builders', role: 'owner' } };
const LINK = 'http://localhost/v4/exports/download?export=radar&u=x&exp=1&sig=y';

beforeEach(() => {
  localStorage.setItem(SAVED_VIEW_KEYS.guidedToursSeen, JSON.stringify(['radar', 'radar-search', 'permit-detail']));
  signIn(profile({}, COMPANY))
});
afterEach(() => {
  forgetSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

it('asks for a link of the current view and opens it for the browser to download', async () => {
  const net = fakeNetwork({
    'GET /v4/projects/search': () => searchAnswer([row(1, 'Ann Archer')]),
    'POST /v4/exports/links': () => ({ body: { url: LINK, expiresAt: '2030-01-01T00:00:00.000Z' } }),
  });
  const opened: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    opened.push(this.href);
  });
  renderAt(<RadarView variant="radar" />, '/project-radar?status=HasPermit&sort=-createdAt&page=2');
  await userEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
  await waitFor(() => expect(opened).toEqual([LINK]));
  const asked = net.calls.find((c) => c.method === 'POST' && c.url.pathname === '/v4/exports/links')?.body as { export: string; query: Record<string, unknown> };
  expect(asked.export).toBe('radar');
  expect(asked.query).toMatchObject({ status: 'HasPermit', sort: '-createdAt', type: 'active', companyId: 11 });
});
