import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '@/testing/fetch-stub';
import { aBrand, signedIn } from '@/testing/data-generators';
import { renderRoute } from '@/testing/test-utils';

describe('/saved', () => {
  it('lists the saved brands with links to their pages', async () => {
    stubFetch({
      ...signedIn,
      'GET /api/saved-brands': () =>
        json(200, [aBrand({ id: 3, name: 'Maison Rose', votes: 1 }), aBrand({ id: 4, name: 'Atelier Uno' })]),
    });
    renderRoute('/saved');
    expect(await screen.findByText('You have 2 saved brand(s)')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Maison Rose' }).getAttribute('href')).toBe('/brand/3/maison-rose');
    expect(screen.getByText('1 vote')).toBeTruthy();
  });

  it('invites exploring when nothing is saved', async () => {
    stubFetch({ ...signedIn, 'GET /api/saved-brands': () => json(200, []) });
    renderRoute('/saved');
    expect(await screen.findByText('No saved brands yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Explore Brands/ }).getAttribute('href')).toBe('/brands');
  });
});
