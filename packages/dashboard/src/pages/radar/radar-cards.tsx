// The alternative radar (/project-radar-alt, the user menu's 'Alt Dashboard'): the same rows as cards,
// for narrow screens and for people who prefer a list to a table.
import { assignedLabel, DATE_FORMATS, formatDate, permitStatusView, type ProjectSearchRow } from '@permitdesk/core';
import { MIN_TABLE_ROWS } from '../../ui/data-table.js';
import { RadarActions } from './radar-actions.js';
import { RowDetails } from './row-details.js';
import { StatusBar } from '../../ui/status-bar.js';

export function RadarCards({ rows, emptyMessage, now = new Date() }: { rows: readonly ProjectSearchRow[]; emptyMessage: string; now?: Date }) {
  if (rows.length === 0) {
    return (
      <ul className="radar-cards" aria-label="Project radar">
        <li className="radar-card radar-card--empty">{emptyMessage}</li>
        {Array.from({ length: MIN_TABLE_ROWS - 1 }, (_, index) => (
          <li key={index} className="radar-card radar-card--pad" aria-hidden="true" />
        ))}
      </ul>
    );
  }
  return (
    <ul className="radar-cards" aria-label="Project radar">
      {rows.map((row) => {
        const assigned = assignedLabel(row.projectsAssignments);
        return (
          <li key={row.id} className="radar-card" data-row-id={row.id}>
            <div className="radar-card__head">
              <div>
                <h2 className="radar-card__title">{row.customerName}</h2>
                <p className="muted radar-card__sub">
                  {row.taskName} · {row.municipality.name} · added {formatDate(row.createdAt, DATE_FORMATS.date)}
                </p>
                <p className="radar-card__address">{row.projectAddress}</p>
              </div>
              <div className="radar-card__status">
                <StatusBar view={permitStatusView(row, now)} />
              </div>
            </div>
            {assigned && <p className="radar-card__assigned">Assigned: {assigned}</p>}
            <RadarActions row={row} />
            <details className="radar-card__details">
              <summary>Details</summary>
              <RowDetails row={row} />
            </details>
          </li>
        );
      })}
    </ul>
  );
}
