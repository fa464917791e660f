import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { HunterEdit, HunterEditItem } from '@hunted/contracts';
import { dismissToast } from '@/components/ui/toast';
import { page, signedIn } from '@/testing/data-generators';
import { json, stubFetch, type RecordedCall } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/test-utils';

const item = (position: number, overrides: Partial<HunterEditItem> = {}): HunterEditItem => ({
  position,
  brand: { id: 10 + position, name: `Brand ${position}`, imageUrl: `/brand-${position}.jpg` },
  brandName: `Brand ${position}`,
  itemName: `Item ${position}`,
  productUrl: null,
  photoUrl: null,
  why: `Why ${position}`,
  ...overrides,
});

function anEdit(overrides: Partial<HunterEdit> = {}): HunterEdit {
  return {
    id: 40,
    bookingId: 'b1',
    clientName: 'Ada Lovelace',
    hunter: { id: 7, name: 'Sofia Marin', profileImageUrl: null },
    title: 'Your autumn edit',
    note: 'Three brands to start with.',
    items: [
      item(1, {
        brand: { id: 11, name: 'Maison Rose', imageUrl: '/rose.jpg' },
        brandName: 'Maison Rose',
        itemName: 'Linen shirt',
        productUrl: 'https://maison-rose.example/shirt',
        photoUrl: '/api/media/hunter-photos/0b8a1c2e-4f5d-4a6b-9c7d-8e9f0a1b2c3d',
        why: 'Breathes on a warm day',
      }),
      item(2),
      // A brand that has left the directory keeps its name, without a link; it is not saved.
      item(3, { brand: null, brandName: 'Gone Label' }),
    ],
    sentAt: '2026-11-20T10:00:00.000Z',
    publication: 'requested',
    publishedAt: null,
    ...overrides,
  };
}

const RECEIVED = '/api/hunter-edits/received?limit=5&offset=0';

function myBookings(extra: Record<string, () => Response | Promise<Response>>) {
  return stubFetch({
    ...signedIn,
    'GET /api/my-bookings?limit=50&offset=0': () => json(200, []),
    ...extra,
  });
}

const posted = (calls: RecordedCall[], url: string) =>
  calls.filter((call) => call.init.method === 'POST' && call.url === url);

afterEach(() => dismissToast());

describe("/my-bookings' 'Edits from your hunters'", () => {
  it('shows each edit with its hunter, note and items linking to their brands, and saves all its brands', async () => {
    const calls = myBookings({
      [`GET ${RECEIVED}`]: () => page([anEdit({ publication: 'private' })], 1),
      'POST /api/saved-brands': () => json(201, { saved: [11, 12] }),
    });
    renderRoute('/my-bookings');
    expect(await screen.findByRole('heading', { name: 'Edits from your hunters' })).toBeTruthy();
    const edit = screen.getByTestId('received-edit');
    expect(within(edit).getByRole('heading', { name: 'Your autumn edit' })).toBeTruthy();
    expect(within(edit).getByRole('link', { name: 'Sofia Marin' }).getAttribute('href')).toBe('/hunters/7/sofia-marin');
    expect(edit.textContent).toContain('Three brands to start with.');
    expect(within(edit).getByRole('link', { name: 'Maison Rose' }).getAttribute('href')).toBe('/brand/11/maison-rose');
    expect(within(edit).getByText('Gone Label').closest('a')).toBeNull();
    expect(within(edit).getByRole('img', { name: 'Linen shirt' }).getAttribute('src')).toContain(
      '/api/media/hunter-photos/',
    );
    expect(edit.textContent).toContain('Breathes on a warm day');
    const product = within(edit).getByRole('link', { name: /View product/ });
    expect(product.getAttribute('href')).toBe('https://maison-rose.example/shirt');
    expect(product.getAttribute('rel')).toBe('noopener nofollow ugc');
    expect(product.getAttribute('target')).toBe('_blank');
    // No consent to give while the hunter has not asked.
    expect(within(edit).queryByRole('button', { name: 'Allow' })).toBeNull();

    fireEvent.click(within(edit).getByRole('button', { name: 'Save all brands' }));
    expect(await within(edit).findByText('Saved to your favourites')).toBeTruthy();
    expect(within(edit).queryByRole('button', { name: 'Save all brands' })).toBeNull();
    expect(JSON.parse(String(posted(calls, '/api/saved-brands')[0]!.init.body))).toEqual({ brandIds: [11, 12] });
  });

  it("asks once to publish when the hunter requested it: 'Allow' publishes, 'Keep private' declines", async () => {
    const calls = myBookings({
      [`GET ${RECEIVED}`]: () => page([anEdit(), anEdit({ id: 41, title: 'Winter layers' })], 2),
      'POST /api/hunter-edits/40/publish-consent': () =>
        json(201, anEdit({ publication: 'published', publishedAt: '2026-11-26T10:00:00.000Z' })),
      'POST /api/hunter-edits/41/publish-consent': () =>
        json(201, anEdit({ id: 41, title: 'Winter layers', publication: 'declined' })),
    });
    renderRoute('/my-bookings');
    const [first, second] = await screen.findAllByTestId('received-edit');
    const ask = within(first!).getByRole('group', { name: 'Publishing this edit' });
    expect(ask.textContent).toContain('Sofia Marin would like to publish this edit on their public page.');

    fireEvent.click(within(ask).getByRole('button', { name: 'Allow' }));
    await waitFor(() => expect(within(first!).queryByRole('button', { name: 'Allow' })).toBeNull());
    expect(within(first!).getByText('Published')).toBeTruthy();
    expect(JSON.parse(String(posted(calls, '/api/hunter-edits/40/publish-consent')[0]!.init.body))).toEqual({
      allow: true,
    });

    fireEvent.click(within(second!).getByRole('button', { name: 'Keep private' }));
    await waitFor(() => expect(within(second!).queryByRole('button', { name: 'Keep private' })).toBeNull());
    expect(JSON.parse(String(posted(calls, '/api/hunter-edits/41/publish-consent')[0]!.init.body))).toEqual({
      allow: false,
    });
  });

  it("withdraws consent to a published edit once the client confirms it; cancelling changes nothing", async () => {
    const published = anEdit({ publication: 'published', publishedAt: '2026-11-26T10:00:00.000Z' });
    const calls = myBookings({
      [`GET ${RECEIVED}`]: () => page([published], 1),
      'POST /api/hunter-edits/40/withdraw-consent': () => json(200, { ...published, publication: 'withdrawn', publishedAt: null }),
    });
    renderRoute('/my-bookings');
    const edit = await screen.findByTestId('received-edit');
    expect(within(edit).getByText('Published')).toBeTruthy();

    fireEvent.click(within(edit).getByRole('button', { name: 'Withdraw consent' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Withdraw your consent?' });
    expect(dialog.textContent).toContain("The edit leaves Sofia Marin's public page and the brand pages");
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(posted(calls, '/api/hunter-edits/40/withdraw-consent')).toHaveLength(0);

    fireEvent.click(within(edit).getByRole('button', { name: 'Withdraw consent' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Withdraw consent' }));
    expect(
      await within(edit).findByText('You withdrew your consent: only you and Sofia Marin can see this edit.'),
    ).toBeTruthy();
    expect(within(edit).queryByText('Published')).toBeNull();
    expect(within(edit).queryByRole('button', { name: 'Withdraw consent' })).toBeNull();
    expect(posted(calls, '/api/hunter-edits/40/withdraw-consent')).toHaveLength(1);
    expect(await screen.findByText('Consent withdrawn')).toBeTruthy();
  });

  it("reads more with 'Show more' while the total is beyond what is shown, and hides the section without edits", async () => {
    const firstPage = Array.from({ length: 5 }, (_, index) => anEdit({ id: 50 + index, title: `Edit ${index + 1}` }));
    myBookings({
      [`GET ${RECEIVED}`]: () => page(firstPage, 6),
      'GET /api/hunter-edits/received?limit=5&offset=5': () => page([anEdit({ id: 60, title: 'Edit 6' })], 6),
    });
    renderRoute('/my-bookings');
    expect(await screen.findAllByTestId('received-edit')).toHaveLength(5);
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(screen.getAllByTestId('received-edit')).toHaveLength(6));
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('shows nothing of edits when there are none', async () => {
    const calls = myBookings({ [`GET ${RECEIVED}`]: () => page([], 0) });
    renderRoute('/my-bookings');
    expect(await screen.findByText('No bookings yet')).toBeTruthy();
    await waitFor(() => expect(calls.some((call) => call.url === RECEIVED)).toBe(true));
    expect(screen.queryByRole('heading', { name: 'Edits from your hunters' })).toBeNull();
  });
});
