import type { AdminDeletionRow, AdminDeletionsResponse } from '@hunted/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { admin } from '@/testing/data-generators';
import { json, stubFetch } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/test-utils';

const ERASED = '2026-12-03T10:05:00.000Z';

function aRow(overrides: Partial<AdminDeletionRow> & { erased?: string[] }): AdminDeletionRow {
  const { erased = [], ...rest } = overrides;
  return {
    id: 'del1',
    userId: 'u1',
    status: 'erasing',
    requestedAt: '2026-12-03T10:00:00.000Z',
    completedAt: null,
    services: (['brands', 'reviews', 'hunters', 'bookings', 'messaging'] as const).map((service) => ({
      service,
      erasedAt: erased.includes(service) ? ERASED : null,
    })),
    retries: 0,
    ...rest,
  };
}

/** The chips of a row as read aloud: each service and whether it is done. */
const chipsOf = (row: HTMLElement) =>
  within(within(row).getByRole('list', { name: 'Services' }))
    .getAllByRole('listitem')
    .map((chip) => chip.textContent);

describe('/admin, Deletions tab', () => {
  it("lists each deletion's progress per service and retries one still erasing", async () => {
    let retried = false;
    const done = aRow({
      id: 'del0',
      status: 'done',
      requestedAt: '2026-12-01T09:00:00.000Z',
      completedAt: '2026-12-01T09:02:00.000Z',
      erased: ['brands', 'reviews', 'hunters', 'bookings', 'messaging'],
    });
    const list = (): AdminDeletionsResponse => ({
      deletions: [aRow({ erased: ['brands', 'reviews', 'bookings'], retries: retried ? 1 : 0 }), done],
    });
    const calls = stubFetch({
      'GET /api/auth/user': () => json(200, admin),
      'GET /api/admin/brands': () => json(200, []),
      'GET /api/admin/deletions': () => json(200, list()),
      'POST /api/admin/deletions/del1/retry': () => {
        retried = true;
        return json(202, {});
      },
    });
    renderRoute('/admin');
    fireEvent.mouseDown(await screen.findByRole('tab', { name: 'Deletions' }), { button: 0 });

    const table = await screen.findByRole('table', { name: 'Account deletions' });
    const [, erasing, finished] = within(table).getAllByRole('row');
    expect(within(erasing!).getByText('3 Dec 2026, 10:00')).toBeTruthy();
    expect(within(erasing!).getByText('Erasing')).toBeTruthy();
    expect(chipsOf(erasing!)).toEqual([
      'Brands: done',
      'Reviews: done',
      'Hunters: pending',
      'Bookings: done',
      'Messaging: pending',
    ]);
    expect(within(finished!).getByText('Done')).toBeTruthy();
    expect(chipsOf(finished!).every((chip) => chip?.endsWith(': done'))).toBe(true);
    // Only a deletion still erasing can be sent again.
    expect(within(finished!).queryByRole('button', { name: /Retry/ })).toBeNull();
    expect(within(erasing!).getAllByRole('cell').map((cell) => cell.textContent)[3]).toBe('Retries: 0');

    fireEvent.click(within(erasing!).getByRole('button', { name: 'Retry deletion requested 3 Dec 2026, 10:00' }));
    expect(await screen.findByText('Deletion sent again')).toBeTruthy();
    expect(calls.filter((call) => call.url === '/api/admin/deletions/del1/retry')).toHaveLength(1);
    // The list is read again: the retry is counted.
    await waitFor(() =>
      expect(within(within(table).getAllByRole('row')[1]!).getAllByRole('cell').map((cell) => cell.textContent)[3]).toBe('Retries: 1'),
    );
    expect(calls.filter((call) => call.url === '/api/admin/deletions' && call.init.method !== 'POST')).toHaveLength(2);
  });

  it('says so when nobody has deleted an account yet', async () => {
    stubFetch({
      'GET /api/auth/user': () => json(200, admin),
      'GET /api/admin/brands': () => json(200, []),
      'GET /api/admin/deletions': () => json(200, { deletions: [] }),
    });
    renderRoute('/admin');
    fireEvent.mouseDown(await screen.findByRole('tab', { name: 'Deletions' }), { button: 0 });
    expect(await screen.findByText('No account has been deleted yet.')).toBeTruthy();
  });
});
