// Row actions through the real client and router, the network faked at fetch: stage-70 triage with
// core's TRIAGE values, the per-permit cancellation check, the cancellation modal (form 50), the
// permit application modal (form 31) and dismissal.
import { SAVED_VIEW_KEYS } from '@permitdesk/core/client';
import type { Permissions } from '@permitdesk/core';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeNetwork, profile, type Route } from '../../test/fixtures.js';
import { renderAt } from '../../test/render.js';
import { RadarView } from './radar-view.js';
import { entryResult, formDefinition, formEntry, row, searchAnswer, type Row } from './testing/radar-fixtures.js';
import { forgetSession, signIn } from '../../test/session.js';

const COMPANY: Permissions = { '11': { name: 'Acme Builders', role: 'owner' } };
const signInWith = (permissions: Permissions = COMPANY) => signIn(profile({}, permissions));

let net: ReturnType<typeof fakeNetwork>;
const serve = (rows: Row[], routes: Record<string, Route> = {}) => {
  net = fakeNetwork({ 'GET /v4/projects/search': () => searchAnswer(rows), ...routes });
};
const calls = (method: string, path: string) => net.calls.filter((c) => c.method === method && c.url.pathname === path);
const searchCount = () => calls('GET', '/v4/projects/search').length;
const dialog = () => screen.getByRole('dialog');

/** Holds back answers for one path until released, to see what shows while a call is out. */
function holdBack(pathname: string): () => void {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const inner = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    if (url.pathname === pathname) await gate;
    return inner(input, init);
  });
  return release;
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(SAVED_VIEW_KEYS.guidedToursSeen, JSON.stringify(['radar', 'radar-search', 'permit-detail']));
  signInWith();
});
afterEach(() => {
  forgetSession();
  vi.unstubAllGlobals();
});

describe('stage-70 triage', () => {
  const triaged = (stage: number) => ({ body: { ...row(1, 'Ann Lee'), stage } });

  it("No sends stage 72, returns to /project-radar and says 'The project has been marked as no permit needed.'", async () => {
    serve([row(1, 'Ann Lee', { stage: 70 })], { 'PUT /v3/permits/1': () => triaged(72) });
    const { location } = renderAt(<RadarView variant="search" />, '/project-radar/search?keyword=ann');
    const actions = await screen.findByRole('group', { name: 'Actions for Ann Lee' });
    expect(within(actions).getByText('Permit needed?')).toBeTruthy();
    await userEvent.click(within(actions).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(location()).toBe('/project-radar'));
    expect(calls('PUT', '/v3/permits/1')[0]?.body).toEqual({ stage: 72 });
    expect(await screen.findByText('The project has been marked as no permit needed.')).toBeTruthy();
  });

  it('Yes sends stage 71 and shows no message', async () => {
    serve([row(1, 'Ann Lee', { stage: 70 })], { 'PUT /v3/permits/1': () => triaged(71) });
    const { location } = renderAt(<RadarView variant="radar" />, '/project-radar?page=1');
    await userEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(location()).toBe('/project-radar'));
    expect(calls('PUT', '/v3/permits/1')[0]?.body).toEqual({ stage: 71 });
    expect(screen.queryByText('The project has been marked as no permit needed.')).toBeNull();
  });

  it('Undo sends stage 70 from 71 and from 72', async () => {
    serve([row(1, 'Ann Lee', { stage: 71 }), row(2, 'Bo Kim', { stage: 72 })], {
      'PUT /v3/permits/1': () => triaged(70),
      'PUT /v3/permits/2': () => ({ body: { ...row(2, 'Bo Kim'), stage: 70 } }),
    });
    renderAt(<RadarView variant="radar" />, '/project-radar');
    const ann = await screen.findByRole('group', { name: 'Actions for Ann Lee' });
    // 71: a permit is needed and none exists yet, so it can be applied for.
    expect(within(ann).getByRole('button', { name: 'Apply for Permit' })).toBeTruthy();
    await userEvent.click(within(ann).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(calls('PUT', '/v3/permits/1')[0]?.body).toEqual({ stage: 70 }));
    const bo = await screen.findByRole('group', { name: 'Actions for Bo Kim' });
    expect(within(bo).queryByRole('button', { name: 'Apply for Permit' })).toBeNull();
    await userEvent.click(within(bo).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(calls('PUT', '/v3/permits/2')[0]?.body).toEqual({ stage: 70 }));
  });
});

describe('cancellation', () => {
  it("asks per permit at stage 75 and reads 'View Project (Requested cancellation)' while a request exists", async () => {
    serve([row(3, 'Cy Dunn', { stage: 75 }), row(4, 'Di Eve', { stage: 75 })], {
      'GET /v4/permits/3/request-cancellation': () => ({ body: { isSubmitted: true, submittedAt: '2026-02-01T10:00:00.000Z' } }),
      'GET /v4/permits/4/request-cancellation': () => ({ body: { isSubmitted: false, submittedAt: null } }),
    });
    renderAt(<RadarView variant="radar" />, '/project-radar');
    const cy = await screen.findByRole('group', { name: 'Actions for Cy Dunn' });
    const link = await within(cy).findByRole('link', { name: 'View Project (Requested cancellation)' });
    expect(link.getAttribute('href')).toBe('/projects/43/3');
    expect(within(cy).queryByRole('button', { name: 'Request Cancellation' })).toBeNull();
    const di = screen.getByRole('group', { name: 'Actions for Di Eve' });
    await waitFor(() => expect(calls('GET', '/v4/permits/4/request-cancellation')).toHaveLength(1));
    expect(within(di).getByRole('button', { name: 'Request Cancellation' })).toBeTruthy();
  });

  it('sends form 50 from a static modal with the footer note; closing leads to the radar search for the address', async () => {
    serve([row(5, 'Ed Fox', { stage: 30 })], {
      'GET /v4/forms/50': () => ({ body: formDefinition(50) }),
      'GET /v4/forms/50/entry-data': () => ({ body: formEntry({ PermitId: 5 }) }),
      'POST /v4/forms/50/entries': () => ({ body: entryResult({ formId: 50, session: null }) }),
    });
    const { location } = renderAt(<RadarView variant="radar" />, '/project-radar');
    const actions = await screen.findByRole('group', { name: 'Actions for Ed Fox' });
    expect(within(actions).getByRole('link', { name: 'View Project' }).getAttribute('href')).toBe('/projects/45/5');
    await userEvent.click(within(actions).getByRole('button', { name: 'Request Cancellation' }));
    expect(within(dialog()).getByRole('heading', { name: 'Cancellation Request' })).toBeTruthy();
    expect(within(dialog()).getByText("Note: We are not the municipality, we interact with them so you don't have to :)")).toBeTruthy();
    await within(dialog()).findByLabelText('Reason for cancellation');
    expect(calls('GET', '/v4/forms/50/entry-data')[0]?.url.searchParams.get('permitId')).toBe('5');
    // A static backdrop: Escape does not close it.
    fireEvent(dialog(), new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('dialog')).not.toBeNull();
    await userEvent.type(within(dialog()).getByLabelText('Reason for cancellation'), 'Customer changed plans');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Request Cancellation' }));
    await within(dialog()).findByText('Your cancellation request has been sent to the permit team.');
    expect(within(dialog()).getByText(/e-mailed you the cancellation document to sign/)).toBeTruthy();
    const sent = calls('POST', '/v4/forms/50/entries')[0]?.body as { formId: number; answers: Record<string, unknown>; permitId: number };
    expect(sent.formId).toBe(50);
    expect(sent.permitId).toBe(5);
    expect(sent).not.toHaveProperty('entry');
    expect(sent.answers).toEqual({ Reason: 'Customer changed plans' });
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(location()).toBe('/project-radar/search?keyword=1+Main+St%2C+Springfield%2C+IL+62701'));
  });
});

describe('permit application (form 31)', () => {
  const routes = (): Record<string, Route> => ({
    'GET /v4/forms/31': () => ({ body: formDefinition(31) }),
    'GET /v4/forms/31/entry-data': (_req, url) =>
      ({ body: formEntry({ ProjectId: 3, PermitId: 6, ApplicantType: url.searchParams.get('companyId') ? 'Company' : 'Individual' }) }),
    'GET /v4/companies/11/data-collection/licenses-fors': () => ({
      body: { stateLicense: { companyId: 11, licenseNo: 'SL-778' }, localLicense: null },
    }),
    'POST /v4/forms/31/entries': () => ({ body: entryResult({ permitId: 6 }) }),
  });

  it("is titled '{municipality} {task} Application', waits for form, entry and licenses, and applies as the chosen account", async () => {
    serve([row(6, 'Flo Gray', { stage: 71 })], routes());
    const release = holdBack('/v4/companies/11/data-collection/licenses-fors');
    const { location } = renderAt(<RadarView variant="radar" />, '/project-radar');
    await userEvent.click(await screen.findByRole('button', { name: 'Apply for Permit' }));
    expect(within(dialog()).getByRole('heading', { name: 'City of Springfield Roof replacement Application' })).toBeTruthy();
    // Form and entry are in, the license lookup is not: still the spinner.
    await waitFor(() => expect(calls('GET', '/v4/forms/31/entry-data')).toHaveLength(1));
    // Everything that needs no time has happened (answers read, renders done), on a fake clock: no sleep.
    vi.useFakeTimers();
    for (let i = 0; i < 20; i++) await act(() => vi.advanceTimersByTimeAsync(0));
    vi.useRealTimers();
    expect(within(dialog()).getByText('Loading the application')).toBeTruthy();
    expect(within(dialog()).queryByLabelText('Description of Work')).toBeNull();
    release();
    const select = within(dialog()).getByLabelText('Select an Account for this Permit') as HTMLSelectElement;
    expect([...select.options].map((o) => o.text)).toEqual(['Personal', 'Acme Builders']);
    expect(select.value).toBe('11');
    // The license lookup fills the state license number.
    const license = (await within(dialog()).findByLabelText('State License Number (optional)')) as HTMLInputElement;
    expect(license.value).toBe('SL-778');
    expect(calls('GET', '/v4/companies/11/data-collection/licenses-fors')[0]?.url.searchParams.get('municipalityID')).toBe('9');
    expect(calls('GET', '/v4/forms/31/entry-data')[0]?.url.searchParams.get('companyId')).toBe('11');
    expect(within(dialog()).getByText("Note: We are not the municipality, we interact with them so you don't have to :)")).toBeTruthy();
    await userEvent.type(within(dialog()).getByLabelText('Description of Work'), 'New roof');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Submit Application' }));
    await waitFor(() => expect(location()).toBe('/success?type=APPLY_FOR_PROJECT_PERMIT&session=sess-123'));
    const sent = calls('POST', '/v4/forms/31/entries')[0]?.body as Record<string, unknown>;
    expect(sent.formId).toBe(31);
    // The choices only: the account applied as; the licenses are the server's to look up again.
    expect(sent).toMatchObject({ companyId: 11, projectId: 3, permitId: 6 });
    expect(Object.keys(sent).sort()).toEqual(['answers', 'companyId', 'formId', 'municipalityId', 'permitId', 'projectId', 'taskId']);
  });

  it('applies as Personal without a license lookup, and Cancel reloads the radar', async () => {
    serve([row(6, 'Flo Gray', { stage: 71 })], routes());
    renderAt(<RadarView variant="radar" />, '/project-radar');
    await userEvent.click(await screen.findByRole('button', { name: 'Apply for Permit' }));
    await userEvent.selectOptions(within(dialog()).getByLabelText('Select an Account for this Permit'), 'Personal');
    await within(dialog()).findByLabelText('Description of Work');
    await waitFor(() => expect(calls('GET', '/v4/forms/31/entry-data').at(-1)?.url.searchParams.get('companyId')).toBeNull());
    const before = searchCount();
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(searchCount()).toBe(before + 1));
  });

  it('offers no account selector to a personal user', async () => {
    signInWith({});
    serve([row(6, 'Flo Gray', { stage: 71 })], routes());
    renderAt(<RadarView variant="radar" />, '/project-radar');
    await userEvent.click(await screen.findByRole('button', { name: 'Apply for Permit' }));
    await within(dialog()).findByLabelText('Description of Work');
    expect(within(dialog()).queryByLabelText('Select an Account for this Permit')).toBeNull();
    expect(calls('GET', '/v4/companies/11/data-collection/licenses-fors')).toHaveLength(0);
  });
});

describe('dismiss', () => {
  it('asks first, then dismisses the permit and searches again', async () => {
    serve([row(8, 'Gus Hill', { stage: 10 })], { 'POST /v4/permits/8/dismiss': () => ({ body: { ok: true } }) });
    renderAt(<RadarView variant="radar" />, '/project-radar');
    await userEvent.click(await screen.findByRole('button', { name: 'Dismiss' }));
    expect(within(await screen.findByRole('dialog')).getByText('Dismiss this project?')).toBeTruthy();
    const before = searchCount();
    await userEvent.click(within(dialog()).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(calls('POST', '/v4/permits/8/dismiss')).toHaveLength(1));
    await waitFor(() => expect(searchCount()).toBe(before + 1));
  });
});
