import type { ReactNode } from 'react';
import { cn } from '@/components/ui/cn';
import { DataStates, MoreRows, RowsPager, type DataViewProps } from './data-view';

/**
 * The rows of a read as a list of cards (a queue whose rows are too rich for table cells), through the same states
 * and paging as DataTable. Each row is an <li>, named by `rowLabel`, drawn by `renderRow`.
 */
export function DataList<Row>({
  label,
  listClassName,
  rowLabel,
  rowClassName,
  renderRow,
  paging,
  more,
  className,
  rowKey,
  inCard = false,
  ...states
}: DataViewProps<Row> & {
  /**
   * The list sits in a card the caller draws (a titled section of a dashboard): its failure and empty state are
   * laid out as a card's, not given a card of their own.
   */
  inCard?: boolean;
  /** The list's accessible name. */
  label?: string;
  listClassName?: string;
  rowLabel?: (row: Row) => string;
  rowClassName?: string | ((row: Row) => string);
  renderRow: (row: Row) => ReactNode;
}) {
  return (
    <>
      <div className={className}>
        <DataStates {...states} framed={inCard}>
          {(rows) => (
            <ul aria-label={label} className={cn(listClassName, states.read.isPlaceholderData && 'opacity-60')}>
              {rows.map((row) => (
                <li
                  key={rowKey(row)}
                  aria-label={rowLabel?.(row)}
                  className={typeof rowClassName === 'function' ? rowClassName(row) : rowClassName}
                >
                  {renderRow(row)}
                </li>
              ))}
            </ul>
          )}
        </DataStates>
      </div>
      <RowsPager read={states.read} rows={states.rows} paging={paging} />
      <MoreRows more={more} />
    </>
  );
}
