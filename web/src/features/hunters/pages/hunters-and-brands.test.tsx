import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { BrandRef, PublishedHunterEdit } from '@hunted/contracts';
import { dismissToast } from '@/components/ui/toast';
import { aBrand, aHunter, anOwnHunter, page, signedIn, signedOut } from '@/testing/data-generators';
import { json, stubFetch } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/test-utils';

const sofia = aHunter({ id: 7, name: 'Sofia Marin' });
const rose: BrandRef = { id: 5, name: 'Maison Rose', imageUrl: '/rose.jpg' };
const nord: BrandRef = { id: 6, name: 'Atelier Nord', imageUrl: '/nord.jpg' };

afterEach(() => dismissToast());

describe('/book-a-hunter: the Brand and Brand values filters (issue 25)', () => {
  it('reads them from the address, sends them to the server, and writes a picked brand back', async () => {
    const calls = stubFetch({
      ...signedOut,
      'GET /api/brands/5': () => json(200, aBrand({ id: 5, name: 'Maison Rose' })),
      'GET /api/hunters?brand=5&valueTag=Handmade&limit=24&offset=0': () => page([sofia], 1),
      'GET /api/hunters?brand=6&valueTag=Handmade&limit=24&offset=0': () => page([], 0),
      'GET /api/hunters?valueTag=Handmade&limit=24&offset=0': () => page([sofia], 1),
      'GET /api/brands?search=Atelier&limit=8': () => page([aBrand({ id: 6, name: 'Atelier Nord' })], 1),
    });
    const router = renderRoute('/book-a-hunter?brand=5&valueTag=Handmade');
    expect(await screen.findByText('1 hunters available')).toBeTruthy();
    expect((screen.getByLabelText('Brand values') as HTMLSelectElement).value).toBe('Handmade');
    const brand = screen.getByLabelText('Brand') as HTMLInputElement;
    await waitFor(() => expect(brand.value).toBe('Maison Rose'));

    fireEvent.focus(brand);
    fireEvent.change(brand, { target: { value: 'Atelier' } });
    // Typing over the pick drops it at once.
    await waitFor(() => expect(router.state.location.search).toBe('?valueTag=Handmade'));
    fireEvent.click(await screen.findByRole('option', { name: 'Atelier Nord' }));
    await waitFor(() => expect(router.state.location.search).toBe('?brand=6&valueTag=Handmade'));
    expect(await screen.findByText('No hunters found matching your criteria.')).toBeTruthy();
    expect(calls.map((call) => call.url)).toContain('/api/hunters?brand=6&valueTag=Handmade&limit=24&offset=0');

    fireEvent.change(screen.getByLabelText('Brand values'), { target: { value: 'all' } });
    expect(router.state.location.search).toBe('?brand=6');
  });
});

describe("a hunter's public page: go-to brands and published edits (issue 25)", () => {
  const edit = (id: number, title: string): PublishedHunterEdit => ({
    id,
    hunter: { id: 7, name: 'Sofia Marin', profileImageUrl: null },
    title,
    note: '',
    items: [
      {
        position: 1,
        brand: rose,
        brandName: rose.name,
        itemName: 'Linen shirt',
        productUrl: null,
        photoUrl: null,
        why: 'Breathes',
      },
    ],
    sentAt: '2026-11-20T10:00:00.000Z',
    publishedAt: '2026-11-21T10:00:00.000Z',
  });

  it('shows the go-to brands linking to their pages and the edits a page at a time', async () => {
    stubFetch({
      ...signedOut,
      'GET /api/hunters/7': () => json(200, sofia),
      'GET /api/hunters/7/go-to-brands': () => json(200, [rose, nord]),
      'GET /api/hunters/7/edits?limit=4&offset=0': () =>
        page(
          [1, 2, 3, 4].map((n) => edit(n, `Edit ${n}`)),
          5,
        ),
      'GET /api/hunters/7/edits?limit=4&offset=4': () => page([edit(5, 'Edit 5')], 5),
    });
    renderRoute('/hunters/7/sofia-marin');
    const brands = await screen.findByRole('region', { name: 'Go-to brands' });
    expect(within(brands).getByRole('link', { name: 'Maison Rose' }).getAttribute('href')).toBe('/brand/5/maison-rose');
    expect(within(brands).getByRole('link', { name: 'Atelier Nord' })).toBeTruthy();

    const edits = await screen.findByRole('region', { name: 'Edits' });
    expect(within(edits).getAllByRole('heading', { level: 3 })).toHaveLength(4);
    fireEvent.click(within(edits).getByRole('button', { name: 'Show more edits' }));
    await waitFor(() => expect(within(edits).getAllByRole('heading', { level: 3 })).toHaveLength(5));
  });

  it('shows neither while the hunter has none', async () => {
    const calls = stubFetch({
      ...signedOut,
      'GET /api/hunters/7': () => json(200, sofia),
      'GET /api/hunters/7/go-to-brands': () => json(200, []),
      'GET /api/hunters/7/edits?limit=4&offset=0': () => page([], 0),
    });
    renderRoute('/hunters/7/sofia-marin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sofia Marin' })).toBeTruthy();
    await waitFor(() => expect(calls.some((call) => call.url === '/api/hunters/7/edits?limit=4&offset=0')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Go-to brands' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Edits' })).toBeNull();
  });
});

describe("the dashboard's Settings: Go-to brands (issue 25)", () => {
  it('adds brands by search, removes one, counts them out of 12 and saves them with PUT', async () => {
    const calls = stubFetch({
      ...signedIn,
      'GET /api/hunter-profile': () => json(200, anOwnHunter({ id: 7, name: 'Sofia Marin' })),
      'GET /api/hunter-profile/joining-details': () =>
        json(200, {
          whatsappVoice: { phone: '+447700900123' },
          whatsappVideo: { phone: '+447700900123' },
          inPerson: { area: null, address: null },
        }),
      'GET /api/hunter-bookings?limit=100&offset=0': () => json(200, []),
      'GET /api/hunter-conversations': () => json(200, []),
      'GET /api/hunter-profile/go-to-brands': () => json(200, [rose]),
      'GET /api/brands?search=Atelier&limit=8': () =>
        page([aBrand({ id: 6, name: 'Atelier Nord', imageUrl: '/nord.jpg' })], 1),
      'PUT /api/hunter-profile/go-to-brands': () => json(200, [nord]),
    });
    renderRoute('/hunter-dashboard?tab=settings');
    const section = await screen.findByRole('region', { name: 'Go-to brands' });
    expect(await within(section).findByText('1/12')).toBeTruthy();
    const save = within(section).getByRole('button', { name: 'Save go-to brands' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    const box = within(section).getByLabelText('Add a brand');
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: 'Atelier' } });
    fireEvent.click(await within(section).findByRole('option', { name: 'Atelier Nord' }));
    expect(within(section).getByText('2/12')).toBeTruthy();
    expect((box as HTMLInputElement).value).toBe('');
    fireEvent.click(within(section).getByRole('button', { name: 'Remove Maison Rose' }));
    expect(within(section).getByText('1/12')).toBeTruthy();

    fireEvent.click(save);
    await waitFor(() => expect(calls.some((call) => call.init.method === 'PUT')).toBe(true));
    const put = calls.find((call) => call.init.method === 'PUT')!;
    expect(JSON.parse(String(put.init.body))).toEqual({ brandIds: [6] });
    await waitFor(() => expect(save.disabled).toBe(true));
  }, 15_000);

  it("shows the service's refusal under the picker, and clears it on the next save", async () => {
    let refuse = true;
    stubFetch({
      ...signedIn,
      'GET /api/hunter-profile': () => json(200, anOwnHunter({ id: 7, name: 'Sofia Marin' })),
      'GET /api/hunter-profile/joining-details': () =>
        json(200, {
          whatsappVoice: { phone: '+447700900123' },
          whatsappVideo: { phone: '+447700900123' },
          inPerson: { area: null, address: null },
        }),
      'GET /api/hunter-bookings?limit=100&offset=0': () => json(200, []),
      'GET /api/hunter-conversations': () => json(200, []),
      'GET /api/hunter-profile/go-to-brands': () => json(200, [rose, nord]),
      'PUT /api/hunter-profile/go-to-brands': () =>
        refuse
          ? json(400, {
              statusCode: 400,
              message: 'Invalid input',
              errors: { 'brandIds.0': 'Brand 5 is not in the directory' },
            })
          : json(200, [nord]),
    });
    renderRoute('/hunter-dashboard?tab=settings');
    const section = await screen.findByRole('region', { name: 'Go-to brands' });
    fireEvent.click(await within(section).findByRole('button', { name: 'Remove Atelier Nord' }));
    const save = within(section).getByRole('button', { name: 'Save go-to brands' });
    fireEvent.click(save);
    const box = within(section).getByLabelText('Add a brand');
    await waitFor(() => expect(box.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(box.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Brand 5 is not in the directory',
    );

    refuse = false;
    fireEvent.click(save);
    await waitFor(() => expect(box.getAttribute('aria-invalid')).toBe('false'));
    expect(within(section).queryByText('Brand 5 is not in the directory')).toBeNull();
  }, 15_000);
});
