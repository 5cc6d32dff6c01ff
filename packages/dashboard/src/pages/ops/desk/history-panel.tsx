// The permit's stage history, newest first, with who moved it and the message sent.
import { DATE_FORMATS, formatDate, type PermitDesk } from '@permitdesk/core';

export function HistoryPanel({ history }: { history: PermitDesk['stageHistory'] }) {
  if (history.length === 0) return <p className="muted">No stage changes yet.</p>;
  return (
    <ol className="desk-history" aria-label="Stage history" reversed>
      {[...history].reverse().map((entry) => (
        <li key={entry.id} className="desk-history__item">
          <strong>{entry.name}</strong>{' '}
          <time className="muted" dateTime={entry.changedAt}>
            {formatDate(entry.changedAt, DATE_FORMATS.usDateTime)}
          </time>{' '}
          <span className="muted">by {entry.changedByName ?? (entry.changedBy === 'customer' ? 'the customer' : 'the permit team')}</span>
          {entry.note && <p className="desk-history__note">{entry.note}</p>}
        </li>
      ))}
    </ol>
  );
}
