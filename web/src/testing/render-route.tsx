import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/router';

/** Renders the whole app (providers, layout, real route table) at a path, as a visitor arriving there. */
export function renderRoute(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

export const member = {
  id: 'u1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  profileImageUrl: null,
  instagramUrl: null,
  isAdmin: false,
};

export const admin = { ...member, id: 'admin1', email: 'admin@hunted.example', firstName: 'Grace', isAdmin: true };
