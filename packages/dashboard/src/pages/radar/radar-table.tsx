// The radar table (SPEC §2.7): one row per permit, sortable by customer name, date added and status on
// the server, each row expandable, the derived status with its bar, the 'Assigned' column rule, actions.
import {
  assignedLabel,
  DATE_FORMATS,
  formatDate,
  parseRadarSort,
  permitStatusView,
  radarSort,
  type ProjectSearchRow,
  type RadarSortColumn,
} from '@permitdesk/core';
import { SAVED_VIEW_KEYS } from '@permitdesk/core/client';
import type { ColumnDef, SortingState } from '@tanstack/react-table';
import { useMemo } from 'react';
import { DataTable } from '../../ui/data-table.js';
import { RadarActions } from './radar-actions.js';
import type { ProjectSort } from './radar-query.js';
import { RowDetails } from './row-details.js';
import { StatusBar } from '../../ui/status-bar.js';

export const RADAR_COLUMN_TITLES = {
  customerName: 'Customer Name',
  jobAddress: 'Job Address',
  permit: 'Permit',
  dateAdded: 'Date Added',
  status: 'Status',
  assigned: 'Assigned',
  actions: 'Actions',
} as const;

/** The moment statuses are derived at, read by the status cell from the table's meta. */
interface RadarMeta {
  now: Date;
}
const nowOf = (meta: unknown): Date => (meta as RadarMeta | undefined)?.now ?? new Date();

// One set of column objects for the app's life: new column objects would remount every cell.
// The default sizes add up to the width a 1024 px window leaves (984 px with the details column); wider
// windows stretch them in proportion (the table is at least as wide as its frame).
const RADAR_COLUMNS: ColumnDef<ProjectSearchRow, unknown>[] = [
    {
      id: 'customerName',
      // Sortable columns need an accessor; the server does the sorting.
      accessorFn: (row) => row.customerName,
      header: RADAR_COLUMN_TITLES.customerName,
      enableSorting: true,
      size: 150,
      cell: ({ row }) => (
        <div className="radar-cell">
          <span className="radar-cell__main">{row.original.customerName}</span>
          <span className="radar-cell__sub">
            #{row.original.projectId}
            {row.original.projectName ? ` · ${row.original.projectName}` : ''}
          </span>
        </div>
      ),
    },
    {
      id: 'jobAddress',
      header: RADAR_COLUMN_TITLES.jobAddress,
      size: 140,
      cell: ({ row }) => <span className="radar-cell__wrap">{row.original.projectAddress}</span>,
    },
    {
      id: 'permit',
      header: RADAR_COLUMN_TITLES.permit,
      size: 130,
      cell: ({ row }) => (
        <div className="radar-cell">
          <span className="radar-cell__main">{row.original.taskName}</span>
          <span className="radar-cell__sub">{row.original.municipality.name}</span>
        </div>
      ),
    },
    {
      id: 'dateAdded',
      accessorFn: (row) => row.createdAt,
      header: RADAR_COLUMN_TITLES.dateAdded,
      enableSorting: true,
      size: 108,
      cell: ({ row }) => <time className="radar-cell__date" dateTime={row.original.createdAt}>{formatDate(row.original.createdAt, DATE_FORMATS.date)}</time>,
    },
    {
      id: 'status',
      accessorFn: (row) => row.stage,
      header: RADAR_COLUMN_TITLES.status,
      enableSorting: true,
      size: 170,
      cell: ({ row, table }) => <StatusBar view={permitStatusView(row.original, nowOf(table.options.meta))} />,
    },
    {
      id: 'assigned',
      header: RADAR_COLUMN_TITLES.assigned,
      size: 96,
      cell: ({ row }) => assignedLabel(row.original.projectsAssignments) || <span className="muted">—</span>,
    },
    {
      id: 'actions',
      header: RADAR_COLUMN_TITLES.actions,
      size: 146,
      cell: ({ row }) => <RadarActions row={row.original} />,
    },
];

/** The table's sorting state for a sort parameter, and back (core's radarSort / parseRadarSort). */
export const sortingOf = (sort: ProjectSort): SortingState => {
  const { column, direction } = parseRadarSort(sort);
  return [{ id: column, desc: direction === 'desc' }];
};
export const sortOf = (sorting: SortingState): ProjectSort | null => {
  const first = sorting[0];
  if (!first) return null;
  return radarSort(first.id as RadarSortColumn, first.desc ? 'desc' : 'asc');
};

export interface RadarTableProps {
  rows: readonly ProjectSearchRow[];
  sort: ProjectSort;
  onSort: (sort: ProjectSort) => void;
  emptyMessage: string;
  busy?: boolean;
  /** The moment statuses are derived at (expiry, estimated completion); now by default. */
  now?: Date;
}

export function RadarTable({ rows, sort, onSort, emptyMessage, busy, now }: RadarTableProps) {
  // A new page of rows is judged at the time it arrived.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const meta = useMemo<RadarMeta>(() => ({ now: now ?? new Date() }), [now, rows]);
  const sorting = useMemo(() => sortingOf(sort), [sort]);
  return (
    <DataTable
      caption="Project radar"
      data={rows}
      columns={RADAR_COLUMNS}
      meta={meta}
      getRowId={(row) => String(row.id)}
      sorting={sorting}
      onSortingChange={(next) => {
        const chosen = sortOf(next);
        if (chosen) onSort(chosen);
      }}
      emptyMessage={emptyMessage}
      renderDetails={(row) => <RowDetails row={row} />}
      detailsLabel={(row) => `Details of ${row.customerName}, ${row.taskName}`}
      sizingKey={SAVED_VIEW_KEYS.radarView}
      busy={busy}
    />
  );
}
