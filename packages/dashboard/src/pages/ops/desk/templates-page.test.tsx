// /ops/templates: a service admin edits a stage's message with a live preview; operators are kept out.
import type { StageTemplate } from '@permitdesk/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeNetwork } from '../../../test/fixtures.js';
import { renderRoute } from '../../radar/testing/render-route.js';
import TemplatesPage from './templates-page.js';
import { forgetSession, signIn } from '../../../test/session.js';

const template: StageTemplate = { stage: 20, stageName: 'Processing', subject: 'Working on it', body: 'Hello {customerName}.', updatedAt: '2026-01-01T00:00:00.000Z', updatedBy: null };
let net: ReturnType<typeof fakeNetwork>;

beforeEach(() => {
  signIn()
});
afterEach(() => {
  forgetSession();
  vi.unstubAllGlobals();
});

const network = (role: 'operator' | 'service_admin') =>
  fakeNetwork({
    'GET /v4/operator/status': () => ({ body: { staff: true, role } }),
    'GET /v4/operator/templates': () => ({ body: [template] }),
    'PUT /v4/operator/templates/20': (_request, _url) => ({ body: { ...template, body: 'Hi {customerName}, {custName}', updatedBy: 'Ada Admin' } }),
  });

describe('TemplatesPage', () => {
  it('is for service admins only', async () => {
    net = network('operator');
    renderRoute(<TemplatesPage />, '/ops/templates', '/ops/templates');
    expect(await screen.findByText('Only a service admin can open this page.')).toBeTruthy();
    expect(net.calls.some((c) => c.url.pathname === '/v4/operator/templates')).toBe(false);
  });

  it('previews the filled message, names unknown placeholders and saves', async () => {
    net = network('service_admin');
    renderRoute(<TemplatesPage />, '/ops/templates', '/ops/templates');
    const section = (await screen.findByRole('heading', { name: 'Processing' })).closest('section')!;
    expect(within(section).getByText('Hello Hannah Homeowner.')).toBeTruthy();
    const body = within(section).getByLabelText('Message');
    await userEvent.clear(body);
    await userEvent.type(body, 'Hi {{customerName}, {{custName}');
    expect(within(section).getByText('Hi Hannah Homeowner, {custName}')).toBeTruthy();
    expect(within(section).getByText('Not a placeholder, sent as written: {custName}')).toBeTruthy();
    await userEvent.click(within(section).getByRole('button', { name: 'Save the Processing template' }));
    await waitFor(() => expect(net.calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(net.calls.find((c) => c.method === 'PUT')!.body).toEqual({ subject: 'Working on it', body: 'Hi {customerName}, {custName}' });
    expect(await within(section).findByText('Saved.')).toBeTruthy();
  });
});
