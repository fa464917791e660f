import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BOOKING_CHOICE_KEY } from '../lib/booking-choice';
import { signedIn } from '@/testing/data-generators';
import { stubFetch } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/test-utils';

describe('/booking-confirmed', () => {
  it('confirms, lists three next steps, links home and to the hunters, and forgets the stored choice', async () => {
    sessionStorage.setItem(BOOKING_CHOICE_KEY, JSON.stringify({ hunterId: 7 }));
    stubFetch({ ...signedIn });
    renderRoute('/booking-confirmed');
    expect(await screen.findByRole('heading', { name: 'Booking Confirmed!' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Return Home' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Book Another Session' }).getAttribute('href')).toBe('/book-a-hunter');
    // forgotten by an effect after the first render, which a busy machine may run a moment later
    await waitFor(() => expect(sessionStorage.getItem(BOOKING_CHOICE_KEY)).toBeNull());
  });
});
