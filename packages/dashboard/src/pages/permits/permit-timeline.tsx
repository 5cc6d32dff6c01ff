// The timeline of a permit's stages with their dates ('MMMM Do, YYYY [at] hh:mm A').
import { DATE_FORMATS, formatDate, type Permit } from '@permitdesk/core';
import { useStageName } from '../../data/reference-data.js';
import { permitTimeline } from './timeline.js';

export function PermitTimeline({ permit }: { permit: Permit }) {
  const entries = permitTimeline(permit, useStageName());
  return (
    <ol className="timeline" aria-label="Permit timeline">
      {entries.map((entry) => (
        <li key={entry.stage} className={`timeline__item timeline__item--${entry.state}`} aria-current={entry.state === 'current' ? 'step' : undefined}>
          <span className="timeline__marker" aria-hidden="true" />
          <div className="timeline__body">
            <span className="timeline__name">{entry.name}</span>
            <span className="timeline__date">
              {entry.at ? <time dateTime={entry.at}>{formatDate(entry.at, DATE_FORMATS.long)}</time> : entry.state === 'upcoming' ? 'Not yet' : ''}
            </span>
            {entry.note && <span className="timeline__note">{entry.note}</span>}
          </div>
        </li>
      ))}
    </ol>
  );
}
