// A permit's status as the radar shows it (SPEC §4.3): name, progress bar in the status colour (striped
// while with us or the municipality, gold when open past the estimated completion date) and the message.
// Every value comes from core's permitStatusView.
import type { PermitStatus, PermitStatusView } from '@permitdesk/core';
import './status-bar.css';

/** 'pending cancellation' → 'Pending Cancellation' (display only; the status itself is core's). */
export const statusLabel = (status: PermitStatus): string => status.replace(/\b\w/g, (c) => c.toUpperCase());

export function StatusBar({ view, compact = false }: { view: PermitStatusView; compact?: boolean }) {
  const label = statusLabel(view.status);
  const bar = ['progress__bar', `progress__bar--${view.colour}`, view.striped ? 'progress__bar--striped' : ''].filter(Boolean).join(' ');
  return (
    <div className="status-bar" data-status={view.status} data-colour={view.colour}>
      <div className="status-bar__head">
        <span className="status-bar__name">{label}</span>
        <span className="status-bar__percent">{view.progress}%</span>
      </div>
      <div
        className="progress"
        role="progressbar"
        aria-label={`${label} progress`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={view.progress}
        aria-valuetext={`${label}, ${view.progress}%`}
      >
        <div className={bar} style={{ width: `${view.progress}%` }} />
      </div>
      {!compact && <p className="status-bar__message">{view.message}</p>}
    </div>
  );
}
