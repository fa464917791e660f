import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { cn } from '@/components/ui/cn';
import { DataStates, MoreRows, RowsPager, type DataViewProps } from './data-view';

/** One column: its header and how a row's cell is drawn; with `sortValue`, its header sorts the rows by it. */
export interface DataColumn<Row> {
  id: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** The header cell's classes (its padding too: 'px-4 py-3' unless said). */
  headerClassName?: string;
  /** The row cells' classes (their padding too: 'px-4 py-3' unless said). */
  cellClassName?: string;
  sortValue?: (row: Row) => string | number;
}

export type SortDirection = 'ascending' | 'descending';
export interface TableSort {
  columnId: string;
  direction: SortDirection;
}

const CELL_PADDING = 'px-4 py-3';

function compareValues(a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), 'en-GB', { sensitivity: 'base', numeric: true });
}

/** The rows in the order `sort` asks for (a stable sort: rows that tie keep the order the server gave). */
export function sortRows<Row>(rows: readonly Row[], columns: readonly DataColumn<Row>[], sort: TableSort | null) {
  const sortValue = sort ? columns.find((column) => column.id === sort.columnId)?.sortValue : undefined;
  if (!sort || !sortValue) return rows;
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return [...rows].sort((a, b) => sign * compareValues(sortValue(a), sortValue(b)));
}

/**
 * A table of rows in a card, through the states of its read (see DataStates): columns, sortable headers where a
 * column has a `sortValue` (on this page's rows; a queue the server orders has none), paging by offset or 'Load
 * more'. `stackOnPhones` lays each row out as a card below md (the cells' own max-md: classes place them).
 */
export function DataTable<Row>({
  columns,
  label,
  rowClassName,
  tableClassName,
  stackOnPhones = false,
  inCard = false,
  initialSort = null,
  paging,
  more,
  className,
  rowKey,
  ...states
}: DataViewProps<Row> & {
  columns: readonly DataColumn<Row>[];
  /** The table's accessible name, when the heading above it does not give one. */
  label?: string;
  rowClassName?: string;
  tableClassName?: string;
  stackOnPhones?: boolean;
  /** The table sits in a card the caller draws (a titled section of a dashboard): it draws no card of its own. */
  inCard?: boolean;
  initialSort?: TableSort | null;
}) {
  const [sort, setSort] = useState<TableSort | null>(initialSort);
  const rows = useMemo(
    () => (states.rows ? sortRows(states.rows, columns, sort) : undefined),
    [states.rows, columns, sort],
  );
  const toggleSort = (columnId: string) =>
    setSort((current) => ({
      columnId,
      direction: current?.columnId === columnId && current.direction === 'ascending' ? 'descending' : 'ascending',
    }));

  return (
    <>
      <div
        className={cn(!inCard && 'overflow-hidden rounded-3xl border border-stone-200 bg-white shadow-sm', className)}
      >
        <DataStates {...states} rows={rows} framed>
          {(shown) => (
            <div className={cn('relative', stackOnPhones ? 'md:overflow-x-auto' : 'overflow-x-auto')}>
              <table
                aria-label={label}
                className={cn(
                  'w-full text-left text-sm',
                  stackOnPhones && 'max-md:block',
                  tableClassName,
                  states.read.isPlaceholderData && 'opacity-60',
                )}
              >
                <thead
                  className={cn(
                    'border-b border-stone-200 bg-stone-50/80 text-xs font-semibold tracking-wide text-stone-500 uppercase',
                    stackOnPhones && 'max-md:hidden',
                  )}
                >
                  <tr>
                    {columns.map((column) => (
                      <HeaderCell
                        key={column.id}
                        column={column}
                        sorted={sort?.columnId === column.id ? sort.direction : undefined}
                        onSort={() => toggleSort(column.id)}
                      />
                    ))}
                  </tr>
                </thead>
                <tbody className={cn('divide-y divide-stone-100', stackOnPhones && 'max-md:block')}>
                  {shown.map((row) => (
                    <tr key={rowKey(row)} className={rowClassName}>
                      {columns.map((column) => (
                        <td key={column.id} className={column.cellClassName ?? CELL_PADDING}>
                          {column.cell(row)}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </DataStates>
      </div>
      <RowsPager read={states.read} rows={states.rows} paging={paging} />
      <MoreRows more={more} />
    </>
  );
}

function HeaderCell<Row>({
  column,
  sorted,
  onSort,
}: {
  column: DataColumn<Row>;
  sorted: SortDirection | undefined;
  onSort: () => void;
}) {
  const className = column.headerClassName ?? CELL_PADDING;
  if (!column.sortValue) {
    return (
      <th scope="col" className={className}>
        {column.header}
      </th>
    );
  }
  const SortIcon = sorted === 'ascending' ? ArrowUp : sorted === 'descending' ? ArrowDown : ArrowUpDown;
  return (
    // aria-sort on the header, the button inside it: how a screen reader announces a sortable column.
    <th scope="col" className={className} aria-sort={sorted ?? 'none'}>
      <button
        type="button"
        onClick={onSort}
        className="inline-flex items-center gap-1 rounded uppercase hover:text-stone-800 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
      >
        {column.header}
        <SortIcon className={cn('h-3.5 w-3.5', !sorted && 'opacity-50')} aria-hidden />
      </button>
    </th>
  );
}
