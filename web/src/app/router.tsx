import { useState, type ComponentType } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { RedirectToLogin, RequireAuth, SignInRequired } from '@/components/auth/require-auth';
import { AppLayout } from '@/components/layouts/app-layout';
import { Spinner } from '@/components/ui/spinner';
import { AUTH_REQUIRED_REDIRECT_DELAY_MS, UNAUTHORIZED_REDIRECT_DELAY_MS } from '@/config/constants';
import { paths } from '@/config/paths';
import { BrowserTimeZoneGate } from '@/features/account/components/browser-time-zone-gate';
import { SignInToEditProfile } from '@/features/account/components/sign-in-to-edit-profile';
import { MessagesLink } from '@/features/messaging/components/messages-link';
import { SignInToSeeNotice } from '@/features/moderation/components/sign-in-to-see-notice';
import { LandingPage } from './routes/landing';
import { PAGE_MODULES } from './page-modules';
import { NotFoundPage } from './routes/not-found';

/** Loads a page's code only when its route is first visited. */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

const unauthorizedRedirect = (
  <RedirectToLogin
    title="Unauthorized - You are logged out. Logging in again..."
    delayMs={UNAUTHORIZED_REDIRECT_DELAY_MS}
    notify={{ variant: 'destructive', title: 'Unauthorized', description: 'You are logged out. Logging in again...' }}
  />
);

/** A route only signed-in users may open; `guest` is what everyone else gets instead. */
function signedIn(id: string, path: string, guest: RouteObject['element'], lazy: RouteObject['lazy']): RouteObject {
  return { path, element: <RequireAuth guest={guest} />, children: [{ id, index: true, lazy }] };
}

/** The header's message icon with the live unread count (and the tab's socket), from the messaging feature. */
const renderMessagesLink = (className: string) => <MessagesLink className={className} />;

/**
 * The route table of both specs. React Router matches paths case-insensitively (no route sets
 * `caseSensitive`) and ignores one trailing slash; route tests pin both.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    // BrowserTimeZone: a signed-in member without a zone gets the browser's, once (their emails' times). It comes
    // after the layout, so the layout stays the first child, as in hydrateFallbackElement: React then keeps the
    // header mounted when the first page's code arrives instead of drawing it again (which left the profile menu's
    // lazy code waiting on the header it had replaced: the header tests caught it).
    element: (
      <>
        <AppLayout renderMessagesLink={renderMessagesLink} />
        <BrowserTimeZoneGate />
      </>
    ),
    hydrateFallbackElement: (
      <AppLayout renderMessagesLink={renderMessagesLink}>
        <Spinner />
      </AppLayout>
    ),
    children: [
      { id: 'home', index: true, element: <LandingPage /> },
      {
        id: 'brands',
        path: paths.brands.path,
        lazy: page(PAGE_MODULES.brands, (m) => m.BrandsPage),
      },
      {
        id: 'brand',
        path: paths.brand.path,
        lazy: page(PAGE_MODULES.brand, (m) => m.BrandRoute),
      },
      {
        id: 'today',
        path: paths.today.path,
        lazy: page(PAGE_MODULES.today, (m) => m.TodayRoute),
      },
      {
        id: 'book-a-hunter',
        path: paths.bookAHunter.path,
        lazy: page(PAGE_MODULES.bookAHunter, (m) => m.BookAHunterPage),
      },
      {
        id: 'hunter',
        path: paths.hunter.path,
        lazy: page(PAGE_MODULES.hunter, (m) => m.HunterRoute),
      },
      {
        id: 'become-hunter',
        path: paths.becomeHunter.path,
        lazy: page(PAGE_MODULES.becomeHunter, (m) => m.BecomeHunterPage),
      },
      // Open routes in the spec's table, but they need a user as soon as they load.
      signedIn(
        'book-session',
        paths.bookSession.path,
        unauthorizedRedirect,
        page(PAGE_MODULES.bookSession, (m) => m.BookSessionRoute),
      ),
      signedIn(
        'payment',
        paths.payment.path,
        unauthorizedRedirect,
        page(PAGE_MODULES.payment, (m) => m.PaymentRoute),
      ),
      {
        id: 'booking-confirmed',
        path: paths.bookingConfirmed.path,
        lazy: page(PAGE_MODULES.bookingConfirmed, (m) => m.BookingConfirmedPage),
      },
      {
        id: 'admin',
        path: paths.admin.path,
        lazy: page(PAGE_MODULES.admin, (m) => m.AdminRoute),
      },
      {
        id: 'faq',
        path: paths.faq.path,
        lazy: page(PAGE_MODULES.faq, (m) => m.FaqPage),
      },
      {
        id: 'contact',
        path: paths.contact.path,
        lazy: page(PAGE_MODULES.contact, (m) => m.ContactPage),
      },
      { id: 'terms', path: paths.terms.path, lazy: page(PAGE_MODULES.terms, (m) => m.TermsPage) },
      {
        id: 'hunter-terms',
        path: paths.hunterTerms.path,
        lazy: page(PAGE_MODULES.hunterTerms, (m) => m.HunterTermsPage),
      },
      { id: 'privacy', path: paths.privacy.path, lazy: page(PAGE_MODULES.privacy, (m) => m.PrivacyPage) },
      { id: 'cookies', path: paths.cookies.path, lazy: page(PAGE_MODULES.cookies, (m) => m.CookiesPage) },

      signedIn(
        'submit',
        paths.submit.path,
        <SignInRequired description="You need to be signed in to submit a brand." />,
        page(PAGE_MODULES.submit, (m) => m.SubmitBrandPage),
      ),
      signedIn(
        'saved',
        paths.saved.path,
        <SignInRequired />,
        page(PAGE_MODULES.saved, (m) => m.SavedBrandsPage),
      ),
      signedIn(
        'my-bookings',
        paths.myBookings.path,
        unauthorizedRedirect,
        page(PAGE_MODULES.myBookings, (m) => m.MyBookingsRoute),
      ),
      signedIn(
        'messages',
        paths.messages.path,
        unauthorizedRedirect,
        page(PAGE_MODULES.messages, (m) => m.MessagesPage),
      ),
      signedIn(
        'create-hunter-profile',
        paths.createHunterProfile.path,
        <RedirectToLogin
          title="Authentication Required"
          description="Please sign in to create your profile."
          delayMs={AUTH_REQUIRED_REDIRECT_DELAY_MS}
          notify={{
            variant: 'destructive',
            title: 'Authentication Required',
            description: 'Please sign in to create your profile.',
          }}
        />,
        page(PAGE_MODULES.createHunterProfile, (m) => m.CreateHunterProfilePage),
      ),
      signedIn(
        'hunter-dashboard',
        paths.hunterDashboard.path,
        <RedirectToLogin
          title="Authentication Required"
          description="Please sign in to access your hunter dashboard."
          delayMs={AUTH_REQUIRED_REDIRECT_DELAY_MS}
          notify={{
            variant: 'destructive',
            title: 'Authentication Required',
            description: 'Please sign in to access your hunter dashboard.',
          }}
        />,
        page(PAGE_MODULES.hunterDashboard, (m) => m.HunterDashboardRoute),
      ),
      signedIn(
        'edit-profile',
        paths.editProfile.path,
        <SignInToEditProfile />,
        page(PAGE_MODULES.editProfile, (m) => m.EditProfileRoute),
      ),
      // The email telling an author their item was hidden links here: a guest signs in and comes back.
      signedIn(
        'moderation-notice',
        paths.moderationNotice.path,
        <SignInToSeeNotice />,
        page(PAGE_MODULES.moderationNotice, (m) => m.ModerationNoticePage),
      ),
      // Open to guests: an email's unsubscribe link works without signing in, and a deleted account is signed out.
      {
        id: 'unsubscribe',
        path: paths.unsubscribe.path,
        lazy: page(PAGE_MODULES.unsubscribe, (m) => m.UnsubscribePage),
      },
      {
        id: 'account-deleted',
        path: paths.accountDeleted.path,
        lazy: page(PAGE_MODULES.accountDeleted, (m) => m.AccountDeletedPage),
      },

      { id: 'not-found', path: '*', element: <NotFoundPage /> },
    ],
  },
];

export type AppRouterInstance = ReturnType<typeof createBrowserRouter>;

/** The app's router over the browser's address; created by the caller, not at import, so tests build their own. */
export function createAppRouter(): AppRouterInstance {
  return createBrowserRouter(routes);
}

/**
 * Resolves once the router has loaded the first page's code (`initialized`): until then it would draw its
 * hydrateFallbackElement, the spinner.
 */
export function routerReady(router: AppRouterInstance): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

export function AppRouter({ router }: { router?: AppRouterInstance }) {
  const [own] = useState(() => router ?? createAppRouter());
  return <RouterProvider router={own} />;
}
