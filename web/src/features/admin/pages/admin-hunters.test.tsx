import { VETTING_MESSAGES, type AdminHunter } from '@hunted/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { admin, anAdminHunter, page } from '@/testing/data-generators';
import { json, stubFetch } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/test-utils';

const QUEUE = '/api/admin/hunters?status=pending&limit=20&offset=0';
const ALL = '/api/admin/hunters?limit=20&offset=0';
const CHANGES = '/api/admin/hunters?revision=pending&limit=20&offset=0';

const mia = anAdminHunter({
  id: 41,
  name: 'Mia Laurent',
  location: 'France',
  bio: 'Vintage Chanel and Hermès finder in Paris.',
  specialties: ['Vintage', 'Luxury Fashion'],
  adviceTypes: ['Personal Shopping'],
  languages: ['French', 'English'],
  instagramUrl: 'https://instagram.com/mia',
  profileImageUrl: 'https://images.example.com/mia.jpg',
  submittedAt: '2026-11-20T09:00:00.000Z',
});
const leo = anAdminHunter({ id: 42, name: 'Leo Park', submittedAt: '2026-11-22T09:00:00.000Z' });

const asAdmin = {
  'GET /api/auth/user': () => json(200, admin),
  'GET /api/admin/brands': () => json(200, []),
  [`GET ${CHANGES}`]: () => page([], 0),
};

async function openHuntersTab() {
  fireEvent.mouseDown(await screen.findByRole('tab', { name: 'Hunters' }), { button: 0 });
}

const sentBody = (calls: { url: string; init: RequestInit }[], url: string) =>
  JSON.parse(String(calls.find((call) => call.url === url)?.init.body)) as unknown;

describe('/admin, Hunters tab', () => {
  it('shows each pending profile as a client would see it, oldest first, and approves one', async () => {
    let approved = false;
    const calls = stubFetch({
      ...asAdmin,
      [`GET ${QUEUE}`]: () => page(approved ? [leo] : [mia, leo], approved ? 1 : 2),
      'POST /api/admin/hunters/41/approve': () => {
        approved = true;
        return json(200, { ...mia, status: 'approved', verified: true } satisfies AdminHunter);
      },
    });
    renderRoute('/admin');
    await openHuntersTab();

    const profiles = await screen.findAllByRole('article');
    expect(profiles.map((profile) => profile.getAttribute('aria-label'))).toEqual([
      'Profile of Mia Laurent',
      'Profile of Leo Park',
    ]);
    const profile = profiles[0]!;
    expect(within(profile).getByRole('img', { name: 'Photo of Mia Laurent' }).getAttribute('src')).toBe(
      'https://images.example.com/mia.jpg',
    );
    expect(profile.textContent).toContain('France');
    expect(profile.textContent).toContain('Vintage Chanel and Hermès finder in Paris.');
    expect(within(within(profile).getByRole('list', { name: 'Specialties' })).getAllByRole('listitem')).toHaveLength(2);
    expect(within(profile).getByRole('list', { name: 'Languages' }).textContent).toContain('French');
    expect(within(profile).getByRole('list', { name: 'Services' }).textContent).toContain('Personal Shopping');
    const sessions = within(profile).getByRole('list', { name: 'Sessions and prices' });
    expect(sessions.textContent).toContain('WhatsApp Video Call');
    expect(sessions.textContent).toMatch(/£\d+/);
    expect(
      within(profile)
        .getByRole('link', { name: /Instagram/ })
        .getAttribute('href'),
    ).toBe('https://instagram.com/mia');

    fireEvent.click(within(profile).getByRole('button', { name: 'Approve Mia Laurent' }));
    expect(await screen.findByText('Hunter approved')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Profile of Mia Laurent' })).toBeNull());
    expect(sentBody(calls, '/api/admin/hunters/41/approve')).toEqual({});
  });

  it("shows an approved hunter's change with the approved and proposed values side by side, and approves it", async () => {
    const ottoline = anAdminHunter({
      id: 51,
      name: 'Ottoline Vance',
      status: 'approved',
      verified: true,
      pendingRevision: {
        id: 9,
        status: 'pending',
        changes: { name: 'Sofia Marchetti', profileImageUrl: '/api/media/hunter-photos/new', specialties: ['Fine Jewelry'] },
        live: { name: 'Ottoline Vance', profileImageUrl: null, specialties: ['Designer Handbags', 'Footwear'] },
        reason: null,
        submittedAt: '2026-11-25T09:00:00.000Z',
        decidedAt: null,
      },
    });
    let approved = false;
    const calls = stubFetch({
      ...asAdmin,
      [`GET ${QUEUE}`]: () => page([], 0),
      [`GET ${CHANGES}`]: () => page(approved ? [] : [ottoline], approved ? 0 : 1),
      'POST /api/admin/hunters/51/revisions/9/approve': () => {
        approved = true;
        return json(200, { ...ottoline, name: 'Sofia Marchetti', pendingRevision: null } satisfies AdminHunter);
      },
    });
    renderRoute('/admin');
    await openHuntersTab();

    const change = await screen.findByRole('article', { name: 'Changes by Ottoline Vance' });
    const table = within(change).getByRole('table', { name: 'What Ottoline Vance changed' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Field',
      'Approved (live)',
      'Proposed',
    ]);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Name', 'Ottoline Vance', 'Sofia Marchetti'],
      ['Photo', 'None', ''],
      ['Specialties', 'Designer Handbags, Footwear', 'Fine Jewelry'],
    ]);
    expect(within(table).getByRole('img', { name: 'Proposed photo' }).getAttribute('src')).toBe('/api/media/hunter-photos/new');

    fireEvent.click(within(change).getByRole('button', { name: 'Approve the changes by Ottoline Vance' }));
    expect(await screen.findByText('Changes approved')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Changes by Ottoline Vance' })).toBeNull());
    expect(sentBody(calls, '/api/admin/hunters/51/revisions/9/approve')).toEqual({});
  });

  it('rejects a change only with a reason the hunter reads', async () => {
    const quilla = anAdminHunter({
      id: 52,
      name: 'Quilla Marsh',
      status: 'approved',
      pendingRevision: {
        id: 10,
        status: 'pending',
        changes: { bio: 'I am Sofia Marchetti.' },
        live: { bio: 'Handbags in Lyon.' },
        reason: null,
        submittedAt: '2026-11-26T09:00:00.000Z',
        decidedAt: null,
      },
    });
    const calls = stubFetch({
      ...asAdmin,
      [`GET ${QUEUE}`]: () => page([], 0),
      [`GET ${CHANGES}`]: () => page([quilla], 1),
      'POST /api/admin/hunters/52/revisions/10/reject': () => json(200, { ...quilla, pendingRevision: null }),
    });
    renderRoute('/admin');
    await openHuntersTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Reject the changes by Quilla Marsh' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject changes: Quilla Marsh' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject changes' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(VETTING_MESSAGES.reasonRequired);
    expect(calls.some((call) => call.url.endsWith('/reject'))).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Use your own name.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject changes' }));
    expect(await screen.findByText('Changes rejected')).toBeTruthy();
    expect(sentBody(calls, '/api/admin/hunters/52/revisions/10/reject')).toEqual({ reason: 'Use your own name.' });
  });

  it("rejects only with a reason, and shows the server's words when it refuses", async () => {
    let attempts = 0;
    const calls = stubFetch({
      ...asAdmin,
      [`GET ${QUEUE}`]: () => page([mia], 1),
      'POST /api/admin/hunters/41/reject': () =>
        ++attempts === 1
          ? json(409, { statusCode: 409, message: VETTING_MESSAGES.wrongStatus })
          : json(200, { ...mia, status: 'rejected', statusReason: 'Add a photo of yourself.' }),
    });
    renderRoute('/admin');
    await openHuntersTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Reject Mia Laurent' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject profile: Mia Laurent' });

    // A blank reason is refused before anything is sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject profile' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(VETTING_MESSAGES.reasonRequired);
    expect(calls.some((call) => call.url.endsWith('/reject'))).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: '  Add a photo of yourself.  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject profile' }));
    expect(await within(dialog).findByText(VETTING_MESSAGES.wrongStatus)).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject profile' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Profile rejected')).toBeTruthy();
    expect(sentBody(calls, '/api/admin/hunters/41/reject')).toEqual({ reason: 'Add a photo of yourself.' });
  });

  it('searches every hunter, filters by status, suspends with a reason, reinstates and shows the history', async () => {
    const sofia = anAdminHunter({ id: 7, name: 'Sofia Marin', status: 'approved', rating: 4.8, reviewCount: 20 });
    const ben = anAdminHunter({ id: 8, name: 'Ben Cole', status: 'suspended', statusReason: 'No-shows.' });
    const calls = stubFetch({
      ...asAdmin,
      [`GET ${QUEUE}`]: () => page([], 0),
      [`GET ${ALL}`]: () => page([sofia, ben], 45),
      'GET /api/admin/hunters?limit=20&offset=20': () => page([ben], 45),
      'GET /api/admin/hunters?search=sof&limit=20&offset=0': () => page([sofia], 1),
      'GET /api/admin/hunters?status=suspended&search=sof&limit=20&offset=0': () => page([], 0),
      'POST /api/admin/hunters/7/suspend': () =>
        json(200, { ...sofia, status: 'suspended', statusReason: 'Clients reported missed sessions.' }),
      'POST /api/admin/hunters/8/reinstate': () => json(200, { ...ben, status: 'approved', statusReason: null }),
      'GET /api/admin/hunters/8': () =>
        json(200, {
          ...ben,
          decisions: [
            {
              id: 1,
              decision: 'approve',
            revisionId: null,
              fromStatus: 'pending',
              toStatus: 'approved',
              reason: null,
              decidedBy: 'admin@hunted.example',
              decidedAt: '2026-10-01T09:00:00.000Z',
            },
            {
              id: 2,
              decision: 'suspend',
            revisionId: null,
              fromStatus: 'approved',
              toStatus: 'suspended',
              reason: 'No-shows.',
              decidedBy: 'grace@hunted.example',
              decidedAt: '2026-11-02T15:30:00.000Z',
            },
          ],
        } satisfies AdminHunter),
    });
    renderRoute('/admin');
    await openHuntersTab();
    expect(await screen.findByText('The queue is empty')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'All hunters' }));

    const list = await screen.findByRole('list', { name: 'Hunters' });
    const sofiaRow = within(list).getByRole('listitem', { name: 'Sofia Marin' });
    expect(within(sofiaRow).getByText('Approved')).toBeTruthy();
    const benRow = within(list).getByRole('listitem', { name: 'Ben Cole' });
    expect(within(benRow).getByText('Suspended')).toBeTruthy();
    expect(benRow.textContent).toContain('No-shows.');
    expect(screen.getByText('Showing 1–2 of 45')).toBeTruthy();

    // Pages of 20, with the total from X-Total-Count.
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(calls.some((call) => call.url === '/api/admin/hunters?limit=20&offset=20')).toBe(true));
    fireEvent.click(await screen.findByRole('button', { name: 'Previous' }));

    // History of decisions, from the hunter's own record.
    fireEvent.click(
      await within(screen.getByRole('list', { name: 'Hunters' })).findByRole('button', { name: 'History of Ben Cole' }),
    );
    const history = await screen.findByRole('list', { name: 'Decision history' });
    const entries = within(history).getAllByRole('listitem');
    expect(entries[0]!.textContent).toContain('Suspended');
    expect(entries[0]!.textContent).toContain('grace@hunted.example');
    expect(entries[0]!.textContent).toContain('No-shows.');
    expect(entries[1]!.textContent).toContain('Approved');

    // Reinstate at once; suspend only with a reason.
    fireEvent.click(screen.getByRole('button', { name: 'Reinstate Ben Cole' }));
    expect(await screen.findByText('Hunter reinstated')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Suspend Sofia Marin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend hunter: Sofia Marin' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend hunter' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(VETTING_MESSAGES.reasonRequired);
    fireEvent.change(within(dialog).getByLabelText('Reason'), {
      target: { value: 'Clients reported missed sessions.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend hunter' }));
    expect(await screen.findByText('Hunter suspended')).toBeTruthy();
    expect(sentBody(calls, '/api/admin/hunters/7/suspend')).toEqual({ reason: 'Clients reported missed sessions.' });
    expect(calls.filter((call) => call.url === '/api/admin/hunters/8/reinstate')).toHaveLength(1);

    // Search and status filter go to the server.
    fireEvent.change(screen.getByLabelText('Search hunters'), { target: { value: 'sof' } });
    await waitFor(() =>
      expect(calls.some((call) => call.url === '/api/admin/hunters?search=sof&limit=20&offset=0')).toBe(true),
    );
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'suspended' } });
    expect(await screen.findByText('No hunters match.')).toBeTruthy();
  });
});
