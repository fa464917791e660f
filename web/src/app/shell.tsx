import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { AppLayout } from '@/components/layouts/app-layout';
import { Spinner } from '@/components/ui/spinner';

/**
 * The app's first frame as HTML: the header (still asking who is signed in), a spinner and the footer, exactly as
 * the router draws it while a page's code loads (router.tsx, `hydrateFallbackElement`). The build writes it into
 * index.html's #root (scripts/app-shell.mjs), so a phone paints the site's frame as soon as the stylesheet has
 * arrived instead of a blank page until the scripts have run (issue 23: first paint ~2.3 s on a slow 4G phone);
 * React replaces it on its first render. Rendered from the components themselves, so it cannot drift from them.
 */
export function renderShell(): string {
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <AppLayout>
          <Spinner />
        </AppLayout>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
