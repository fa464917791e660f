import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '@/lib/api-client';
import { DataList } from './data-list';
import { DataTable, type DataColumn } from './data-table';
import type { DataRead } from './data-view';

interface Brand {
  id: number;
  name: string;
  votes: number;
}

const brands: Brand[] = [
  { id: 1, name: 'Maison Rose', votes: 12 },
  { id: 2, name: 'atelier Nord', votes: 40 },
  { id: 3, name: 'Bloom & Co', votes: 3 },
];
const answered: DataRead = { isPending: false, isError: false, error: null, refetch: () => undefined };
const columns: DataColumn<Brand>[] = [
  { id: 'name', header: 'Name', cell: (brand) => brand.name, sortValue: (brand) => brand.name },
  { id: 'votes', header: 'Votes', cell: (brand) => String(brand.votes), sortValue: (brand) => brand.votes },
  { id: 'actions', header: <span className="sr-only">Actions</span>, cell: (brand) => `Edit ${brand.name}` },
];
const table = {
  rowKey: (brand: Brand) => brand.id,
  columns,
  loadingLabel: 'Loading brands...',
  failedWhat: 'brands',
  empty: { description: 'No brands yet.' },
};
const namesInOrder = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);

describe('DataTable', () => {
  it('draws a header cell per column and a row of cells per row, in the order given', () => {
    render(<DataTable {...table} read={answered} rows={brands} label="Brands" />);
    const shown = screen.getByRole('table', { name: 'Brands' });
    expect(
      within(shown)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Votes', 'Actions']);
    expect(namesInOrder()).toEqual(['Maison Rose', 'atelier Nord', 'Bloom & Co']);
    expect(within(screen.getAllByRole('row')[1]!).getByText('Edit Maison Rose')).toBeTruthy();
  });

  it('sorts by a sortable column, ascending then descending, and says so on its header', () => {
    render(<DataTable {...table} read={answered} rows={brands} />);
    const votes = screen.getByRole('columnheader', { name: 'Votes' });
    expect(votes.getAttribute('aria-sort')).toBe('none');
    // A column without a sortValue has no sort button.
    expect(within(screen.getByRole('columnheader', { name: 'Actions' })).queryByRole('button')).toBeNull();

    fireEvent.click(within(votes).getByRole('button', { name: 'Votes' }));
    expect(votes.getAttribute('aria-sort')).toBe('ascending');
    expect(namesInOrder()).toEqual(['Bloom & Co', 'Maison Rose', 'atelier Nord']);

    fireEvent.click(within(votes).getByRole('button', { name: 'Votes' }));
    expect(votes.getAttribute('aria-sort')).toBe('descending');
    expect(namesInOrder()).toEqual(['atelier Nord', 'Maison Rose', 'Bloom & Co']);

    // Text sorts as a reader expects, not by character code: case does not put 'atelier' last.
    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(screen.getByRole('columnheader', { name: 'Votes' }).getAttribute('aria-sort')).toBe('none');
    expect(namesInOrder()).toEqual(['atelier Nord', 'Bloom & Co', 'Maison Rose']);
  });

  it('draws no card of its own inside a card the caller draws', () => {
    const { container, rerender } = render(<DataTable {...table} read={answered} rows={brands} />);
    expect((container.firstElementChild as HTMLElement).className).toContain('rounded-3xl');
    rerender(<DataTable {...table} read={answered} rows={brands} inCard />);
    expect((container.firstElementChild as HTMLElement).className).not.toContain('rounded-3xl');
    expect(screen.getAllByRole('row')).toHaveLength(4);
  });

  it('starts in the order initialSort asks for', () => {
    render(
      <DataTable
        {...table}
        read={answered}
        rows={brands}
        initialSort={{ columnId: 'votes', direction: 'descending' }}
      />,
    );
    expect(namesInOrder()).toEqual(['atelier Nord', 'Maison Rose', 'Bloom & Co']);
  });

  it('shows its spinner until the read answers, then the empty state when there are no rows', () => {
    const { rerender } = render(<DataTable {...table} read={{ ...answered, isPending: true }} rows={undefined} />);
    expect(screen.getByRole('status').textContent).toBe('Loading brands...');
    expect(screen.queryByRole('table')).toBeNull();

    rerender(<DataTable {...table} read={answered} rows={[]} />);
    expect(screen.getByText('No brands yet.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it("says what could not be loaded, with the server's reason, and asks again on 'Try again'", () => {
    const refetch = vi.fn();
    const error = new HttpError(
      503,
      'Service Unavailable',
      JSON.stringify({ message: 'The directory is being updated' }),
    );
    render(<DataTable {...table} read={{ ...answered, isError: true, error, refetch }} rows={undefined} />);
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Could not load the brands')).toBeTruthy();
    expect(within(alert).getByText('The directory is being updated')).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it("offers 'Load more' while the server has more, and reads the next page when pressed", () => {
    const fetchNextPage = vi.fn(() => Promise.resolve());
    const list = { hasNextPage: true, isFetchingNextPage: false, fetchNextPage };
    const { rerender } = render(
      <DataTable {...table} read={answered} rows={brands} more={{ list, label: 'Load more brands' }} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Load more brands' }));
    expect(fetchNextPage).toHaveBeenCalledTimes(1);

    rerender(
      <DataTable
        {...table}
        read={answered}
        rows={brands}
        more={{ list: { ...list, hasNextPage: false }, label: 'Load more brands' }}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Load more brands' })).toBeNull();
  });
});

describe('DataList', () => {
  const list = {
    rowKey: (brand: Brand) => brand.id,
    label: 'Brands',
    rowLabel: (brand: Brand) => `Brand ${brand.name}`,
    renderRow: (brand: Brand) => <p>{brand.votes} votes</p>,
    loadingLabel: 'Loading brands...',
    failedWhat: 'brands',
    empty: { title: 'Nothing here', description: 'New brands appear here.' },
  };

  it('draws each row as a named list item', () => {
    render(<DataList {...list} read={answered} rows={brands} />);
    const items = within(screen.getByRole('list', { name: 'Brands' })).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual([
      'Brand Maison Rose',
      'Brand atelier Nord',
      'Brand Bloom & Co',
    ]);
    expect(within(screen.getByRole('listitem', { name: 'Brand Bloom & Co' })).getByText('3 votes')).toBeTruthy();
  });

  it("pages by offset: 'Showing 21–40 of 45', Previous and Next move by a page", () => {
    const onOffsetChange = vi.fn();
    const paging = { label: 'Brand pages', offset: 20, pageSize: 20, total: 45, onOffsetChange };
    const page = Array.from({ length: 20 }, (_, index) => ({ id: index, name: `Brand ${index}`, votes: index }));
    render(<DataList {...list} read={answered} rows={page} paging={paging} />);
    const pager = screen.getByRole('navigation', { name: 'Brand pages' });
    expect(within(pager).getByText('Showing 21–40 of 45')).toBeTruthy();
    fireEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(onOffsetChange).toHaveBeenLastCalledWith(40);
    fireEvent.click(within(pager).getByRole('button', { name: 'Previous' }));
    expect(onOffsetChange).toHaveBeenLastCalledWith(0);
  });

  it('shows the empty state, and no pager, when a page has no rows', () => {
    const paging = { label: 'Brand pages', offset: 0, pageSize: 20, total: 0, onOffsetChange: () => undefined };
    render(<DataList {...list} read={answered} rows={[]} paging={paging} />);
    expect(screen.getByText('Nothing here')).toBeTruthy();
    expect(screen.getByText('New brands appear here.')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('gives its empty state no dashed card of its own inside a card the caller draws', () => {
    const { rerender } = render(<DataList {...list} read={answered} rows={[]} />);
    const emptyState = () => screen.getByText('New brands appear here.').parentElement!;
    expect(emptyState().className).toContain('border-dashed');
    rerender(<DataList {...list} read={answered} rows={[]} inCard />);
    expect(emptyState().className).not.toContain('border-dashed');
  });

  it('dims the previous page while the next one loads', () => {
    render(<DataList {...list} read={{ ...answered, isPlaceholderData: true }} rows={brands} />);
    expect(screen.getByRole('list', { name: 'Brands' }).className).toContain('opacity-60');
  });
});
