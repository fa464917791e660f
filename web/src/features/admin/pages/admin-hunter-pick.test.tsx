import type { HunterPickRota } from '@hunted/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { admin, anAdminHunter, page } from '@/testing/data-generators';
import { json, stubFetch } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/test-utils';

const ada = { id: 7, name: 'Ada Lind', profileImageUrl: null };
const bea = { id: 8, name: 'Bea Moss', profileImageUrl: null };
const cyd = anAdminHunter({ id: 9, name: 'Cyd Rowe', status: 'approved' });

describe("/admin, Hunter's Pick tab", () => {
  it('shows who picks today, reorders and extends the rota, and saves it in the order shown', async () => {
    const rota: HunterPickRota = {
      entries: [
        { position: 1, hunter: ada },
        { position: 2, hunter: bea },
      ],
      today: { day: '2026-11-27', hunterId: 7 },
    };
    const calls = stubFetch({
      'GET /api/auth/user': () => json(200, admin),
      'GET /api/admin/brands': () => json(200, []),
      'GET /api/admin/hunter-pick-rota': () => json(200, rota),
      'GET /api/admin/hunters?status=approved&limit=8&offset=0': () => page([cyd], 1),
      'PUT /api/admin/hunter-pick-rota': () =>
        json(200, { ...rota, entries: [bea, ada, cyd].map((hunter, index) => ({ position: index + 1, hunter })) }),
    });
    renderRoute('/admin');
    fireEvent.mouseDown(await screen.findByRole('tab', { name: "Hunter's Pick" }), { button: 0 });

    expect((await screen.findByText(/picks the brand shown on \/today/)).textContent).toContain('Today Ada Lind picks');
    const order = () => within(screen.getByRole('list', { name: 'Rota order' })).getAllByRole('listitem').map((item) => item.textContent);
    expect(order()).toEqual(['1Ada Lind', '2Bea Moss']);
    expect((screen.getByRole('button', { name: 'Save rota' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Move Bea Moss up' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Add Cyd Rowe to the rota' }));
    expect(order()).toEqual(['1Bea Moss', '2Ada Lind', '3Cyd Rowe']);
    expect((screen.getByRole('button', { name: 'Add Cyd Rowe to the rota' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Save rota' }));
    await waitFor(() => expect(calls.some((call) => call.init.method === 'PUT')).toBe(true));
    const put = calls.find((call) => call.init.method === 'PUT')!;
    expect(JSON.parse(String(put.init.body))).toEqual({ hunterIds: [8, 7, 9] });
    expect(await screen.findByText('Rota saved')).toBeTruthy();
  });
});
