// The radar page through the real client, store and router, with the network faked at fetch: the
// query in the URL, the search call, sorting, pages, empty texts, padding, details and resizing.
import { SAVED_VIEW_KEYS } from '@permitdesk/core/client';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeNetwork, profile, type Route } from '../../test/fixtures.js';
import { renderAt } from '../../test/render.js';
import { RadarSearchBox } from '../../layout/radar-search-box.js';
import { PHONE_QUERY } from '../../ui/use-media-query.js';
import { RadarView } from './radar-view.js';
import { assignment, inspection, row, searchAnswer } from './testing/radar-fixtures.js';
import { forgetSession, signIn } from '../../test/session.js';

const signInWith = (permissions = { '11': { name: 'Acme Builders', role: 'owner' as const } }) => signIn(profile({}, permissions));

let net: ReturnType<typeof fakeNetwork>;
const serve = (routes: Record<string, Route>) => {
  net = fakeNetwork(routes);
};
const searches = () => net.calls.filter((call) => call.url.pathname === '/v4/projects/search').map((call) => Object.fromEntries(call.url.searchParams));

beforeEach(() => {
  localStorage.clear();
  // Tours are seen: these tests are about the table.
  localStorage.setItem(SAVED_VIEW_KEYS.guidedToursSeen, JSON.stringify(['radar', 'radar-search', 'permit-detail']));
  signInWith();
});
afterEach(() => {
  forgetSession();
  vi.unstubAllGlobals();
});

const twenty = Array.from({ length: 20 }, (_, i) => row(i + 1, `Customer ${String(i + 1).padStart(2, '0')}`));

describe('RadarView', () => {
  it('searches 20 a page by customer name within the current company and shows every row', async () => {
    serve({ 'GET /v4/projects/search': () => searchAnswer(twenty, 45) });
    renderAt(<RadarView variant="radar" />, '/project-radar');
    expect(await screen.findByText('Customer 20')).toBeTruthy();
    expect(searches()[0]).toEqual({ page: '1', size: '20', sort: '+customerName', type: 'active', keyword: '', status: 'AllProject', companyId: '11' });
    const body = screen.getByRole('table').querySelector('tbody')!;
    expect(body.querySelectorAll('tr.data-table__row')).toHaveLength(20);
    expect(body.querySelectorAll('tr.data-table__pad')).toHaveLength(0);
    expect(screen.getByTestId('radar-count').textContent).toBe('45 permits');
    // 45 over 20 a page: three pages, from the x-pagination-totalcount header.
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
  });

  it('shows cards, not the table, on a phone, and no table/card switch there', async () => {
    // happy-dom's window is 1024 px wide: a phone's width is stubbed through matchMedia.
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === PHONE_QUERY, media: query, addEventListener: () => undefined, removeEventListener: () => undefined }));
    serve({ 'GET /v4/projects/search': () => searchAnswer(twenty, 45) });
    const { container } = renderAt(<RadarView variant="radar" />, '/project-radar');
    expect(await screen.findByText('Customer 20')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(container.querySelectorAll('li.radar-card[data-row-id]')).toHaveLength(20);
    expect(screen.queryByRole('link', { name: 'Card view' })).toBeNull();
  });

  it('reads keyword, status, sort and page from the URL and sends them', async () => {
    serve({ 'GET /v4/projects/search': () => searchAnswer([row(1, 'Ann Smith')], 1, 2) });
    renderAt(<RadarView variant="search" />, '/project-radar/search?keyword=smith&searchFields=customerName,jobAddress&status=HasPermit&sort=-createdAt&page=2');
    await screen.findByText('Ann Smith');
    expect(searches()[0]).toMatchObject({ keyword: 'smith', searchFields: 'customerName,jobAddress', status: 'HasPermit', sort: '-createdAt', page: '2', size: '20' });
    expect(document.querySelector('[data-tour="radar-keyword"]')?.textContent).toContain('Results for “smith”');
  });

  it("says 'No Projects Found' for an empty search and 'No Matches Found' for an empty list, padded to 5 rows", async () => {
    serve({ 'GET /v4/projects/search': () => searchAnswer([]) });
    const first = renderAt(<RadarView variant="search" />, '/project-radar/search?keyword=nobody');
    expect(await screen.findByText('No Projects Found')).toBeTruthy();
    let body = screen.getByRole('table').querySelector('tbody')!;
    expect(body.querySelectorAll('tr')).toHaveLength(5);
    first.unmount();
    renderAt(<RadarView variant="radar" />, '/project-radar');
    expect(await screen.findByText('No Matches Found')).toBeTruthy();
    body = screen.getByRole('table').querySelector('tbody')!;
    expect(body.querySelectorAll('tr')).toHaveLength(5);
    expect(body.querySelectorAll('tr.data-table__pad')).toHaveLength(4);
  });

  it('pads a short page to 5 rows', async () => {
    serve({ 'GET /v4/projects/search': () => searchAnswer([row(1, 'Ann'), row(2, 'Bo')]) });
    renderAt(<RadarView variant="radar" />, '/project-radar');
    await screen.findByText('Bo');
    const body = screen.getByRole('table').querySelector('tbody')!;
    expect(body.querySelectorAll('tr.data-table__row')).toHaveLength(2);
    expect(body.querySelectorAll('tr.data-table__pad')).toHaveLength(3);
  });

  it('sorts on the server by customer name, date added and status, through the URL', async () => {
    serve({ 'GET /v4/projects/search': () => searchAnswer(twenty, 20) });
    const { location } = renderAt(<RadarView variant="radar" />, '/project-radar');
    await screen.findByText('Customer 01');
    const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(name) });
    expect(header('Customer Name').getAttribute('aria-sort')).toBe('ascending');
    await userEvent.click(within(header('Customer Name')).getByRole('button'));
    await waitFor(() => expect(location()).toBe('/project-radar?sort=-customerName'));
    await waitFor(() => expect(searches().at(-1)?.sort).toBe('-customerName'));
    await userEvent.click(within(header('Date Added')).getByRole('button'));
    await waitFor(() => expect(searches().at(-1)?.sort).toBe('+createdAt'));
    await userEvent.click(within(header('Status')).getByRole('button'));
    await waitFor(() => expect(searches().at(-1)?.sort).toBe('+status'));
    expect(header('Status').getAttribute('aria-sort')).toBe('ascending');
    // Job address is not a server sort.
    expect(within(header('Job Address')).queryByRole('button')).toBeNull();
    // The choice is remembered under core's saved view key.
    expect(localStorage.getItem(SAVED_VIEW_KEYS.radarSort)).toBe('+status');
  });

  it('moves between pages and filters by status through the URL', async () => {
    serve({ 'GET /v4/projects/search': (_req, url) => searchAnswer(twenty, 45, Number(url.searchParams.get('page'))) });
    const { location } = renderAt(<RadarView variant="radar" />, '/project-radar');
    await screen.findByText('Page 1 of 3');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(location()).toBe('/project-radar?page=2'));
    await waitFor(() => expect(searches().at(-1)?.page).toBe('2'));
    expect(await screen.findByText('Page 2 of 3')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Permits' }));
    await waitFor(() => expect(location()).toBe('/project-radar?status=HasPermit'));
    expect(searches().at(-1)).toMatchObject({ status: 'HasPermit', page: '1' });
  });

  it('expands a row into its details: scope, value with separators, dates, inspections in perform order, assignments', async () => {
    const detailed = row(7, 'Dee Park', {
      scopeOfWork: 'Tear off and re-roof 30 squares',
      projectValue: 1250000,
      issuedAt: '2026-03-04T15:30:00.000Z',
      expiresAt: '2026-09-04T12:00:00.000Z',
      permitInspections: [inspection(3, 'Final', 3, 'open'), inspection(1, 'Footing', 1, 'passed'), inspection(2, 'Framing', 2, 'scheduled')],
      projectsAssignments: [assignment(1, 'User', 'Jane Doe', 'owner', '2026-01-01T00:00:00.000Z'), assignment(2, 'Company', 'Acme Builders', 'owner', '2026-01-02T00:00:00.000Z'), assignment(3, 'Vendor', 'Bright Solar', 'view-only')],
    });
    serve({ 'GET /v4/projects/search': () => searchAnswer([detailed]) });
    renderAt(<RadarView variant="radar" />, '/project-radar');
    const toggle = await screen.findByRole('button', { name: 'Details of Dee Park, Roof replacement' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const details = document.querySelector('[data-details-of="7"]') as HTMLElement;
    expect(within(details).getByText('Tear off and re-roof 30 squares')).toBeTruthy();
    expect(within(details).getByText('$1,250,000')).toBeTruthy();
    expect(within(details).getByText('2026-09-04')).toBeTruthy();
    const names = [...details.querySelectorAll('.inspections__name')].map((el) => el.textContent);
    expect(names).toEqual(['Footing', 'Framing', 'Final']);
    expect([...details.querySelectorAll('.inspections__item .pill')].map((el) => el.textContent)).toEqual(['Passed', 'Scheduled', 'Open']);
    const assignments = within(details).getByLabelText('Assignments');
    expect(within(assignments).getByText('View-Only')).toBeTruthy();
    // The main owner: the earliest owner, a company preferred over a user (SPEC §6).
    const owner = within(assignments).getByText('Main owner').closest('li')!;
    expect(owner.textContent).toContain('Acme Builders');
    // The Assigned column: a vendor first.
    const cell = document.querySelector('tr[data-row-id="7"] td[data-column="assigned"]')!;
    expect(cell.textContent).toBe('Bright Solar');
  });

  it("resizes a column from the keyboard and never below 11 px", async () => {
    serve({ 'GET /v4/projects/search': () => searchAnswer([row(1, 'Ann')]) });
    renderAt(<RadarView variant="radar" />, '/project-radar');
    await screen.findByText('Ann');
    const handle = screen.getByRole('separator', { name: 'Resize dateAdded' });
    expect(handle.getAttribute('aria-valuenow')).toBe('108');
    fireEvent.keyDown(handle, { key: 'ArrowRight' });
    expect(handle.getAttribute('aria-valuenow')).toBe('118');
    for (let i = 0; i < 20; i += 1) fireEvent.keyDown(handle, { key: 'ArrowLeft' });
    expect(handle.getAttribute('aria-valuenow')).toBe('11');
    // The sizes are kept in local storage under core's radar view key.
    await waitFor(() => expect(JSON.parse(localStorage.getItem(SAVED_VIEW_KEYS.radarView) ?? '{}')).toEqual({ columnSizing: { dateAdded: 11 } }), { timeout: 2000 });
  });

  it("reports a failed search as 'Failed to Lookup Projects' with the server's message", async () => {
    serve({ 'GET /v4/projects/search': () => ({ status: 500, body: { message: 'Search is down', code: 'INTERNAL' } }) });
    renderAt(<RadarView variant="radar" />, '/project-radar');
    const alert = await screen.findByText('Search is down', { selector: '.alert *, .alert' });
    expect(alert.closest('.alert')?.textContent).toContain('Failed to Lookup Projects');
  });
});

describe('RadarView beside the header search box', () => {
  it("lets the box's suggestions run without cancelling or repeating the radar's own search", async () => {
    const radarSignals: AbortSignal[] = [];
    let answerRadar: () => void = () => undefined;
    const radarAnswered = new Promise<void>((resolve) => (answerRadar = resolve));
    const json = (rows: ReturnType<typeof row>[], total: number) => {
      const answer = searchAnswer(rows, total);
      return new Response(JSON.stringify(answer.body), { headers: { 'content-type': 'application/json', ...answer.headers } });
    };
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(String(input), init);
      const url = new URL(request.url);
      // The page's other reads (the guided tours seen): not the radar's search.
      if (url.pathname === '/v4/account/tours') return new Response(JSON.stringify({ seen: ['radar', 'radar-search'] }), { headers: { 'content-type': 'application/json' } });
      if (url.searchParams.get('size') === '5') return json([row(7, 'Suggested Smith')], 1);
      // The radar's search answers only after the suggestions did; it fails if its signal aborts first.
      radarSignals.push(request.signal);
      await radarAnswered;
      if (request.signal.aborted) throw new DOMException('aborted', 'AbortError');
      return json(twenty, 45);
    });
    renderAt(
      <>
        <RadarSearchBox />
        <RadarView variant="radar" />
      </>,
      '/project-radar',
    );
    await userEvent.type(screen.getByRole('combobox', { name: 'Search projects' }), 'smith');
    expect(await screen.findByRole('option', { name: /Suggested Smith/ })).toBeTruthy();
    answerRadar();
    expect(await screen.findByText('Customer 20')).toBeTruthy();
    expect(radarSignals).toHaveLength(1);
    expect(radarSignals[0]!.aborted).toBe(false);
  });
});
