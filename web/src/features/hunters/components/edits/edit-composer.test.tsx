import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { HUNTER_EDIT_MESSAGES, type Brand, type HunterEdit } from '@hunted/contracts';
import { dismissToast } from '@/components/ui/toast';
import { aBrand, aHunterBooking, anOwnHunter, page, signedIn } from '@/testing/data-generators';
import { json, stubFetch, type RecordedCall } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/test-utils';

const sofia = anOwnHunter({ id: 7, name: 'Sofia Marin' });
const DAY = 86_400_000;
const heldAt = new Date(Date.now() - 3 * DAY).toISOString();
const held = aHunterBooking({
  id: 'b-held',
  clientName: 'Ada Lovelace',
  status: 'completed',
  attendance: 'held',
  startsAt: heldAt,
  endsAt: new Date(Date.parse(heldAt) + 3_600_000).toISOString(),
});
const brands: Brand[] = [
  aBrand({ id: 11, name: 'Maison Rose', imageUrl: '/rose.jpg' }),
  aBrand({ id: 12, name: 'Atelier Nord', imageUrl: '/nord.jpg' }),
  aBrand({ id: 13, name: 'Linen Lane', imageUrl: '/linen.jpg' }),
];
const PHOTO_URL = '/api/media/hunter-photos/0b8a1c2e-4f5d-4a6b-9c7d-8e9f0a1b2c3d';

function sentEdit(overrides: Partial<HunterEdit> = {}): HunterEdit {
  return {
    id: 40,
    bookingId: 'b-held',
    clientName: 'Ada Lovelace',
    hunter: { id: 7, name: 'Sofia Marin', profileImageUrl: null },
    title: 'Your autumn edit',
    note: '',
    items: [],
    sentAt: new Date().toISOString(),
    publication: 'private',
    publishedAt: null,
    ...overrides,
  };
}

function dashboard(extra: Record<string, () => Response | Promise<Response>> = {}) {
  return stubFetch({
    ...signedIn,
    'GET /api/hunter-profile': () => json(200, sofia),
    'GET /api/hunter-profile/joining-details': () =>
      json(200, {
        whatsappVoice: { phone: '+447700900123' },
        whatsappVideo: { phone: '+447700900123' },
        inPerson: { area: null, address: null },
      }),
    'GET /api/hunter-bookings?limit=100&offset=0': () => json(200, [held]),
    'GET /api/hunter-conversations': () => json(200, []),
    'GET /api/brands?search=Maison&limit=8': () => page([brands[0]], 1),
    'GET /api/brands?search=Atelier&limit=8': () => page([brands[1]], 1),
    'GET /api/brands?search=Linen&limit=8': () => page([brands[2]], 1),
    ...extra,
  });
}

const posts = (calls: RecordedCall[], url: string) =>
  calls.filter((call) => call.init.method === 'POST' && call.url === url);

async function openComposer() {
  renderRoute('/hunter-dashboard?tab=bookings');
  const row = await screen.findByRole('listitem', { name: /with Ada Lovelace/ });
  fireEvent.click(await within(row).findByRole('button', { name: 'Send an edit' }));
  return await screen.findByTestId('hunter-edit-composer', {}, { timeout: 5_000 });
}

/** Types into item `index`'s brand box and picks the one match, with the keyboard. */
async function pickBrand(composer: HTMLElement, index: number, search: string, name: string) {
  const box = within(composer).getAllByLabelText('Brand')[index]!;
  fireEvent.focus(box);
  fireEvent.change(box, { target: { value: search } });
  const option = await within(composer).findByRole('option', { name });
  expect(box.getAttribute('aria-expanded')).toBe('true');
  expect(box.getAttribute('aria-activedescendant')).toBe(option.id);
  fireEvent.keyDown(box, { key: 'Enter' });
  await waitFor(() => expect((box as HTMLInputElement).value).toBe(name));
}

function fillItem(composer: HTMLElement, index: number, itemName: string, why: string) {
  fireEvent.change(within(composer).getAllByLabelText('Item name')[index]!, { target: { value: itemName } });
  fireEvent.change(within(composer).getAllByLabelText('Why')[index]!, { target: { value: why } });
}

afterEach(() => dismissToast());

describe("the hunter's edit composer (a held session's row on the dashboard)", () => {
  it('checks the edit with the service schema before sending, and sends nothing until it passes', async () => {
    const calls = dashboard({ 'GET /api/hunter-edits/sent?limit=50&offset=0': () => page([], 0) });
    const composer = await openComposer();
    expect(within(composer).getAllByLabelText('Brand')).toHaveLength(3);

    fireEvent.click(within(composer).getByRole('button', { name: 'Send edit' }));
    expect(await within(composer).findByText(HUNTER_EDIT_MESSAGES.title)).toBeTruthy();
    expect(within(composer).getAllByText(HUNTER_EDIT_MESSAGES.brand)).toHaveLength(3);
    expect(within(composer).getAllByText(HUNTER_EDIT_MESSAGES.itemName)).toHaveLength(3);
    expect(within(composer).getAllByText(HUNTER_EDIT_MESSAGES.why)).toHaveLength(3);
    await waitFor(() => expect(document.activeElement).toBe(within(composer).getByLabelText('Title')));

    // A link that is not http(s) is refused beside its field.
    fireEvent.change(within(composer).getAllByLabelText('Product link (optional)')[0]!, {
      target: { value: 'javascript:alert(1)' },
    });
    fireEvent.click(within(composer).getByRole('button', { name: 'Send edit' }));
    expect(await within(composer).findByText(HUNTER_EDIT_MESSAGES.productUrl)).toBeTruthy();

    // Three items at least: none can be removed until a fourth is added; twelve at most.
    expect(within(composer).queryByRole('button', { name: 'Remove item 1' })).toBeNull();
    const add = within(composer).getByRole('button', { name: 'Add item' });
    for (let count = 3; count < 12; count += 1) fireEvent.click(add);
    expect(within(composer).getAllByLabelText('Brand')).toHaveLength(12);
    expect((add as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(composer).getByRole('button', { name: 'Remove item 12' }));
    expect(within(composer).getAllByLabelText('Brand')).toHaveLength(11);

    expect(posts(calls, '/api/hunter-edits')).toHaveLength(0);
  });

  it('sends the title, note and items (brand ids, trimmed texts, the uploaded photo), then offers Ask to publish', async () => {
    let sent: HunterEdit[] = [];
    const calls = dashboard({
      'GET /api/hunter-edits/sent?limit=50&offset=0': () => page(sent, sent.length),
      'POST /api/hunter-edits/photos': () => json(201, { url: PHOTO_URL }),
      'POST /api/hunter-edits': () => {
        sent = [sentEdit()];
        return json(201, sent[0]);
      },
      'POST /api/hunter-edits/40/publish-request': () => {
        sent = [sentEdit({ publication: 'requested' })];
        return json(201, sent[0]);
      },
    });
    const composer = await openComposer();

    fireEvent.change(within(composer).getByLabelText('Title'), { target: { value: '  Your autumn edit ' } });
    fireEvent.change(within(composer).getByLabelText('Note (optional)'), { target: { value: 'As promised.' } });
    await pickBrand(composer, 0, 'Maison', 'Maison Rose');
    fillItem(composer, 0, 'Linen shirt', 'Breathes on a warm day');
    fireEvent.change(within(composer).getAllByLabelText('Product link (optional)')[0]!, {
      target: { value: 'https://maison-rose.example/shirt' },
    });
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'shirt.png', { type: 'image/png' });
    fireEvent.change(within(composer).getAllByLabelText('Photo (optional)')[0]!, { target: { files: [file] } });
    expect(await within(composer).findByRole('img', { name: 'Photo of item 1' })).toBeTruthy();
    await waitFor(() => expect(posts(calls, '/api/hunter-edits/photos')).toHaveLength(1));
    expect(JSON.parse(String(posts(calls, '/api/hunter-edits/photos')[0]!.init.body)).photo).toMatch(
      /^data:image\/png;base64,/,
    );
    await pickBrand(composer, 1, 'Atelier', 'Atelier Nord');
    fillItem(composer, 1, 'Wool coat', 'Lasts for years');
    // A brand already in the edit is not offered again.
    const third = within(composer).getAllByLabelText('Brand')[2]!;
    fireEvent.change(third, { target: { value: 'Maison' } });
    expect(await within(composer).findByText('Already picked')).toBeTruthy();
    await pickBrand(composer, 2, 'Linen', 'Linen Lane');
    fillItem(composer, 2, 'Scarf', ' Soft and warm ');

    await waitFor(() =>
      expect((within(composer).getByRole('button', { name: 'Send edit' }) as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(within(composer).getByRole('button', { name: 'Send edit' }));
    await waitFor(() => expect(posts(calls, '/api/hunter-edits')).toHaveLength(1));
    expect(JSON.parse(String(posts(calls, '/api/hunter-edits')[0]!.init.body))).toEqual({
      bookingId: 'b-held',
      title: 'Your autumn edit',
      note: 'As promised.',
      items: [
        {
          brandId: 11,
          itemName: 'Linen shirt',
          productUrl: 'https://maison-rose.example/shirt',
          photoUrl: PHOTO_URL,
          why: 'Breathes on a warm day',
        },
        { brandId: 12, itemName: 'Wool coat', productUrl: null, photoUrl: null, why: 'Lasts for years' },
        { brandId: 13, itemName: 'Scarf', productUrl: null, photoUrl: null, why: 'Soft and warm' },
      ],
    });

    await waitFor(() => expect(screen.queryByTestId('hunter-edit-composer')).toBeNull());
    const row = screen.getByRole('listitem', { name: /with Ada Lovelace/ });
    expect(await within(row).findByText('Edit sent')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Ask to publish' }));
    expect(await within(row).findByText('Publish requested')).toBeTruthy();
    expect(within(row).queryByRole('button', { name: 'Ask to publish' })).toBeNull();
    expect(posts(calls, '/api/hunter-edits/40/publish-request')).toHaveLength(1);
  }, 20_000);

  it("shows the server's per-field refusals beside their fields, and a 409 as the form's message", async () => {
    let answer = () =>
      json(400, {
        statusCode: 400,
        message: 'Bad request',
        errors: { 'items.1.why': HUNTER_EDIT_MESSAGES.why },
      });
    dashboard({
      'GET /api/hunter-edits/sent?limit=50&offset=0': () => page([], 0),
      'POST /api/hunter-edits': () => answer(),
    });
    const composer = await openComposer();
    fireEvent.change(within(composer).getByLabelText('Title'), { target: { value: 'Edit' } });
    await pickBrand(composer, 0, 'Maison', 'Maison Rose');
    fillItem(composer, 0, 'Shirt', 'Yes');
    await pickBrand(composer, 1, 'Atelier', 'Atelier Nord');
    fillItem(composer, 1, 'Coat', 'Yes');
    await pickBrand(composer, 2, 'Linen', 'Linen Lane');
    fillItem(composer, 2, 'Scarf', 'Yes');

    fireEvent.click(within(composer).getByRole('button', { name: 'Send edit' }));
    const why = within(composer).getAllByLabelText('Why')[1]!;
    await waitFor(() => expect(why.getAttribute('aria-invalid')).toBe('true'));
    expect(within(composer).getByText(HUNTER_EDIT_MESSAGES.why)).toBeTruthy();

    answer = () => json(409, { statusCode: 409, message: HUNTER_EDIT_MESSAGES.alreadySent });
    fireEvent.click(within(composer).getByRole('button', { name: 'Send edit' }));
    expect(await within(composer).findByText(HUNTER_EDIT_MESSAGES.alreadySent)).toBeTruthy();
  }, 20_000);

  it("shows where a sent edit's publication stands, and offers no composer for a session not held", async () => {
    const noShow = aHunterBooking({
      id: 'b-no-show',
      clientName: 'Grace Hopper',
      status: 'completed',
      attendance: 'no_show',
      startsAt: heldAt,
      endsAt: held.endsAt,
    });
    dashboard({
      'GET /api/hunter-bookings?limit=100&offset=0': () => json(200, [held, noShow]),
      'GET /api/hunter-edits/sent?limit=50&offset=0': () => page([sentEdit({ publication: 'declined' })], 1),
    });
    renderRoute('/hunter-dashboard?tab=bookings');
    const row = await screen.findByRole('listitem', { name: /with Ada Lovelace/ });
    expect(await within(row).findByText('Client declined publishing')).toBeTruthy();
    expect(within(row).queryByRole('button', { name: 'Ask to publish' })).toBeNull();
    const other = screen.getByRole('listitem', { name: /with Grace Hopper/ });
    expect(within(other).queryByRole('button', { name: 'Send an edit' })).toBeNull();
  });
});
