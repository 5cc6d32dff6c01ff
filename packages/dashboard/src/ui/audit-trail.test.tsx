import { PERMIT_TEAM_ACTOR_NAME, STAGE, type AuditEntry } from '@permitdesk/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AuditTrail, NO_ACTIVITY } from './audit-trail.js';

afterEach(() => cleanup());

const entry = (overrides: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  occurredAt: '2026-11-26T15:00:00.000Z',
  actor: { name: 'Ann Lee', email: 'ann@example.com', role: 'customer' },
  entity: 'permit',
  entityId: '42',
  action: 'created',
  companyId: 11,
  permitId: 42,
  customerVisible: true,
  before: null,
  after: null,
  requestId: null,
  ...overrides,
});

describe('AuditTrail', () => {
  it('shows time, actor, what happened and each change in plain words', () => {
    render(
      <AuditTrail
        entries={[
          entry({ id: 2, action: 'stage_changed', actor: { name: PERMIT_TEAM_ACTOR_NAME, email: null, role: 'permit_team' }, before: { stage: STAGE.Requested, version: 1 }, after: { stage: STAGE.Processing, version: 2, note: 'Filing today.' } }),
          entry({ id: 1, action: 'created', after: { stage: STAGE.Requested, version: 1 } }),
        ]}
        label="Permit activity"
      />,
    );
    const items = within(screen.getByRole('list', { name: 'Permit activity' })).getAllByRole('listitem').filter((li) => li.classList.contains('audit-trail__entry'));
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain(PERMIT_TEAM_ACTOR_NAME);
    expect(items[0]!.textContent).toContain('Moved the permit');
    expect(within(items[0]!).getByText('Stage: Requested → Processing')).toBeTruthy();
    expect(within(items[0]!).getByText('Message: Filing today.')).toBeTruthy();
    expect(items[0]!.textContent).not.toContain('Version');
    expect(items[0]!.querySelector('time')?.getAttribute('dateTime')).toBe('2026-11-26T15:00:00.000Z');
    expect(items[1]!.textContent).toContain('Ann Lee');
    expect(within(items[1]!).getByText('Stage: Requested')).toBeTruthy();
  });

  it('names the record on a company trail, and says when there is nothing yet', () => {
    const { unmount } = render(<AuditTrail entries={[entry({ entity: 'vault_item', entityId: 'license:7', action: 'archived' })]} showEntity />);
    expect(screen.getByText('Vault item #license:7: Archived')).toBeTruthy();
    unmount();
    render(<AuditTrail entries={[]} />);
    expect(screen.getByText(NO_ACTIVITY)).toBeTruthy();
  });
});
