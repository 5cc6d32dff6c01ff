// /permits/{id} through the real client and router (network faked at fetch): timeline, status,
// inspections, replying, documents (size limit, presigned upload, download), assignments, renaming.
import { TIMINGS } from '@permitdesk/core';
import { SAVED_VIEW_KEYS } from '@permitdesk/core/client';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeNetwork, profile, type Route } from '../../test/fixtures.js';
import { assignment, documentRow, fullPermit } from '../radar/testing/radar-fixtures.js';
import { renderRoute } from '../radar/testing/render-route.js';
import PermitPage from './permit-page.js';
// Loaded up front, so the tour's lazy import answers within the fake clock's step.
import '../../tours/start-tour.js';
import { forgetSession, signIn } from '../../test/session.js';

let net: ReturnType<typeof fakeNetwork>;
const calls = (method: string, path: string) => net.calls.filter((c) => c.method === method && c.url.pathname === path);
let documents = [documentRow(5, 'roof-plan.pdf')];
let access = { level: 'owner', guest: false };
const statusLink = (id: number, status: 'active' | 'revoked', subscribers: { email: string; state: string }[] = []) => ({
  id, permitId: 1, label: 'For the Lees', showPrices: false, status, createdAt: '2026-01-06T10:00:00.000Z', createdByName: 'Ann Lee',
  revokedAt: status === 'revoked' ? '2026-01-07T10:00:00.000Z' : null,
  subscribers: subscribers.map((s, i) => ({ id: i + 1, email: s.email, state: s.state, requestedAt: '2026-01-06T11:00:00.000Z', confirmedAt: s.state === 'confirmed' ? '2026-01-06T11:05:00.000Z' : null })),
});
let statusLinks: ReturnType<typeof statusLink>[] = [];

const routes = (extra: Record<string, Route> = {}): Record<string, Route> => ({
  'GET /v3/permits/1': () => ({ body: fullPermit(1) }),
  'GET /v4/projects/41/access': () => ({ body: access }),
  'GET /v4/documents': () => ({ body: documents }),
  'GET /v4/companies/11/roles': () => ({ body: { companyId: 11, roles: [] } }),
  'GET /v4/companies/11/vendors': () => ({ body: [] }),
  'GET /v4/permits/1/status-links': () => ({ body: statusLinks }),
  'GET /v4/permits/1/activity': () => ({
    body: [
      { id: 1, occurredAt: '2026-01-02T10:00:00.000Z', actor: { name: 'Ann Lee', email: 'ann@example.com', role: 'customer' }, entity: 'permit', entityId: '1', action: 'created', companyId: 11, permitId: 1, customerVisible: true, before: null, after: { stage: 10 }, requestId: null },
      { id: 2, occurredAt: '2026-01-05T10:00:00.000Z', actor: { name: 'PermitDesk permit team', email: null, role: 'permit_team' }, entity: 'permit', entityId: '1', action: 'stage_changed', companyId: 11, permitId: 1, customerVisible: true, before: { stage: 10, version: 1 }, after: { stage: 20, version: 2 }, requestId: null },
    ],
  }),
  ...extra,
});

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(SAVED_VIEW_KEYS.guidedToursSeen, JSON.stringify(['permit-detail']));
  documents = [documentRow(5, 'roof-plan.pdf')];
  access = { level: 'owner', guest: false };
  statusLinks = [];
  signIn(profile({}, { '11': { name: 'Acme Builders', role: 'owner' }, '12': { name: 'Bright Solar', role: 'administrator' } }))
});
afterEach(() => {
  forgetSession();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const open = () => renderRoute(<PermitPage />, '/permits/:id', '/permits/1');
/** On a fake clock: lets the faked network's answers and React's renders run, with no time passing. */
const settle = async () => {
  for (let i = 0; i < 20; i++) await act(() => vi.advanceTimersByTimeAsync(0));
};

describe('PermitPage', () => {
  it('shows the status, the stage timeline with dates, and inspections in perform order', async () => {
    net = fakeNetwork(routes());
    open();
    expect(await screen.findByRole('heading', { name: 'Lee roof' })).toBeTruthy();
    const status = document.querySelector('[data-tour="permit-status"]') as HTMLElement;
    // Stage 30 with an inspection still open: submitted, 50%.
    expect(within(status).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50');
    const timeline = screen.getByRole('list', { name: 'Permit timeline' });
    const items = within(timeline).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('.timeline__name')?.textContent)).toEqual(['Requested', 'Processing', 'Submitted', 'Approved', 'Open', 'Closed']);
    expect(items[2]?.getAttribute('aria-current')).toBe('step');
    expect(items[2]?.textContent).toMatch(/January 5th, 2026 at \d\d:\d\d (AM|PM)/);
    expect(items[2]?.textContent).toContain('Sent to the city');
    expect(items[3]?.textContent).toContain('Not yet');
    const inspections = document.querySelector('[data-tour="permit-inspections"]') as HTMLElement;
    expect([...inspections.querySelectorAll('.inspections__name')].map((el) => el.textContent)).toEqual(['Framing', 'Final']);
  });

  it("shows the permit's activity, newest first, the team as the permit team", async () => {
    net = fakeNetwork(routes());
    open();
    const trail = await screen.findByRole('list', { name: 'Permit activity' });
    const entries = [...trail.querySelectorAll('.audit-trail__entry')] as HTMLElement[];
    expect(entries).toHaveLength(2);
    expect(entries[0]!.textContent).toContain('PermitDesk permit team');
    expect(within(entries[0]!).getByText('Stage: Requested → Processing')).toBeTruthy();
    expect(entries[1]!.textContent).toContain('Ann Lee');
  });

  it('replies to the permit team, refusing an empty message', async () => {
    net = fakeNetwork(
      routes({
        'POST /v3/permits/1/conversations': () => ({
          body: {
            ...fullPermit(1).conversations![0]!,
            messages: [
              ...fullPermit(1).conversations![0]!.messages,
              { id: 72, body: 'Attached it.', createdAt: '2026-01-06T10:00:00.000Z', author: { name: 'Ann Lee', role: 'customer' } },
            ],
          },
        }),
      }),
    );
    open();
    const section = (await screen.findByText('We need the roof plan.')).closest('section')!;
    await userEvent.click(await within(section).findByRole('button', { name: 'Send Reply' }));
    expect(await within(section).findByText('Message is required.')).toBeTruthy();
    expect(calls('POST', '/v3/permits/1/conversations')).toHaveLength(0);
    await userEvent.type(within(section).getByLabelText('Reply to the permit team'), 'Attached it.');
    await userEvent.click(within(section).getByRole('button', { name: 'Send Reply' }));
    expect(await within(section).findByText('Attached it.')).toBeTruthy();
    expect(calls('POST', '/v3/permits/1/conversations')[0]?.body).toEqual({ body: 'Attached it.', conversationId: 70 });
  });

  it('lists documents, refuses a file over 50,000,000 bytes, uploads through the presigned URL and downloads', async () => {
    const opened = vi.fn();
    vi.stubGlobal('open', opened);
    net = fakeNetwork(
      routes({
        'POST /v4/permits/1/upload-document': () => ({
          body: { documentId: 6, uploadUrl: '/files/upload/6?sig=abc', method: 'PUT', headers: { 'content-type': 'application/pdf' }, expiresAt: '2026-01-06T11:00:00.000Z' },
        }),
        'PUT /files/upload/6': () => {
          documents = [...documents, documentRow(6, 'permit.pdf')];
          return { body: { ok: true } };
        },
        'GET /v4/s3/presigned': (_req, url) => ({ body: { url: `/files/download/${url.searchParams.get('file')}?sig=xyz`, expiresAt: '2026-01-06T11:00:00.000Z' } }),
      }),
    );
    open();
    const section = (await screen.findByText('roof-plan.pdf')).closest('section')!;
    const input = within(section).getByLabelText('Upload a document') as HTMLInputElement;
    const huge = new File(['x'], 'huge.pdf', { type: 'application/pdf' });
    Object.defineProperty(huge, 'size', { value: 50_000_001 });
    fireEvent.change(input, { target: { files: [huge] } });
    expect(await within(section).findByText('The file is larger than the 50,000,000-byte limit.')).toBeTruthy();
    expect(calls('POST', '/v4/permits/1/upload-document')).toHaveLength(0);

    // The fake network reads request bodies as JSON, so the bytes are JSON text here.
    const file = new File(['{"pdf":"permit"}'], 'permit.pdf', { type: 'application/pdf' });
    fireEvent.change(input, { target: { files: [file] } });
    expect(await within(section).findByText('permit.pdf')).toBeTruthy();
    expect(calls('POST', '/v4/permits/1/upload-document')[0]?.body).toEqual({ fileName: 'permit.pdf', contentType: 'application/pdf', size: file.size, documentType: 'permit' });
    const put = calls('PUT', '/files/upload/6')[0];
    expect(put?.url.searchParams.get('sig')).toBe('abc');
    expect(put?.body).toEqual({ pdf: 'permit' });

    await userEvent.click(within(section).getByRole('button', { name: 'roof-plan.pdf' }));
    await waitFor(() => expect(opened).toHaveBeenCalledWith('/files/download/5?sig=xyz', '_blank', 'noopener'));
  });

  it('says so when a download is refused instead of opening nothing', async () => {
    const opened = vi.fn();
    vi.stubGlobal('open', opened);
    net = fakeNetwork(routes({ 'GET /v4/s3/presigned': () => ({ status: 404, body: { message: 'File not found.' } }) }));
    open();
    const section = (await screen.findByText('roof-plan.pdf')).closest('section')!;
    await userEvent.click(within(section).getByRole('button', { name: 'roof-plan.pdf' }));
    expect(await screen.findByText('File not found.')).toBeTruthy();
    expect(opened).not.toHaveBeenCalled();
  });

  it('changes an access level and adds a company with an access level', async () => {
    net = fakeNetwork(
      routes({
        'PATCH /v4/update-assignments': () => ({ body: [assignment(1, 'Company', 'Acme Builders', 'editor', '2026-01-01T00:00:00.000Z')] }),
        'POST /v4/projects/41/assignments': () => ({ body: assignment(9, 'Company', 'Bright Solar', 'view-only', '2026-01-07T00:00:00.000Z') }),
      }),
    );
    open();
    const section = (await screen.findByLabelText('Access level of Acme Builders')).closest('section')!;
    expect(within(section).getByText('Main owner')).toBeTruthy();
    await userEvent.selectOptions(within(section).getByLabelText('Access level of Acme Builders'), 'editor');
    await waitFor(() => expect(calls('PATCH', '/v4/update-assignments')[0]?.body).toEqual({ projectId: 41, assignments: [{ id: 1, accessLevel: 'editor' }] }));
    // No owner left: no main owner.
    await waitFor(() => expect(within(section).queryByText('Main owner')).toBeNull());
    await userEvent.selectOptions(within(section).getByLabelText('Company'), 'Bright Solar');
    await userEvent.selectOptions(within(section).getByLabelText('Access level'), 'view-only');
    await userEvent.click(within(section).getByRole('button', { name: 'Add Assignment' }));
    expect(await within(section).findByLabelText('Access level of Bright Solar')).toBeTruthy();
    expect(calls('POST', '/v4/projects/41/assignments')[0]?.body).toEqual({
      projectId: 41,
      postData: { accessLevel: 'view-only', assigneeType: 'Company', assigneeId: '12' },
    });
  });

  it('removes an assignment after a confirm; the main owner has no Remove button', async () => {
    net = fakeNetwork(
      routes({
        'GET /v3/permits/1': () => ({ body: fullPermit(1, { projectsAssignments: [assignment(1, 'Company', 'Acme Builders', 'owner', '2026-01-01T00:00:00.000Z'), assignment(9, 'Company', 'Bright Solar', 'view-only')] }) }),
        'DELETE /v4/projects/41/assignments/9': () => ({ body: { ok: true } }),
      }),
    );
    open();
    const section = (await screen.findByLabelText('Access level of Bright Solar')).closest('section')!;
    expect(within(section).queryByRole('button', { name: 'Remove Acme Builders' })).toBeNull();
    await userEvent.click(within(section).getByRole('button', { name: 'Remove Bright Solar' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Bright Solar will lose access to this project at once');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(within(section).queryByLabelText('Access level of Bright Solar')).toBeNull());
    expect(calls('DELETE', '/v4/projects/41/assignments/9')).toHaveLength(1);
  });

  it('shows a guest (issue 13) or an Observer the permit read-only: no reply, upload, rename or assignment controls', async () => {
    for (const reader of [{ level: 'view-only', guest: true }, { level: 'view-only', guest: false }]) {
      access = reader;
      net = fakeNetwork(routes());
      const view = open();
      expect(await screen.findByRole('heading', { name: 'Lee roof' })).toBeTruthy();
      await screen.findByText('roof-plan.pdf');
      await waitFor(() => expect(calls('GET', '/v4/projects/41/access')).toHaveLength(1));
      expect(screen.queryByRole('button', { name: 'Send Reply' })).toBeNull();
      expect(screen.queryByLabelText('Upload a document')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Rename' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Add Assignment' })).toBeNull();
      expect(screen.queryByLabelText('Access level of Acme Builders')).toBeNull();
      expect(screen.queryByRole('heading', { name: 'Share status' })).toBeNull();
      expect(screen.queryByText(/Shared with your company as a guest/) !== null).toBe(reader.guest);
      view.unmount();
    }
  });

  // Issue 16: the homeowner's status page.
  it('shares the status with the owner: the link shown once, prices off by default, subscribers listed, revoke', async () => {
    const url = `http://localhost/status/${'T'.repeat(43)}`;
    net = fakeNetwork(
      routes({
        'POST /v4/permits/1/status-links': () => {
          statusLinks = [statusLink(3, 'active', [{ email: 'lee@home.example', state: 'confirmed' }, { email: 'kim@home.example', state: 'pending' }])];
          return { body: { link: statusLinks[0], token: 'T'.repeat(43), url } };
        },
        'PUT /v4/permits/1/status-links/3/revoke': () => {
          statusLinks = [statusLink(3, 'revoked', [{ email: 'lee@home.example', state: 'confirmed' }])];
          return { body: statusLinks[0] };
        },
      }),
    );
    open();
    const section = (await screen.findByRole('heading', { name: 'Share status' })).closest('section')!;
    expect((within(section).getByLabelText(/Show prices/) as HTMLInputElement).checked).toBe(false);
    await userEvent.type(within(section).getByLabelText('Who is it for? (optional)'), 'For the Lees');
    await userEvent.click(within(section).getByRole('button', { name: 'Share status' }));
    expect(((await within(section).findByLabelText('Status page link')) as HTMLInputElement).value).toBe(url);
    expect(calls('POST', '/v4/permits/1/status-links')[0]?.body).toEqual({ label: 'For the Lees', showPrices: false });
    expect(await within(section).findByText('lee@home.example — Confirmed')).toBeTruthy();
    expect(within(section).getByText('kim@home.example — Pending confirmation')).toBeTruthy();
    await userEvent.click(within(section).getByRole('button', { name: 'Revoke link' }));
    await waitFor(() => expect(within(section).queryByRole('button', { name: 'Revoke link' })).toBeNull());
    expect(calls('PUT', '/v4/permits/1/status-links/3/revoke')).toHaveLength(1);
    expect(within(section).getByText('Revoked')).toBeTruthy();
  });

  it('renames the project, refusing an empty name', async () => {
    net = fakeNetwork(routes({ 'PATCH /v4/permits/1/update-project-name': (_req, url) => ({ body: fullPermit(1, { projectName: url.searchParams.get('projectName') }) }) }));
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Rename' }));
    const input = screen.getByLabelText('Project name');
    await userEvent.clear(input);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Project name is required.')).toBeTruthy();
    await userEvent.type(input, 'Kitchen remodel');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'Kitchen remodel' })).toBeTruthy();
    expect(calls('PATCH', '/v4/permits/1/update-project-name')[0]?.url.searchParams.get('projectName')).toBe('Kitchen remodel');
  });

  it('starts the permit detail tour 500 ms after the first visit, and only once, remembered on the server', async () => {
    localStorage.clear();
    let seen: string[] = [];
    net = fakeNetwork(
      routes({
        'GET /v4/account/tours': () => ({ body: { seen } }),
        'PUT /v4/account/tours/permit-detail': () => {
          seen = ['permit-detail'];
          return { body: { seen } };
        },
      }),
    );
    // The page loads on a fake clock: the tour's delay is counted, not slept.
    vi.useFakeTimers();
    const first = open();
    await settle();
    expect(screen.getByRole('heading', { name: 'Lee roof' })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.guidedTourDelayMs - 1));
    expect(document.querySelector('.driver-popover')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    vi.useRealTimers();
    await waitFor(() => expect(document.querySelector('.driver-popover')).not.toBeNull(), { timeout: 2000 });
    expect(document.querySelector('.driver-popover-title')?.textContent).toBe('Status');
    expect(JSON.parse(localStorage.getItem(SAVED_VIEW_KEYS.guidedToursSeen) ?? '[]')).toEqual(['permit-detail']);
    await waitFor(() => expect(calls('PUT', '/v4/account/tours/permit-detail')).toHaveLength(1));
    // Escape ends the tour (driver.js listens on the window).
    window.dispatchEvent(new KeyboardEvent('keyup', { key: 'Escape' }));
    await waitFor(() => expect(document.querySelector('.driver-popover')).toBeNull());
    first.unmount();
    // Another device: nothing in this browser, the server remembers.
    localStorage.clear();
    vi.useFakeTimers();
    open();
    await settle();
    expect(screen.getByRole('heading', { name: 'Lee roof' })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(10 * TIMINGS.guidedTourDelayMs));
    vi.useRealTimers();
    expect(document.querySelector('.driver-popover')).toBeNull();
  });

  it('leaves the tour to the help button when the user acts first, and the button starts it', async () => {
    localStorage.clear();
    net = fakeNetwork(routes());
    vi.useFakeTimers();
    open();
    await settle();
    expect(screen.getByRole('heading', { name: 'Lee roof' })).toBeTruthy();
    document.body.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    await act(() => vi.advanceTimersByTimeAsync(10 * TIMINGS.guidedTourDelayMs));
    vi.useRealTimers();
    expect(document.querySelector('.driver-popover')).toBeNull();
    expect(localStorage.getItem(SAVED_VIEW_KEYS.guidedToursSeen)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /Take the tour/ }));
    await waitFor(() => expect(document.querySelector('.driver-popover-title')?.textContent).toBe('Status'), { timeout: 2000 });
    // Escape ends the tour (driver.js listens on the window).
    window.dispatchEvent(new KeyboardEvent('keyup', { key: 'Escape' }));
    await waitFor(() => expect(document.querySelector('.driver-popover')).toBeNull());
  });

  it('says a permit that does not exist was not found and leads back to the Project Radar', async () => {
    net = fakeNetwork({ 'GET /v3/permits/999': () => ({ status: 404, body: { message: 'Permit not found.', code: 'NOT_FOUND' } }) });
    const view = renderRoute(<PermitPage />, '/permits/:id', '/permits/999');
    expect(await screen.findByText('Permit not found')).toBeTruthy();
    expect(screen.getByText('Permit not found.')).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: 'Back to the Project Radar' }));
    expect(view.location()).toBe('/project-radar');
  });
});
