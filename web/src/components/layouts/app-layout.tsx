import type { ReactNode } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { Footer } from './footer';
import { Header, type RenderMessagesLink } from './header';

/**
 * Header, page, footer. With `children` it is the frame shown while the first page's code loads, so the
 * header never blinks out on a deep link.
 */
export function AppLayout({
  children,
  renderMessagesLink,
}: {
  children?: ReactNode;
  renderMessagesLink?: RenderMessagesLink;
}) {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:rounded-full focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <Header renderMessagesLink={renderMessagesLink} />
      {/* At least a screen tall below the 4rem header: the footer starts out of view, so a page whose content
          arrives after its first paint (a lazily loaded route, a list) never pushes a visible footer down. */}
      <main id="main" className="flex min-h-[calc(100dvh-4rem)] flex-1 flex-col">
        {children ?? <Outlet />}
      </main>
      <Footer />
      {children ? null : <ScrollRestoration />}
    </div>
  );
}
