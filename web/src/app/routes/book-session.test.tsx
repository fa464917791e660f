import type { Hunter } from '@hunted/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aHunter, signedIn } from '@/testing/data-generators';
import { json, stubFetch } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/test-utils';

describe('/book-session/{hunterId} composed with the hunters feature', () => {
  // Two pages and a save through the whole app: more than the default 5 s on a busy machine.
  it("shows a hunter's saved edit at once, though it read the hunter before the edit", async () => {
    let stored: Hunter = aHunter({ id: 7, name: 'Sofia Marin' });
    const calls = stubFetch({
      ...signedIn,
      'GET /api/hunters/7': () => json(200, stored),
      'GET /api/hunter-profile': () => json(200, stored),
      'GET /api/hunter-availability/weekly': () =>
        json(200, { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] }),
      'GET /api/hunter-bookings?limit=100&offset=0': () => json(200, []),
      'GET /api/hunter-conversations': () => json(200, []),
      'PATCH /api/hunters/7': () => {
        stored = { ...stored, name: 'Sofia Rossi', updatedAt: new Date().toISOString() };
        return json(200, stored);
      },
    });
    const router = renderRoute('/book-session/7');
    expect(await screen.findByText('Choose a session type, a day and a time with Sofia Marin.')).toBeTruthy();

    await router.navigate('/hunter-dashboard?tab=settings');
    const name = (await screen.findByLabelText('Full Name')) as HTMLInputElement;
    fireEvent.change(name, { target: { value: 'Sofia Rossi' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(calls.some((call) => call.init.method === 'PATCH')).toBe(true));
    await waitFor(() =>
      expect(screen.getAllByRole('status').some((toast) => toast.textContent?.includes('Profile Updated'))).toBe(true),
    );

    await router.navigate('/book-session/7');
    expect(await screen.findByText('Choose a session type, a day and a time with Sofia Rossi.')).toBeTruthy();
  }, 20_000);
});
