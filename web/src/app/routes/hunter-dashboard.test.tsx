import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aHunter, signedIn } from '@/testing/data-generators';
import { json, stubFetch } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/test-utils';
import { averageRatingLabel } from './hunter-dashboard';

const sofia = aHunter({ id: 7, name: 'Sofia Marin', rating: 4.25, reviewCount: 17, availabilityStatus: 'Busy' });
const withProfile = {
  ...signedIn,
  'GET /api/hunter-profile': () => json(200, sofia),
  'GET /api/hunter-availability/weekly': () => json(200, { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] }),
};

describe('/hunter-dashboard', () => {
  it('offers a member without a hunter profile to create one, instead of a made-up profile', async () => {
    stubFetch({ ...signedIn, 'GET /api/hunter-profile': () => json(404, { message: 'Hunter not found' }) });
    renderRoute('/hunter-dashboard');
    expect(await screen.findByRole('heading', { name: 'Create your hunter profile' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create your hunter profile' }).getAttribute('href')).toBe(
      '/create-hunter-profile',
    );
    expect(screen.queryByText(/Welcome back/)).toBeNull();
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it('welcomes the hunter, links back to /edit-profile and shows the figures it has', async () => {
    stubFetch(withProfile);
    renderRoute('/hunter-dashboard?tab=bookings');
    expect(await screen.findByRole('heading', { name: 'Welcome back, Sofia Marin' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to profile' }).getAttribute('href')).toBe('/edit-profile');
    expect(screen.getByRole('img', { name: "Sofia Marin's initials" })).toBeTruthy();
    const figures = screen.getByRole('region', { name: 'Your figures' });
    expect(within(figures).getByText('Average Rating').closest('div')!.parentElement!.textContent).toContain('4.3');
    expect(within(figures).getByText('17 reviews')).toBeTruthy();
    // No made-up numbers for what only bookings can tell.
    for (const label of ['Total Earnings', 'Total Bookings', 'Upcoming Sessions']) {
      expect(within(figures).getByText(label).closest('div')!.parentElement!.textContent).toContain(
        'Fills in once bookings open',
      );
    }
  });

  it('opens the tab named in ?tab= and keeps the chosen tab there', async () => {
    stubFetch(withProfile);
    const router = renderRoute('/hunter-dashboard?tab=messages');
    const tabs = await screen.findByRole('tablist', { name: 'Dashboard sections' });
    expect(within(tabs).getAllByRole('tab').map((tab) => tab.textContent?.trim())).toEqual([
      'Bookings',
      'Calendar',
      'Availability',
      'Messages',
      'Settings',
    ]);
    expect(screen.getByRole('tab', { name: 'Messages' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('Messaging is not open yet')).toBeTruthy();

    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Bookings' }));
    expect(router.state.location.search).toBe('?tab=bookings');
    expect(screen.getByText('Bookings are not open yet')).toBeTruthy();

    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Calendar' }));
    expect(router.state.location.search).toBe('?tab=calendar');
    expect(screen.getByText('The session calendar opens with bookings')).toBeTruthy();

    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Settings' }));
    expect(router.state.location.search).toBe('?tab=settings');
    // The profile form, filled with the hunter's profile.
    expect(within(screen.getByRole('tabpanel')).getByLabelText('Full Name')).toHaveProperty('value', 'Sofia Marin');
  });

  it('opens Availability when ?tab= is missing or unknown', async () => {
    stubFetch(withProfile);
    renderRoute('/hunter-dashboard?tab=nonsense');
    expect(await screen.findByRole('heading', { name: 'Manage Your Availability' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Availability' }).getAttribute('aria-selected')).toBe('true');
  });

  it('shows 5.0 when the profile has no rating', () => {
    expect(averageRatingLabel(undefined)).toBe('5.0');
    expect(averageRatingLabel(null)).toBe('5.0');
    expect(averageRatingLabel(4)).toBe('4.0');
  });
});
