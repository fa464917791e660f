import type { Key, ReactNode } from 'react';
import { ShowMoreButton } from '@/components/ui/show-more-button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/components/ui/cn';
import { LoadFailed } from './load-failed';
import { Pager } from './pager';

/** What a view needs of its TanStack read (a useQuery or a useInfiniteQuery result). */
export interface DataRead {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  /** The previous page, kept on screen while the next one loads (keepPreviousData): the rows are dimmed meanwhile. */
  isPlaceholderData?: boolean;
  refetch: () => unknown;
}

/** Pages read by offset: 'Showing 21–40 of 45' with Previous / Next under the rows. */
export interface OffsetPaging {
  /** The pager's name ('Hunter pages'). */
  label: string;
  offset: number;
  pageSize: number;
  total: number;
  onOffsetChange: (offset: number) => void;
}

/** Pages read one after another (an infinite query): a 'Load more' button under the view while the server has more. */
export interface MorePaging {
  list: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };
  label: ReactNode;
}

/** What the view says when there are no rows: an icon, a title and a line, or just the line. */
export interface EmptyState {
  icon?: ReactNode;
  title?: string;
  description: ReactNode;
}

/** The props every view of the kit shares (DataTable, DataList): the read, its rows, and what each state says. */
export interface DataViewProps<Row> {
  read: DataRead;
  /** The rows to show (a page, or the rows a search kept); undefined until the read has answered. */
  rows: readonly Row[] | undefined;
  rowKey: (row: Row) => Key;
  /** The spinner's words ('Loading hunters...'). */
  loadingLabel: string;
  /** What could not be loaded: 'Could not load the {failedWhat}'. */
  failedWhat: string;
  empty: EmptyState;
  paging?: OffsetPaging;
  more?: MorePaging;
  className?: string;
}

export function EmptyStateView({ icon, title, description, className }: EmptyState & { className?: string }) {
  return (
    <div className={cn('flex flex-col items-center px-6 text-center', className)}>
      {icon}
      {title ? <p className={cn('font-semibold text-stone-900', icon ? 'mt-3' : undefined)}>{title}</p> : null}
      <p className={cn('text-sm text-stone-500', title ? 'mt-1' : icon ? 'mt-3' : undefined)}>{description}</p>
    </div>
  );
}

/**
 * The states every view goes through: the spinner until the read answers, the failure with 'Try again', the empty
 * state, then the rows (drawn by `children`). `framed` says whether the view already sits
 * in a card (a table does); an unframed view gives the failure a card and the empty state a dashed one.
 */
export function DataStates<Row>({
  read,
  rows,
  loadingLabel,
  failedWhat,
  empty,
  framed,
  children,
}: Omit<DataViewProps<Row>, 'rowKey' | 'paging' | 'more' | 'className'> & {
  framed: boolean;
  children: (rows: readonly Row[]) => ReactNode;
}) {
  if (read.isPending) return <Spinner label={loadingLabel} />;
  if (read.isError) {
    const failed = <LoadFailed error={read.error} what={failedWhat} onRetry={() => void read.refetch()} />;
    return framed ? failed : <div className="rounded-3xl border border-stone-200 bg-white shadow-sm">{failed}</div>;
  }
  if (!hasRows(rows)) {
    return (
      <EmptyStateView
        {...empty}
        className={framed ? 'py-16' : 'rounded-3xl border border-dashed border-stone-300 bg-white py-14'}
      />
    );
  }
  return children(rows);
}

function hasRows<Row>(rows: readonly Row[] | undefined): rows is readonly Row[] {
  return rows !== undefined && rows.length > 0;
}

/** The pager under a view's rows, once there are rows to page through. */
export function RowsPager<Row>({ read, rows, paging }: Pick<DataViewProps<Row>, 'read' | 'rows' | 'paging'>) {
  if (!paging || read.isPending || read.isError || !hasRows(rows)) return null;
  return <Pager {...paging} shown={rows.length} />;
}

/** 'Load more' under a view read page after page. */
export function MoreRows({ more }: { more: MorePaging | undefined }) {
  if (!more?.list.hasNextPage) return null;
  return (
    <div className="mt-4">
      <ShowMoreButton list={more.list}>{more.label}</ShowMoreButton>
    </div>
  );
}
