import { describe, expect, it } from 'vitest';
import { PERMIT_STATUSES } from './stages.js';
import { cancellationLabel, permitStatusView, progressColour, progressOf, statusMessage } from './permit-progress.js';

const NOW = '2025-06-15T12:00:00Z';
const UTC = { timeZone: 'UTC' };

describe('progress', () => {
  it('uses the SPEC percentages, 100 for everything else', () => {
    expect(progressOf('requested')).toBe(16.66);
    expect(progressOf('processing')).toBe(33.33);
    expect(progressOf('submitted')).toBe(50);
    expect(progressOf('approved')).toBe(66.66);
    expect(progressOf('open')).toBe(83.33);
    for (const status of ['expired', 'closed', 'pending', 'canceled', 'pending cancellation', 'unknown'] as const) {
      expect(progressOf(status)).toBe(100);
    }
  });
});

describe('colours', () => {
  it('follows SPEC §4.3', () => {
    expect(progressColour('requested')).toBe('info');
    expect(progressColour('processing')).toBe('info');
    expect(progressColour('submitted')).toBe('info');
    expect(progressColour('approved')).toBe('info');
    expect(progressColour('pending')).toBe('warning');
    expect(progressColour('expired')).toBe('red');
    expect(progressColour('canceled')).toBe('danger');
    expect(progressColour('open', false)).toBe('success');
    expect(progressColour('open', true)).toBe('gold');
  });

  it('gives every status a colour', () => {
    for (const status of PERMIT_STATUSES) expect(progressColour(status)).toMatch(/^(info|success|warning|danger|red|gold|secondary)$/);
  });
});

describe('status messages', () => {
  it('says what SPEC §4.3 asks for each status', () => {
    expect(statusMessage('requested')).toMatch(/received.*processing will begin soon/i);
    expect(statusMessage('processing')).toMatch(/being processed.*notify/i);
    expect(statusMessage('submitted')).toMatch(/submitted to the municipality.*pending approval/i);
    expect(statusMessage('approved')).toMatch(/awaiting payment to be submitted/i);
    expect(statusMessage('open')).toMatch(/work may begin/i);
    expect(statusMessage('expired')).toMatch(/work cannot be completed until a new permit is issued/i);
    expect(statusMessage('closed')).toBe('Keep up the good work!');
    expect(statusMessage('pending')).toMatch(/temporarily on hold.*contact us/i);
    expect(statusMessage('canceled')).toMatch(/canceled.*contact us if you are unsure why/i);
  });

  it('says where a project out of the permit flow stands', () => {
    expect(statusMessage('pending cancellation')).toMatch(/cancellation request has been received/i);
    expect(statusMessage('unsorted')).toMatch(/need a permit\?/i);
    expect(statusMessage('no permit')).toMatch(/needs a permit.*apply/i);
    expect(statusMessage('no permit needed')).toBe('The project has been marked as no permit needed.');
  });

  it("is 'Unknown Status' for a stage nobody knows", () => {
    expect(statusMessage('unknown')).toBe('Unknown Status');
  });
});

describe('cancellation label', () => {
  it('names the two SPEC labels', () => {
    expect(cancellationLabel(true)).toBe('View Project (Requested cancellation)');
    expect(cancellationLabel(false)).toBe('Request Cancellation');
  });
});

describe('permitStatusView', () => {
  const base = { stage: 50, expiresAt: '2025-12-31', permitInspections: [{ status: 'open' as const }], estCompletionAt: '2025-07-01', cancellationRequested: false };

  it('combines status, progress, colour, stripes, message and label', () => {
    expect(permitStatusView(base, NOW, UTC)).toEqual({
      status: 'open',
      progress: 83.33,
      colour: 'success',
      striped: false,
      message: statusMessage('open'),
      cancellationLabel: 'Request Cancellation',
    });
  });

  it('turns an open permit gold once the estimated completion date has passed', () => {
    expect(permitStatusView({ ...base, estCompletionAt: '2025-06-14' }, NOW, UTC).colour).toBe('gold');
    expect(permitStatusView({ ...base, estCompletionAt: '2025-06-15' }, NOW, UTC).colour).toBe('success');
  });

  it('stripes the early stages', () => {
    const view = permitStatusView({ ...base, stage: 20 }, NOW, UTC);
    expect(view).toMatchObject({ status: 'processing', progress: 33.33, colour: 'info', striped: true });
  });

  it('takes the per-permit cancellation check over the permit flag', () => {
    expect(permitStatusView({ ...base, stage: 75 }, NOW, { ...UTC, cancellationRequested: true }).cancellationLabel).toBe(
      'View Project (Requested cancellation)',
    );
    expect(permitStatusView({ ...base, cancellationRequested: true }, NOW, UTC).cancellationLabel).toBe('View Project (Requested cancellation)');
  });

  it('shows an expired permit red at 100%', () => {
    expect(permitStatusView({ ...base, expiresAt: '2025-06-01' }, NOW, UTC)).toMatchObject({ status: 'expired', progress: 100, colour: 'red' });
  });
});
