import { DATA_EXPORT_SERVICES, type CurrentDataExportResponse, type DataExportView } from '@hunted/contracts';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { signedIn } from '@/testing/data-generators';
import { json, stubFetch } from '@/testing/fetch-stub';
import { findOnTestClock, useTestClock } from '@/testing/test-clock';
import { renderRoute } from '@/testing/test-utils';
import { DATA_EXPORT_POLL_MS } from '../api/data-exports';

/** An export whose first `ready` parts (in the contracts' order) are in. */
function anExport(ready: number, overrides: Partial<DataExportView> = {}): DataExportView {
  return {
    id: 'exp1',
    status: 'assembling',
    requestedAt: '2026-12-03T10:00:00.000Z',
    readyAt: null,
    expiresAt: null,
    parts: DATA_EXPORT_SERVICES.map((service, index) => ({ service, ready: index < ready })),
    downloadUrl: null,
    ...overrides,
  };
}

const none: CurrentDataExportResponse = { export: null };

/** The progress rows as the member reads them: each part's name and whether it is in. */
function progress(): string[] {
  const list = screen.getByRole('list', { name: 'Parts of your archive' });
  return within(list)
    .getAllByRole('listitem')
    .map((row) => `${row.textContent}: ${row.querySelector('[aria-label]')?.getAttribute('aria-label')}`);
}

describe('/edit-profile, your data', () => {
  it("starts an export, shows each service's part arrive, then offers the archive until it expires", async () => {
    // What GET current answers, read after read: nothing yet, then (after the POST) more parts, then ready.
    const answers: CurrentDataExportResponse[] = [
      none,
      { export: anExport(4) },
      {
        export: anExport(6, {
          status: 'ready',
          readyAt: '2026-12-03T10:01:00.000Z',
          expiresAt: '2026-12-10T10:01:00.000Z',
          downloadUrl: '/api/account/data-exports/exp1/archive',
        }),
      },
    ];
    let reads = 0;
    const calls = stubFetch({
      ...signedIn,
      'GET /api/account/data-exports/current': () => json(200, answers[Math.min(reads++, answers.length - 1)]),
      'POST /api/account/data-exports': () => json(201, anExport(1)),
    });
    // The section reads again every DATA_EXPORT_POLL_MS of the test's clock, moved on a read at a time.
    useTestClock();
    renderRoute('/edit-profile#your-data');
    const section = await findOnTestClock(() => screen.getByRole('region', { name: 'Your data' }));
    expect(section.id).toBe('your-data');
    expect(within(section).getByText(/A zip archive of everything Hunted holds about you/).textContent).toContain(
      'we email you when it is ready',
    );
    fireEvent.click(await findOnTestClock(() => within(section).getByRole('button', { name: 'Download my data' })));

    await findOnTestClock(() => within(section).getByText('Gathering your data: 1 of 6 parts ready'));
    expect(calls.filter((call) => call.init.method === 'POST')).toHaveLength(1);
    expect(progress()).toEqual([
      'Your account: Ready',
      'Brands: votes, saves and submissions: Waiting',
      'Reviews and comments: Waiting',
      'Hunter profile and edits: Waiting',
      'Bookings and payments: Waiting',
      'Messages and emails: Waiting',
    ]);
    expect(within(section).queryByRole('link', { name: 'Download archive' })).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(DATA_EXPORT_POLL_MS));
    await findOnTestClock(() => within(section).getByText('Gathering your data: 4 of 6 parts ready'));
    expect(progress().filter((row) => row.endsWith('Ready'))).toHaveLength(4);

    await act(() => vi.advanceTimersByTimeAsync(DATA_EXPORT_POLL_MS));
    const link = await findOnTestClock(() => within(section).getByRole('link', { name: 'Download archive' }));
    expect(link.getAttribute('href')).toBe('/api/account/data-exports/exp1/archive');
    expect(link.hasAttribute('download')).toBe(true);
    expect(within(section).getByText('Available until Thursday, 10 December 2026 at 10:01')).toBeTruthy();

    // Ready: nothing more to wait for, so nothing more is read.
    const readsWhenReady = reads;
    await act(() => vi.advanceTimersByTimeAsync(DATA_EXPORT_POLL_MS * 3));
    expect(reads).toBe(readsWhenReady);
  });

  it("says in words why an export was refused (the day's allowance)", async () => {
    stubFetch({
      ...signedIn,
      'GET /api/account/data-exports/current': () => json(200, none),
      'POST /api/account/data-exports': () =>
        json(429, { statusCode: 429, message: 'You can ask for your data 3 times a day. Please try again tomorrow.' }),
    });
    renderRoute('/edit-profile');
    const section = await screen.findByRole('region', { name: 'Your data' });
    fireEvent.click(await within(section).findByRole('button', { name: 'Download my data' }));

    expect((await within(section).findByRole('alert')).textContent).toBe(
      'You can ask for your data 3 times a day. Please try again tomorrow.',
    );
    expect(within(section).queryByText(/Gathering your data/)).toBeNull();
  });

  it('says so when the export could not be started for another reason', async () => {
    stubFetch({
      ...signedIn,
      'GET /api/account/data-exports/current': () => json(200, none),
      'POST /api/account/data-exports': () => new Response('<html>Bad gateway</html>', { status: 502 }),
    });
    renderRoute('/edit-profile');
    const section = await screen.findByRole('region', { name: 'Your data' });
    fireEvent.click(await within(section).findByRole('button', { name: 'Download my data' }));

    expect((await within(section).findByRole('alert')).textContent).toBe(
      'Your data could not be gathered just now. Please try again in a moment.',
    );
  });
});
