import type { PageName } from '@hunted/contracts';
import { PAGE_PATHS, SITE_SETTINGS_PLACEHOLDERS } from '@hunted/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { AppLayout } from '@/components/layouts/app-layout';
import { Spinner } from '@/components/ui/spinner';
import { legalKeys } from '@/features/legal/api/query-keys';
import { CookiesPage } from '@/features/legal/pages/cookies-page';
import { HunterTermsPage } from '@/features/legal/pages/hunter-terms-page';
import { PrivacyPage } from '@/features/legal/pages/privacy-page';
import { TermsPage } from '@/features/legal/pages/terms-page';

/**
 * A page as the app's first render draws it: the header still asking who is signed in, the page, the footer. The
 * site's settings are the stand-ins the gateway fills in, as the app's first render has them from the served page.
 */
function renderFrame(path: string, content: ReactNode): string {
  const client = new QueryClient();
  client.setQueryData(legalKeys.site(), SITE_SETTINGS_PLACEHOLDERS);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <AppLayout>{content}</AppLayout>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/**
 * The app's first frame as HTML: the header (still asking who is signed in), a spinner and the footer, exactly as
 * the router draws it while a page's code loads (router.tsx, `hydrateFallbackElement`). The build writes it into
 * index.html's #root (scripts/app-shell.mjs), so a phone paints the site's frame as soon as the stylesheet has
 * arrived instead of a blank page until the scripts have run (issue 23: first paint ~2.3 s on a slow 4G phone);
 * React replaces it on its first render. Rendered from the components themselves, so it cannot drift from them.
 */
export function renderShell(): string {
  return renderFrame('/', <Spinner />);
}

/**
 * Pages whose text is the same for every visitor, drawn whole at build time: the gateway serves each one's HTML in
 * #root instead of the spinner (page-document.ts), so the text paints with the stylesheet rather than after the
 * scripts have run (issue 37: the legal pages' largest paint was ~2.6 s on a slow 4G phone). Each is drawn as the
 * app's first render of it draws it (the operator's details written in by the gateway, and handed to the app with
 * the page), so React's render changes nothing a reader sees. A page belongs here only if nothing in it depends on who asks or on data other than the site's.
 */
const STATIC_PAGES = {
  terms: <TermsPage />,
  hunterTerms: <HunterTermsPage />,
  privacy: <PrivacyPage />,
  cookies: <CookiesPage />,
} satisfies Partial<Record<PageName, ReactNode>>;

/** Each static page's #root, by page name. */
export function renderStaticPages(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(STATIC_PAGES).map(([name, content]) => [name, renderFrame(PAGE_PATHS[name as PageName], content)]),
  );
}
