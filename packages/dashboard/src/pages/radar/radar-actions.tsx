// The actions cell of a radar row. The handlers come from the page through context, so the table's
// columns stay the same objects from render to render.
import { isPendingCancellation, type ProjectSearchRow } from '@permitdesk/core';
import { createContext, useContext } from 'react';
import { Link } from 'react-router';
import { FOR_SESSION } from '../../data/query-client.js';
import { queryKeys } from '../../data/query-keys.js';
import { useQuery } from '../../data/use-query.js';
import { api } from '../../session/api.js';
import { ACTION_LABELS, rowActions, type RowAction } from './row-actions.js';

export interface RadarHandlers {
  apply(row: ProjectSearchRow): void;
  requestCancellation(row: ProjectSearchRow): void;
  triage(row: ProjectSearchRow, choice: 'yes' | 'no' | 'undo'): void;
  dismiss(row: ProjectSearchRow): void;
  /** The row whose action is running; its buttons are disabled meanwhile. */
  busyRowId: number | null;
}

export const RadarHandlersContext = createContext<RadarHandlers | null>(null);

/**
 * Whether a cancellation request exists (SPEC §4.3): for a permit at stage 75 the API is asked per
 * permit; other rows carry the flag themselves.
 */
export function useCancellationRequested(row: ProjectSearchRow): boolean {
  const check = isPendingCancellation(row.stage);
  const status = useQuery({
    queryKey: check ? queryKeys.permits.cancellation(row.id) : null,
    queryFn: ({ signal }) => api.permits.cancellationStatus({ params: { id: row.id }, signal, silent: true }),
    staleTime: FOR_SESSION,
  });
  return check && status.data ? status.data.isSubmitted : row.cancellationRequested;
}

function ActionButton({ action, row, handlers }: { action: RowAction; row: ProjectSearchRow; handlers: RadarHandlers }) {
  const disabled = handlers.busyRowId === row.id;
  switch (action.kind) {
    case 'enter':
      return (
        <Link className={action.label === ACTION_LABELS.enterData ? 'link-button' : 'btn btn--sm btn--ghost'} to={action.to} data-action="enter">
          {action.label}
        </Link>
      );
    case 'triage':
      return (
        <button type="button" className="btn btn--sm" disabled={disabled} data-action={`triage-${action.choice}`} onClick={() => handlers.triage(row, action.choice)}>
          {action.label}
        </button>
      );
    case 'undo':
      return (
        <button type="button" className="link-button" disabled={disabled} data-action="undo" onClick={() => handlers.triage(row, 'undo')}>
          {action.label}
        </button>
      );
    case 'apply':
      return (
        <button type="button" className="btn btn--sm btn--accent" disabled={disabled} data-action="apply" onClick={() => handlers.apply(row)}>
          {action.label}
        </button>
      );
    case 'request-cancellation':
      return (
        <button type="button" className="link-button" disabled={disabled} data-action="request-cancellation" onClick={() => handlers.requestCancellation(row)}>
          {action.label}
        </button>
      );
    case 'dismiss':
      return (
        <button type="button" className="link-button radar-actions__dismiss" disabled={disabled} data-action="dismiss" onClick={() => handlers.dismiss(row)}>
          {action.label}
        </button>
      );
  }
}

export function RadarActions({ row }: { row: ProjectSearchRow }) {
  const handlers = useContext(RadarHandlersContext);
  const requested = useCancellationRequested(row);
  if (!handlers) return null;
  const actions = rowActions(row, requested);
  const triage = actions.some((action) => action.kind === 'triage');
  return (
    <div className="radar-actions" role="group" aria-label={`Actions for ${row.customerName}`}>
      {triage && <span className="radar-actions__question">{ACTION_LABELS.triageQuestion}</span>}
      {actions.map((action) => (
        <ActionButton key={`${action.kind}-${action.label}`} action={action} row={row} handlers={handlers} />
      ))}
    </div>
  );
}
