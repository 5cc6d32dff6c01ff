// The radar search box (SPEC §2.4, §9): suggestions with size 5, page 1, +customerName, type active;
// arrow keys and Enter pick one; Enter alone runs the full search.
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeNetwork, permitRow as row, profile } from '../test/fixtures.js';
import { renderAt } from '../test/render.js';
import { RadarSearchBox } from './radar-search-box.js';
import { forgetSession, signIn } from '../test/session.js';


let net: ReturnType<typeof fakeNetwork>;
beforeEach(() => {
  localStorage.clear();
  net = fakeNetwork({ 'GET /v4/projects/search': () => ({ body: [], headers: { 'x-pagination-totalcount': '0' } }) });
  signIn(profile({}, { '11': { name: 'Acme', role: 'owner' } }))
});
afterEach(() => {
  forgetSession();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('RadarSearchBox', () => {
  it('asks for suggestions with the SPEC parameters', async () => {
    renderAt(<RadarSearchBox />, '/project-radar');
    await userEvent.type(screen.getByRole('combobox'), 'smith');
    await waitFor(() => expect(net.calls.length).toBeGreaterThan(0));
    const url = net.calls.at(-1)!.url;
    expect(url.pathname).toBe('/v4/projects/search');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ keyword: 'smith', size: '5', page: '1', sort: '+customerName', type: 'active', companyId: '11' });
  });

  it('runs the full search on Enter', async () => {
    const { location } = renderAt(<RadarSearchBox />, '/project-radar');
    await userEvent.type(screen.getByRole('combobox'), '12 Oak St{Enter}');
    await waitFor(() => expect(location()).toBe('/project-radar/search?keyword=12+Oak+St&searchFields=customerName%2CprojectId%2CjobAddress%2CorderNumber%2CpermitNumber%2CtaskName'));
  });

  it('does not look up or open suggestions for a search already submitted with Enter', async () => {
    vi.unstubAllGlobals();
    // The debounce's clock is the test's: no waiting on the wall clock before the negative check.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const suggestions = fakeNetwork({ 'GET /v4/projects/search': () => ({ body: [row(1, 'Ann Smith')] }) });
    const { location } = renderAt(<RadarSearchBox />, '/project-radar');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(screen.getByRole('combobox'), 'smith{Enter}');
    await waitFor(() => expect(location()).toMatch(/^\/project-radar\/search\?keyword=smith&/));
    // Past the 250 ms debounce the lookup would have run (act: React's render and effects are flushed too).
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(suggestions.calls).toHaveLength(0);
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('opens a suggestion picked with the arrow keys', async () => {
    vi.unstubAllGlobals();
    fakeNetwork({ 'GET /v4/projects/search': () => ({ body: [row(1, 'Ann Smith'), row(2, 'Bo Smith')] }) });
    const { location } = renderAt(<RadarSearchBox />, '/project-radar');
    const box = screen.getByRole('combobox');
    await userEvent.type(box, 'smith');
    expect(await screen.findByRole('option', { name: /Bo Smith/ })).toBeTruthy();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(location()).toBe('/projects/42/2'));
  });
});
