import type { Brand, TodayBrand } from '@hunted/contracts';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/router';
import { json } from '@/testing/fetch-stub';

let nextId = 1;

export function aBrand(overrides: Partial<Brand> = {}): Brand {
  const id = overrides.id ?? nextId++;
  return {
    id,
    name: `Brand ${id}`,
    description: 'Small-batch goods made with care.',
    category: 'Clothing',
    location: 'UK',
    delivery: 'Europe Wide',
    imageUrl: `/demo-brands/brand-${id}.svg`,
    instagramUrl: 'https://instagram.com/example',
    etsyUrl: null,
    websiteUrl: 'https://example.com',
    tiktokUrl: null,
    votes: 0,
    rating: 4,
    ratingCount: 3,
    tags: [],
    hashtags: [],
    priceCategory: '££',
    featured: false,
    featuredDate: null,
    views: 10,
    createdAt: '2026-03-14T10:00:00.000Z',
    ...overrides,
  };
}

export function aTodayBrand(overrides: Partial<TodayBrand> = {}): TodayBrand {
  return { ...aBrand(overrides), todayVotes: overrides.todayVotes ?? 0 };
}

export const member = {
  id: 'u1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: null,
  profileImageUrl: null,
  instagramUrl: null,
};

export const signedOut = { 'GET /api/auth/user': () => json(401, { message: 'Unauthorized' }) };
export const signedIn = { 'GET /api/auth/user': () => json(200, member) };

/** A JSON list answer with the paging total header. */
export function page(body: unknown[], total: number): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'Content-Type': 'application/json', 'x-total-count': String(total) },
  });
}

/** Renders the real route table at a path, as the app does. */
export function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}
