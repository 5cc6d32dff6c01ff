// The data table of SPEC §9 on @tanstack/react-table: server-side sorting through the caller, rows with
// an expandable detail row, columns resizable by mouse, touch or keyboard down to 11 px, the sizes kept
// in local storage, and at least 5 rows (padding rows fill a short page; an empty page shows a message).
import {
  flexRender,
  getCoreRowModel,
  getExpandedRowModel,
  useReactTable,
  type ColumnDef,
  type ColumnSizingState,
  type ExpandedState,
  type Header,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { Fragment, useEffect, useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import './data-table.css';

/** SPEC §9: minimum column width during resize. */
export const MIN_COLUMN_WIDTH = 11;
/** SPEC §9: the table pads to at least 5 rows. */
export const MIN_TABLE_ROWS = 5;
/** Keyboard resizing step, in pixels. */
const KEY_STEP = 10;

export interface DataTableProps<T> {
  caption: string;
  data: readonly T[];
  // Column value types differ per column; the table only passes rows through.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<T, any>[];
  getRowId: (row: T) => string;
  sorting?: SortingState;
  onSortingChange?: (sorting: SortingState) => void;
  emptyMessage: string;
  /** The detail row of an expanded row; with it, each row gets a toggle in a first column. */
  renderDetails?: (row: T) => ReactNode;
  /** Accessible name of a row's toggle ('Details of Ann Lee'). */
  detailsLabel?: (row: T) => string;
  /** Local storage key for the column sizes. */
  sizingKey?: string;
  busy?: boolean;
  /** Passed to cells as table.options.meta. */
  meta?: unknown;
}

const readSizing = (key: string | undefined): ColumnSizingState => {
  if (!key) return {};
  try {
    const saved = JSON.parse(localStorage.getItem(key) ?? 'null') as { columnSizing?: ColumnSizingState } | null;
    return saved?.columnSizing && typeof saved.columnSizing === 'object' ? saved.columnSizing : {};
  } catch {
    return {};
  }
};

const apply = <S,>(updater: Updater<S>, current: S): S => (typeof updater === 'function' ? (updater as (old: S) => S)(current) : updater);

export function DataTable<T>({
  caption,
  data,
  columns,
  getRowId,
  sorting = [],
  onSortingChange,
  emptyMessage,
  renderDetails,
  detailsLabel,
  sizingKey,
  busy = false,
  meta,
}: DataTableProps<T>) {
  const [expanded, setExpanded] = useState<ExpandedState>({});
  const [columnSizing, setColumnSizing] = useState<ColumnSizingState>(() => readSizing(sizingKey));

  const allColumns = useMemo<ColumnDef<T, unknown>[]>(() => {
    if (!renderDetails) return columns;
    const toggle: ColumnDef<T, unknown> = {
      id: 'details',
      size: 48,
      enableResizing: false,
      enableSorting: false,
      header: () => <span className="visually-hidden">Details</span>,
      cell: ({ row }) => (
        <button
          type="button"
          className="data-table__toggle"
          aria-expanded={row.getIsExpanded()}
          aria-label={detailsLabel ? detailsLabel(row.original) : 'Details'}
          onClick={row.getToggleExpandedHandler()}
        >
          <span className="data-table__toggle-mark" aria-hidden="true" />
        </button>
      ),
    };
    return [toggle, ...columns];
  }, [columns, renderDetails, detailsLabel]);

  const table = useReactTable<T>({
    data: data as T[],
    columns: allColumns,
    getRowId,
    meta: meta as Record<string, unknown> | undefined,
    state: { sorting, expanded, columnSizing },
    manualSorting: true,
    enableSortingRemoval: false,
    sortDescFirst: false,
    onSortingChange: (updater) => onSortingChange?.(apply(updater, sorting)),
    onExpandedChange: setExpanded,
    getRowCanExpand: () => Boolean(renderDetails),
    getCoreRowModel: getCoreRowModel(),
    getExpandedRowModel: getExpandedRowModel(),
    columnResizeMode: 'onChange',
    onColumnSizingChange: setColumnSizing,
    defaultColumn: { minSize: MIN_COLUMN_WIDTH, size: 150, enableSorting: false },
  });

  // Sizes are saved once a resize settles, not on every pixel of a drag.
  useEffect(() => {
    if (!sizingKey) return;
    const timer = setTimeout(() => localStorage.setItem(sizingKey, JSON.stringify({ columnSizing })), 300);
    return () => clearTimeout(timer);
  }, [columnSizing, sizingKey]);

  const rows = table.getRowModel().rows;
  const leafColumns = table.getVisibleLeafColumns();
  const padding = Math.max(0, MIN_TABLE_ROWS - rows.length - (rows.length === 0 ? 1 : 0));
  const resizeByKey = (header: Header<T, unknown>, event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? KEY_STEP : event.key === 'ArrowLeft' ? -KEY_STEP : 0;
    if (step === 0) return;
    event.preventDefault();
    const width = Math.max(MIN_COLUMN_WIDTH, header.column.getSize() + step);
    setColumnSizing((current) => ({ ...current, [header.column.id]: width }));
  };

  return (
    <div className="data-table-wrap">
      <table className="data-table" style={{ width: `max(${table.getTotalSize()}px, 100%)` }} aria-busy={busy}>
        <caption className="visually-hidden">{caption}</caption>
        <colgroup>
          {leafColumns.map((column) => (
            <col key={column.id} style={{ width: column.getSize() }} />
          ))}
        </colgroup>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                const title = flexRender(header.column.columnDef.header, header.getContext());
                return (
                  <th
                    key={header.id}
                    scope="col"
                    data-column={header.column.id}
                    aria-sort={header.column.getCanSort() ? (sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none') : undefined}
                  >
                    {header.column.getCanSort() ? (
                      <button type="button" className="data-table__sort" onClick={header.column.getToggleSortingHandler()}>
                        {title}
                        <span className="data-table__sort-mark" aria-hidden="true" />
                      </button>
                    ) : (
                      title
                    )}
                    {header.column.getCanResize() && (
                      <div
                        role="separator"
                        aria-orientation="vertical"
                        aria-label={`Resize ${header.column.id}`}
                        aria-valuemin={MIN_COLUMN_WIDTH}
                        aria-valuenow={header.column.getSize()}
                        tabIndex={0}
                        className={header.column.getIsResizing() ? 'data-table__resizer is-resizing' : 'data-table__resizer'}
                        onMouseDown={header.getResizeHandler()}
                        onTouchStart={header.getResizeHandler()}
                        onDoubleClick={() => header.column.resetSize()}
                        onKeyDown={(event) => resizeByKey(header, event)}
                      />
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr className="data-table__empty">
              <td colSpan={leafColumns.length}>{emptyMessage}</td>
            </tr>
          )}
          {rows.map((row) => (
            <Fragment key={row.id}>
              <tr className={row.getIsExpanded() ? 'data-table__row is-expanded' : 'data-table__row'} data-row-id={row.id}>
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} data-column={cell.column.id}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
              {row.getIsExpanded() && renderDetails && (
                <tr className="data-table__details" data-details-of={row.id}>
                  <td colSpan={leafColumns.length}>{renderDetails(row.original)}</td>
                </tr>
              )}
            </Fragment>
          ))}
          {Array.from({ length: padding }, (_, index) => (
            <tr key={`pad-${index}`} className="data-table__pad" aria-hidden="true">
              <td colSpan={leafColumns.length}>&nbsp;</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
