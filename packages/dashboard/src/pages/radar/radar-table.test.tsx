// The radar table's status cells for every status (SPEC §4.3 progress, colours, stripes and messages)
// and the 'Assigned' column rule (SPEC §2.7), rendered from rows as the server sends them.
import { render, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { WithQueryClient } from '../../test/render.js';
import { RadarHandlersContext, type RadarHandlers } from './radar-actions.js';
import { RadarTable } from './radar-table.js';
import { assignment, inspection, row, type Row } from './testing/radar-fixtures.js';

afterEach(() => cleanup());

const NOW = new Date('2026-06-15T12:00:00.000Z');
const handlers: RadarHandlers = { apply: () => undefined, requestCancellation: () => undefined, triage: () => undefined, dismiss: () => undefined, busyRowId: null };

function renderTable(rows: Row[]) {
  return render(
    <WithQueryClient>
      <MemoryRouter initialEntries={['/project-radar']}>
        <RadarHandlersContext.Provider value={handlers}>
          <RadarTable rows={rows} sort="+customerName" onSort={() => undefined} emptyMessage="No Matches Found" now={NOW} />
        </RadarHandlersContext.Provider>
      </MemoryRouter>
    </WithQueryClient>,
  );
}

const statusCell = (id: number) => document.querySelector(`tr[data-row-id="${id}"] td[data-column="status"]`) as HTMLElement;

// [stage and fields, status name, progress, colour, striped, message]
const CASES: Array<[string, Partial<Row>, string, number, string, boolean, RegExp | string]> = [
  ['requested', { stage: 10 }, 'Requested', 16.66, 'info', true, /received.*Processing will begin soon/],
  ['processing', { stage: 20 }, 'Processing', 33.33, 'info', true, /being processed.*notify/],
  ['submitted', { stage: 30 }, 'Submitted', 50, 'info', true, /submitted to the municipality.*pending approval/],
  ['approved (stage)', { stage: 40 }, 'Approved', 66.66, 'info', false, /awaiting payment/],
  ['approved (no inspection open)', { stage: 30, permitInspections: [inspection(1, 'Final', 1, 'passed')] }, 'Approved', 66.66, 'info', false, /awaiting payment/],
  ['open', { stage: 50, estCompletionAt: '2026-07-01T12:00:00.000Z' }, 'Open', 83.33, 'success', false, /Work may begin/],
  ['open past the estimated completion', { stage: 50, estCompletionAt: '2026-06-01T12:00:00.000Z' }, 'Open', 83.33, 'gold', false, /Work may begin/],
  ['expired', { stage: 50, expiresAt: '2026-06-14T12:00:00.000Z' }, 'Expired', 100, 'red', false, /cannot be completed until a new permit is issued/],
  ['closed', { stage: 60 }, 'Closed', 100, 'success', false, 'Keep up the good work!'],
  ['pending', { stage: 52 }, 'Pending', 100, 'warning', false, /temporarily on hold.*contact us/],
  ['canceled', { stage: 55 }, 'Canceled', 100, 'danger', false, /canceled.*contact us if you are unsure why/],
  ['pending cancellation', { stage: 75 }, 'Pending Cancellation', 100, 'warning', false, /cancellation request has been received/],
  ['unsorted', { stage: 70 }, 'Unsorted', 100, 'secondary', false, /need a permit\?/],
  ['no permit', { stage: 71 }, 'No Permit', 100, 'secondary', false, /needs a permit/],
  ['no permit needed', { stage: 72 }, 'No Permit Needed', 100, 'secondary', false, 'The project has been marked as no permit needed.'],
  ['a stage nobody knows', { stage: 99 }, 'Unknown', 100, 'secondary', false, 'Unknown Status'],
];

describe('status cells', () => {
  it.each(CASES)('%s', (_name, fields, label, progress, colour, striped, message) => {
    renderTable([row(1, 'Ann Lee', fields)]);
    const cell = statusCell(1);
    expect(within(cell).getByText(label)).toBeTruthy();
    expect(within(cell).getByText(`${progress}%`)).toBeTruthy();
    const bar = within(cell).getByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe(String(progress));
    const fill = bar.firstElementChild as HTMLElement;
    expect(fill.style.width).toBe(`${progress}%`);
    expect(fill.classList.contains(`progress__bar--${colour}`)).toBe(true);
    expect(fill.classList.contains('progress__bar--striped')).toBe(striped);
    const text = cell.querySelector('.status-bar__message')!.textContent!;
    if (typeof message === 'string') expect(text).toBe(message);
    else expect(text).toMatch(message);
  });
});

describe("the 'Assigned' column", () => {
  const assigned = (id: number) => document.querySelector(`tr[data-row-id="${id}"] td[data-column="assigned"]`)!.textContent;

  it('shows a vendor first, then a company (self assigned), then a user (self assigned)', () => {
    renderTable([
      row(1, 'All three', { projectsAssignments: [assignment(1, 'User', 'Jane Doe'), assignment(2, 'Company', 'Acme Builders'), assignment(3, 'Vendor', 'Bright Solar')] }),
      row(2, 'Company and user', { projectsAssignments: [assignment(4, 'User', 'Jane Doe'), assignment(5, 'Company', 'Acme Builders')] }),
      row(3, 'User only', { projectsAssignments: [assignment(6, 'User', 'Jane Doe')] }),
      row(4, 'Nobody', { projectsAssignments: [] }),
    ]);
    expect(assigned(1)).toBe('Bright Solar');
    expect(assigned(2)).toBe('Acme Builders (self assigned)');
    expect(assigned(3)).toBe('Jane Doe (self assigned)');
    expect(assigned(4)).toBe('—');
  });

  it('shows dates added as YYYY-MM-DD', () => {
    renderTable([row(1, 'Ann Lee', { createdAt: '2026-01-02T10:00:00.000Z' })]);
    expect(document.querySelector('tr[data-row-id="1"] td[data-column="dateAdded"]')!.textContent).toBe('2026-01-02');
  });
});
