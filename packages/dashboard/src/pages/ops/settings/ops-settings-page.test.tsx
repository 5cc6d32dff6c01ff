// /ops/settings through the real client (network faked at fetch): the notice walls listed from the
// EDIT_NOTIFICATION_WALL_ settings, checked before they are sent, and saved.
import { DEFAULT_SETTINGS, type GlobalSetting } from '@permitdesk/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeNetwork } from '../../../test/fixtures.js';
import { renderRoute } from '../../radar/testing/render-route.js';
import OpsSettingsPage from './ops-settings-page.js';
import { forgetSession, signIn } from '../../../test/session.js';

const ADMIN = {
  'GET /v4/operator/status': () => ({ body: { staff: true, role: 'service_admin' } }),
  'GET /v4/operator/sla': () => ({ body: { targets: [] } }),
};

beforeEach(() => {
  signIn()
});
afterEach(() => {
  forgetSession();
  vi.unstubAllGlobals();
});

describe('/ops/settings notice walls', () => {
  it('lists both walls, refuses an empty text before sending, and saves the edited wall', async () => {
    let settings: GlobalSetting[] = [...DEFAULT_SETTINGS];
    const net = fakeNetwork({
      ...ADMIN,
      'GET /global-setting': () => ({ body: settings }),
      'PUT /v4/operator/notice-walls/doItYourself': () => {
        settings = settings.map((s) => (s.settingKey === 'NOTIFICATION_WALL_DO_IT_YOURSELF' ? { ...s, value: 'false' } : s));
        return { body: settings };
      },
    });
    const user = userEvent.setup();
    renderRoute(<OpsSettingsPage />, '/ops/settings', '/ops/settings');
    const diy = await screen.findByRole('form', { name: 'Do-it-yourself homeowners' });
    expect(screen.getByRole('form', { name: 'Contractors' })).toBeTruthy();
    const title = within(diy).getByLabelText('Title') as HTMLTextAreaElement;
    expect(title.value).toBe('Important notice for do-it-yourselfers');

    await user.clear(title);
    await user.click(within(diy).getByRole('button', { name: 'Save notice' }));
    expect(within(diy).getByText('Please enter this text')).toBeTruthy();
    expect(net.calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.type(title, 'Before you start');
    await user.click(within(diy).getByRole('checkbox', { name: 'Show this notice' }));
    await user.click(within(diy).getByRole('button', { name: 'Save notice' }));
    await waitFor(() => expect(net.calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    const sent = net.calls.find((c) => c.method === 'PUT')!;
    expect(sent.url.pathname).toBe('/v4/operator/notice-walls/doItYourself');
    expect(sent.body).toMatchObject({ enabled: false, wall: { titleHeaderForm: 'Before you start' } });
  });
});
