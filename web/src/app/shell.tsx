import type { PageName } from '@hunted/contracts';
import { PAGE_PATHS, SITE_SETTINGS_PLACEHOLDERS } from '@hunted/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, MemoryRouter, StaticRouterProvider } from 'react-router-dom';
import { AppLayout } from '@/components/layouts/app-layout';
import { Spinner } from '@/components/ui/spinner';
import { legalKeys } from '@/features/legal/api/query-keys';
import { createQueryClient } from '@/lib/query-client';
import { AppProvider } from './provider';
import { routes } from './router';

/**
 * The app's first frame as HTML: the header (still asking who is signed in), a spinner and the footer, exactly as
 * the router draws it while a page's code loads (router.tsx, `hydrateFallbackElement`). The build writes it into
 * index.html's #root (scripts/app-shell.mjs), so a phone paints the site's frame as soon as the stylesheet has
 * arrived instead of a blank page until the scripts have run (issue 23: first paint ~2.3 s on a slow 4G phone);
 * React replaces it on its first render. Rendered from the components themselves, so it cannot drift from them.
 */
export function renderShell(): string {
  const client = new QueryClient();
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/']}>
        <AppLayout>
          <Spinner />
        </AppLayout>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/**
 * Pages whose text is the same for every visitor, drawn whole at build time: the gateway serves each one's HTML in
 * #root instead of the spinner (page-document.ts), so the text paints with the stylesheet rather than after the
 * scripts have run (issue 37). A page belongs here only if nothing in it depends on who asks or on data other than
 * the site's settings.
 */
const STATIC_PAGES = ['terms', 'hunterTerms', 'privacy', 'cookies'] as const satisfies readonly PageName[];

/**
 * A static page as the app's first render in a browser draws it, from the app itself (its providers, its routes,
 * the header still asking who is signed in): the browser hydrates this HTML (main.tsx) instead of drawing it again,
 * so the text painted first stays the page's largest paint. The site's settings are the stand-ins the gateway fills
 * in, as the app's first render has them from the served page.
 */
async function renderStaticPage(path: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://hunted.build${path}`));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status} when drawn at build time`);
  const client = createQueryClient();
  client.setQueryData(legalKeys.site(), SITE_SETTINGS_PLACEHOLDERS);
  return renderToString(
    <StrictMode>
      <AppProvider client={client}>
        <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
      </AppProvider>
    </StrictMode>,
  );
}

/** Each static page's #root, by page name. */
export async function renderStaticPages(): Promise<Record<string, string>> {
  const drawn: [string, string][] = [];
  for (const name of STATIC_PAGES) drawn.push([name, await renderStaticPage(PAGE_PATHS[name])]);
  return Object.fromEntries(drawn);
}
