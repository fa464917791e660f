import { useState, type ComponentType } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { RedirectToLogin, RequireAuth, SignInRequired } from '@/components/auth/require-auth';
import { AppLayout } from '@/components/layouts/app-layout';
import { Spinner } from '@/components/ui/spinner';
import { AUTH_REQUIRED_REDIRECT_DELAY_MS, UNAUTHORIZED_REDIRECT_DELAY_MS } from '@/config/constants';
import { paths } from '@/config/paths';
import { SignInToEditProfile } from '@/features/account/components/sign-in-to-edit-profile';
import { MessagesLink } from '@/features/messaging/components/messages-link';
import { LandingPage } from './routes/landing';
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
    element: <AppLayout renderMessagesLink={renderMessagesLink} />,
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
        lazy: page(
          () => import('@/features/brands/pages/brands-page'),
          (m) => m.BrandsPage,
        ),
      },
      {
        id: 'brand',
        path: paths.brand.path,
        lazy: page(
          () => import('./routes/brand'),
          (m) => m.BrandRoute,
        ),
      },
      {
        id: 'today',
        path: paths.today.path,
        lazy: page(
          () => import('./routes/today'),
          (m) => m.TodayRoute,
        ),
      },
      {
        id: 'book-a-hunter',
        path: paths.bookAHunter.path,
        lazy: page(
          () => import('@/features/hunters/pages/book-a-hunter-page'),
          (m) => m.BookAHunterPage,
        ),
      },
      {
        id: 'hunter',
        path: paths.hunter.path,
        lazy: page(
          () => import('./routes/hunter'),
          (m) => m.HunterRoute,
        ),
      },
      {
        id: 'become-hunter',
        path: paths.becomeHunter.path,
        lazy: page(
          () => import('@/features/hunters/pages/become-hunter-page'),
          (m) => m.BecomeHunterPage,
        ),
      },
      // Open routes in the spec's table, but they need a user as soon as they load.
      signedIn(
        'book-session',
        paths.bookSession.path,
        unauthorizedRedirect,
        page(
          () => import('./routes/book-session'),
          (m) => m.BookSessionRoute,
        ),
      ),
      signedIn(
        'payment',
        paths.payment.path,
        unauthorizedRedirect,
        page(
          () => import('./routes/book-session'),
          (m) => m.PaymentRoute,
        ),
      ),
      {
        id: 'booking-confirmed',
        path: paths.bookingConfirmed.path,
        lazy: page(
          () => import('@/features/bookings/pages/booking-confirmed-page'),
          (m) => m.BookingConfirmedPage,
        ),
      },
      {
        id: 'admin',
        path: paths.admin.path,
        lazy: page(
          () => import('./routes/admin'),
          (m) => m.AdminRoute,
        ),
      },
      {
        id: 'faq',
        path: paths.faq.path,
        lazy: page(
          () => import('@/features/support/pages/faq-page'),
          (m) => m.FaqPage,
        ),
      },
      {
        id: 'contact',
        path: paths.contact.path,
        lazy: page(
          () => import('@/features/support/pages/contact-page'),
          (m) => m.ContactPage,
        ),
      },

      signedIn(
        'submit',
        paths.submit.path,
        <SignInRequired description="You need to be signed in to submit a brand." />,
        page(
          () => import('@/features/brands/pages/submit-brand-page'),
          (m) => m.SubmitBrandPage,
        ),
      ),
      signedIn(
        'saved',
        paths.saved.path,
        <SignInRequired />,
        page(
          () => import('@/features/brands/pages/saved-brands-page'),
          (m) => m.SavedBrandsPage,
        ),
      ),
      signedIn(
        'my-bookings',
        paths.myBookings.path,
        unauthorizedRedirect,
        page(
          () => import('./routes/my-bookings'),
          (m) => m.MyBookingsRoute,
        ),
      ),
      signedIn(
        'messages',
        paths.messages.path,
        unauthorizedRedirect,
        page(
          () => import('@/features/messaging/pages/messages-page'),
          (m) => m.MessagesPage,
        ),
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
        page(
          () => import('@/features/hunters/pages/create-hunter-profile-page'),
          (m) => m.CreateHunterProfilePage,
        ),
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
        page(
          () => import('./routes/hunter-dashboard'),
          (m) => m.HunterDashboardRoute,
        ),
      ),
      signedIn(
        'edit-profile',
        paths.editProfile.path,
        <SignInToEditProfile />,
        page(
          () => import('@/features/account/pages/edit-profile-page'),
          (m) => m.EditProfilePage,
        ),
      ),

      { id: 'not-found', path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function AppRouter() {
  // Created once per mount, not at import, so tests can build their own memory routers from `routes`.
  const [router] = useState(() => createBrowserRouter(routes));
  return <RouterProvider router={router} />;
}
