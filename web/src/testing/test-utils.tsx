import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/router';

/** Renders `ui` inside the app's providers (a fresh query client, the toaster), as the app does. */
export function renderWithProviders(ui: ReactElement): RenderResult {
  return render(<AppProvider>{ui}</AppProvider>);
}

/** Renders the whole app (providers, layout, real route table) at a path, as a visitor arriving there. */
export function renderRoute(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}
