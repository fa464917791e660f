import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedIn, signedOut } from '@/testing/data-generators';
import { json, stubFetch } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/test-utils';

/** The hunters service's figures, as GET /api/hunters/figures answers them. */
const figures = (approvedHunters: number, countries: number) => ({
  'GET /api/hunters/figures': () => json(200, { approvedHunters, countries }),
});

describe('/become-hunter', () => {
  it('tells the spec’s story: the headline, three steps, three benefits and the real figures, rounded down', async () => {
    stubFetch({ ...signedOut, ...figures(47, 5) });
    renderRoute('/become-hunter');

    const headline = await screen.findByRole('heading', { level: 1 });
    expect(headline.textContent).toMatch(/taste into income/);
    await waitFor(() => expect(document.title).toBe('Become a Hunter · Hunted'));

    const titles = (region: string) =>
      within(screen.getByRole('region', { name: region }))
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent);
    expect(titles('How it works')).toEqual([
      'Step 1: Sign up',
      'Step 2: Get verified within 72 hrs',
      'Step 3: Start earning commissions',
    ]);
    expect(titles('Why hunt with Hunted')).toEqual(['Set your own commission', 'Hunt anytime', 'Grow your brand']);
    expect(screen.getByText(/Our concierge team reviews your profile/)).toBeTruthy();
    expect(await screen.findByText('40+ hunters in 5 countries')).toBeTruthy();
    const agreement = screen.getByText(/By becoming a hunter you agree to the/);
    expect(within(agreement).getByRole('link', { name: 'Hunter Terms' }).getAttribute('href')).toBe('/hunter-terms');
    expect(screen.getByRole('heading', { level: 2, name: 'Join 40+ hunters in 5 countries' })).toBeTruthy();
    const numbers = within(screen.getByRole('complementary', { name: 'Hunted in numbers' }));
    expect(numbers.getAllByRole('definition').map((figure) => figure.textContent)).toEqual(['40+', '5', '72 hrs']);
  });

  it('states a small count exactly, and claims nothing with no hunter listed', async () => {
    stubFetch({ ...signedOut, ...figures(3, 1) });
    renderRoute('/become-hunter');
    expect(await screen.findByText('3 hunters in 1 country')).toBeTruthy();
    cleanup();

    stubFetch({ ...signedOut, ...figures(0, 0) });
    renderRoute('/become-hunter');
    expect(await screen.findByText('Share your eye with clients on Hunted')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Become a hunter on Hunted' })).toBeTruthy();
    expect(screen.queryByText(/hunters in/)).toBeNull();
  });

  it('asks a guest to sign up or sign in, coming back here afterwards', async () => {
    stubFetch({ ...signedOut, ...figures(2, 2) });
    renderRoute('/become-hunter');

    const links = await screen.findAllByRole('link', { name: 'Sign up / Sign in' });
    expect(links).toHaveLength(2);
    for (const link of links) expect(link.getAttribute('href')).toBe('/api/login?returnTo=%2Fbecome-hunter');
    expect(screen.queryByRole('link', { name: /Create your hunter profile/ })).toBeNull();
  });

  it('sends a signed-in user on to create a hunter profile', async () => {
    stubFetch({ ...signedIn, ...figures(2, 2) });
    const router = renderRoute('/become-hunter');

    const links = await screen.findAllByRole('link', { name: 'Create your hunter profile' });
    expect(links).toHaveLength(2);
    for (const link of links) expect(link.getAttribute('href')).toBe('/create-hunter-profile');
    expect(screen.queryByRole('link', { name: 'Sign up / Sign in' })).toBeNull();
    expect(router.state.location.pathname).toBe('/become-hunter');
  });
});
