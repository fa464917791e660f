import type { OwnHunter } from '@hunted/contracts';
import {
  ArrowLeft,
  CalendarCheck,
  CalendarClock,
  CalendarDays,
  Clock,
  MessageSquare,
  PoundSterling,
  Wallet,
  Settings,
  Star,
  UserPlus,
} from 'lucide-react';
import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button, buttonClasses } from '@/components/ui/button';
import { Notice, NoticeCard } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { Deferred } from '@/components/deferred';
import { compactTabClasses, Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { useHunterBookings } from '@/features/bookings/api/get-bookings';
import { HunterBookingsTab } from '@/features/bookings/components/hunter-bookings-tab';
import { useHunterEarnings } from '@/features/bookings/api/get-hunter-earnings';
import { taxYearAt, taxYearLabel } from '@/features/bookings/lib/tax-year';
import { lazyNamed } from '@/lib/lazy-named';
import { useDrawnInBackground } from '@/lib/use-drawn-in-background';
import { useUnauthorizedRedirect } from '@/lib/use-unauthorized-redirect';
import { bookedHoursByDate } from '@/features/bookings/lib/booked-hours';
import { summariseHunterBookings } from '@/features/bookings/lib/hunter-bookings-summary';
import { formatMoney } from '@/lib/money';
import { useHunterProfile } from '@/features/hunters/api/get-hunter-profile';
import { StatusBadge } from '@/features/hunters/components/hunter-card';
import { useHunterConversations } from '@/features/messaging/api/conversations';
import { UnreadBadge } from '@/features/messaging/components/unread-badge';
import { HunterPhoto } from '@/features/hunters/components/hunter-photo';
import { BookingEditAction } from '@/features/hunters/components/edits/booking-edit-action';
import { useJoiningDetails } from '@/features/hunters/api/joining-details';
import { useMyPickDay } from '@/features/hunters/api/hunter-pick';
import { JoiningDetailsHint } from '@/features/hunters/components/joining-details-hint';
import { JOINING_DETAILS_ANCHOR } from '@/features/hunters/lib/joining-details';
import { VettingBanner } from '@/features/hunters/components/vetting-banner';
import { ratingLabel } from '@/lib/rating';

// Every tab but the first opens with its own script: the profile form and its rules, the calendar, the earnings
// and the rest were a third of the dashboard's script on a phone before anything showed (issue 23).
const BookingsCalendar = lazyNamed(
  () => import('@/features/bookings/components/bookings-calendar'),
  'BookingsCalendar',
);
const AvailabilityEditor = lazyNamed(
  () => import('@/features/hunters/components/availability/availability-editor'),
  'AvailabilityEditor',
);
const HunterMessagesTab = lazyNamed(
  () => import('@/features/messaging/components/hunter-messages-tab'),
  'HunterMessagesTab',
);
const EarningsTab = lazyNamed(() => import('@/features/bookings/components/earnings/earnings-tab'), 'EarningsTab');
const ReceivedHunterReviews = lazyNamed(
  () => import('@/features/reviews/components/received-hunter-reviews'),
  'ReceivedHunterReviews',
);
const SettingsTab = lazy(() => import('./hunter-dashboard-settings'));
// Shown on one day in many, with a brand picker and a form: its code is fetched only on the hunter's day, and the
// dashboard keeps its spinner until it has come, as it waits for the day itself, so nothing moves when it does.
// Not React.lazy under Suspense: React holds a shown fallback for 300 ms more, which was a third of a second on
// every pick day (issue 23).
type PickCardModule = typeof import('@/features/hunters/components/pick-of-the-day-card');
let loadedPickCard: PickCardModule | undefined;

/** The pick card's code once it has come, `'failed'` when it could not be fetched, undefined while it is on its way. */
function usePickCardModule(needed: boolean): PickCardModule | 'failed' | undefined {
  const [pickCard, setPickCard] = useState<PickCardModule | 'failed' | undefined>(loadedPickCard);
  useEffect(() => {
    if (!needed || pickCard) return;
    let current = true;
    import('@/features/hunters/components/pick-of-the-day-card').then(
      (module) => {
        loadedPickCard = module;
        if (current) setPickCard(module);
      },
      // A deploy since the page loaded, or a dropped connection: the dashboard is drawn without the card rather
      // than left on its spinner, with a line saying how to get it.
      () => current && setPickCard('failed'),
    );
    return () => {
      current = false;
    };
  }, [needed, pickCard]);
  return pickCard;
}

function PickCardUnavailable() {
  return (
    <section aria-labelledby="pick-unavailable-heading" className="rounded-3xl border border-amber-200 bg-amber-50 p-5">
      <h2 id="pick-unavailable-heading" className="text-base font-bold text-amber-950">
        Today is your Hunter&apos;s Pick
      </h2>
      <p role="status" className="mt-1 text-sm text-amber-900">
        Its card could not be loaded. Reload the page to choose your brand.
      </p>
    </section>
  );
}

/**
 * /hunter-dashboard: the signed-in hunter's profile, bookings, conversations and availability. It lives in
 * app/routes because it composes the hunters, bookings and messaging features, which never import each other.
 */
export function HunterDashboardRoute() {
  const profile = useHunterProfile();
  // Asked alongside the profile and awaited with it: the hint it feeds sits above the figures, and arriving after
  // the dashboard it pushed everything below it down (issue 23: a layout shift of 0.08 on a phone).
  const joiningDetails = useJoiningDetails();
  // Only their first answer is awaited: a failed read is asked again when the hint or the form mounts, and going
  // back to the spinner then would unmount them and ask again, for ever.
  const joiningDetailsKnown = joiningDetails.data !== undefined || joiningDetails.errorUpdateCount > 0;
  // The Hunter's Pick card sits above the figures too, so whether today is theirs is awaited the same way.
  const pickDay = useMyPickDay(profile.data != null);
  const pickDayKnown = pickDay.data !== undefined || pickDay.errorUpdateCount > 0;
  const pickCard = usePickCardModule(pickDay.data?.isMyDay === true);
  const pickCardReady = pickDay.data?.isMyDay !== true || pickCard !== undefined;
  const waiting = profile.isPending || (profile.data && (!joiningDetailsKnown || !pickDayKnown || !pickCardReady));
  const drawn = useDrawnInBackground(!waiting);
  if (waiting || !drawn) {
    return <Spinner label="Loading your dashboard..." />;
  }
  if (profile.isError) {
    return (
      <Notice title="Hunter Dashboard" description="Your hunter profile could not be loaded. Please try again.">
        <Button onClick={() => void profile.refetch()}>Try again</Button>
      </Notice>
    );
  }
  // Deliberately not the spec's made-up fallback profile: a member without a profile is offered to create one.
  if (profile.data === null) return <CreateProfilePrompt />;
  return (
    <HunterDashboard
      hunter={profile.data}
      pickCard={
        pickCard === 'failed' ? (
          <PickCardUnavailable />
        ) : pickDay.data && pickCard ? (
          <pickCard.PickOfTheDayCard day={pickDay.data} />
        ) : null
      }
    />
  );
}

const DASHBOARD_TABS = ['bookings', 'calendar', 'availability', 'messages', 'reviews', 'earnings', 'settings'] as const;
type DashboardTab = (typeof DASHBOARD_TABS)[number];
const TAB_LABELS: Record<DashboardTab, string> = {
  bookings: 'Bookings',
  calendar: 'Calendar',
  availability: 'Availability',
  messages: 'Messages',
  reviews: 'Reviews',
  earnings: 'Earnings',
  settings: 'Settings',
};
const tabIcons: Record<DashboardTab, ReactNode> = {
  bookings: <CalendarCheck aria-hidden />,
  calendar: <CalendarDays aria-hidden />,
  availability: <Clock aria-hidden />,
  messages: <MessageSquare aria-hidden />,
  reviews: <Star aria-hidden />,
  earnings: <Wallet aria-hidden />,
  settings: <Settings aria-hidden />,
};
const DEFAULT_DASHBOARD_TAB: DashboardTab = 'bookings';

function isDashboardTab(value: string | null): value is DashboardTab {
  return (DASHBOARD_TABS as readonly (string | null)[]).includes(value);
}

/** The open tab, kept in `?tab=` so a reload or a shared link opens the same one. */
function useDashboardTab(): [DashboardTab, (tab: string) => void] {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab = isDashboardTab(requested) ? requested : DEFAULT_DASHBOARD_TAB;
  const setTab = (next: string) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('tab', next);
        return updated;
      },
      { replace: true },
    );
  return [tab, setTab];
}

/** The rating card: the average, or 'New' while the hunter has no reviews (never a made-up 5.0). */
export function averageRatingLabel(rating: number | null | undefined): string {
  return ratingLabel(rating);
}

function HunterDashboard({ hunter, pickCard }: { hunter: OwnHunter; pickCard: ReactNode }) {
  const [tab, setTab] = useDashboardTab();
  const bookings = useHunterBookings();
  // Only the error is read here, so (TanStack Query tracks what a component reads) a new list does not redraw the
  // dashboard: the badge and the tab below read the list.
  const conversationsError = useHunterConversations().error;
  useUnauthorizedRedirect(bookings.error, conversationsError);
  // Read once per load: which sessions are upcoming changes slowly, and a reload refreshes it.
  const [now] = useState(() => Date.now());
  const summary = bookings.data ? summariseHunterBookings(bookings.data, now) : null;
  const bookedHours = useMemo(() => bookedHoursByDate(bookings.data ?? []), [bookings.data]);
  // The money card shows this tax year's real net (after the platform's fees and refunds), as the Earnings tab does.
  const [taxYear] = useState(() => taxYearAt(now));
  const bookingsNote = bookings.isError ? 'Could not be loaded' : 'Loading...';
  const reviews = `${hunter.reviewCount} ${hunter.reviewCount === 1 ? 'review' : 'reviews'}`;
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <title>Hunter Dashboard · Hunted</title>
      <Link
        to={paths.editProfile.getHref()}
        className="inline-flex items-center gap-1.5 rounded-full text-sm font-semibold text-brand-700 hover:text-brand-800"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden /> Back to profile
      </Link>

      <header className="mt-5 flex flex-col gap-5 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex min-w-0 items-center gap-4">
          <HunterPhoto
            name={hunter.name}
            src={hunter.profileImageUrl}
            className="h-16 w-16 shrink-0 rounded-full text-xl ring-4 ring-white shadow-md sm:h-20 sm:w-20 sm:text-2xl"
          />
          <div className="min-w-0">
            <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">Hunter Dashboard</p>
            <h1 className="mt-1 text-2xl font-bold tracking-tight break-words text-stone-900 sm:text-3xl">
              Welcome back, {hunter.name}
            </h1>
            <p className="mt-1 text-sm text-stone-600">Your bookings, clients and hours in one place.</p>
          </div>
        </div>
        <StatusBadge status={hunter.availabilityStatus} className="self-start sm:self-center" />
      </header>

      <VettingBanner
        hunter={hunter}
        editProfile={
          <Link
            to={`${paths.hunterDashboard.getHref()}?tab=settings`}
            className="font-semibold underline underline-offset-4 hover:no-underline"
          >
            Edit your profile
          </Link>
        }
      />

      <JoiningDetailsHint
        sessionTypes={hunter.sessionTypes}
        setUp={
          <Link
            to={`${paths.hunterDashboard.getHref()}?tab=settings#${JOINING_DETAILS_ANCHOR}`}
            className="font-semibold underline underline-offset-4 hover:no-underline"
          >
            Add your joining details
          </Link>
        }
      />

      {pickCard}

      <section aria-label="Your figures" className="mt-8 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <NetEarningsCard taxYear={taxYear} />
        <StatCard
          icon={<CalendarCheck aria-hidden />}
          label="Total Bookings"
          value={summary ? String(summary.totalBookings) : undefined}
          note={summary ? 'Confirmed and completed' : bookingsNote}
        />
        <StatCard
          icon={<Star aria-hidden />}
          label="Average Rating"
          value={averageRatingLabel(hunter.rating)}
          note={reviews}
        />
        <StatCard
          icon={<CalendarClock aria-hidden />}
          label="Upcoming Sessions"
          value={summary ? String(summary.upcoming.length) : undefined}
          note={summary ? 'Still to come' : bookingsNote}
        />
      </section>

      {/* The tabs are drawn just after the header and figures, not with them: one smaller first commit on a phone
          (issue 23). Below the figures, so nothing above them moves when they come. */}
      <Deferred
        fallback={
          <div className="mt-10">
            <Spinner label="Loading your bookings..." />
          </div>
        }
      >
        <Tabs value={tab} onValueChange={setTab} className="mt-10">
          <TabsList aria-label="Dashboard sections" className="grid grid-cols-4 sm:flex">
            {DASHBOARD_TABS.map((value) => (
              <TabsTrigger key={value} value={value} className={compactTabClasses}>
                {tabIcons[value]} {TAB_LABELS[value]}
                {value === 'messages' ? <ClientsUnreadBadge /> : null}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="messages">
            <TabSuspense>
              <HunterMessagesTabContent />
            </TabSuspense>
          </TabsContent>
          <TabsContent value="bookings">
            {summary ? (
              <HunterBookingsTab
                summary={summary}
                renderEditAction={(booking) => <BookingEditAction booking={booking} />}
              />
            ) : bookings.isError ? (
              <BookingsLoadFailed onRetry={() => void bookings.refetch()} />
            ) : (
              <Spinner label="Loading your bookings..." />
            )}
          </TabsContent>
          <TabsContent value="calendar">
            {bookings.data ? (
              <TabSuspense>
                <BookingsCalendar bookings={bookings.data} />
              </TabSuspense>
            ) : bookings.isError ? (
              <BookingsLoadFailed onRetry={() => void bookings.refetch()} />
            ) : (
              <Spinner label="Loading your bookings..." />
            )}
          </TabsContent>
          <TabsContent value="availability">
            <TabSuspense>
              <AvailabilityEditor bookedHours={bookedHours} />
            </TabSuspense>
          </TabsContent>
          <TabsContent value="earnings">
            <TabSuspense>
              <EarningsTab approved={hunter.status === 'approved'} since={hunter.createdAt} />
            </TabSuspense>
          </TabsContent>
          <TabsContent value="reviews">
            <TabSuspense>
              <ReceivedHunterReviews />
            </TabSuspense>
          </TabsContent>
          <TabsContent value="settings">
            <TabSuspense>
              <SettingsTab hunter={hunter} />
            </TabSuspense>
          </TabsContent>
        </Tabs>
      </Deferred>
    </div>
  );
}

// The reads below arrive after the dashboard is drawn (and the conversations again with every message): each is read
// by the small part that shows it, so its answer redraws that part, not the whole dashboard in one long task on a
// phone (issue 23).

/** The money card: this tax year's real net (after the platform's fees and refunds), as the Earnings tab shows. */
function NetEarningsCard({ taxYear }: { taxYear: number }) {
  const earnings = useHunterEarnings(taxYear);
  return (
    <StatCard
      icon={<PoundSterling aria-hidden />}
      label="Net Earnings"
      value={earnings.data ? formatMoney(earnings.data.totals.netPence, 'GBP') : undefined}
      note={
        earnings.data ? (
          <Link
            to={`${paths.hunterDashboard.getHref()}?tab=earnings`}
            className="font-medium text-brand-700 hover:text-brand-800"
          >
            {taxYearLabel(taxYear)} after fees · details
          </Link>
        ) : earnings.isError ? (
          'Could not be loaded'
        ) : (
          'Loading...'
        )
      }
    />
  );
}

/** The Messages tab's count of unread messages from clients. */
function ClientsUnreadBadge() {
  const conversations = useHunterConversations();
  return <UnreadBadge count={(conversations.data ?? []).reduce((sum, row) => sum + row.unreadCount, 0)} />;
}

function HunterMessagesTabContent() {
  const conversations = useHunterConversations();
  return (
    <HunterMessagesTab
      conversations={conversations.data}
      loading={conversations.isPending}
      failed={conversations.isError}
    />
  );
}

function TabSuspense({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Spinner label="Loading..." />}>{children}</Suspense>;
}

function StatCard({ icon, label, value, note }: { icon: ReactNode; label: string; value?: string; note: ReactNode }) {
  return (
    <div className="flex flex-col rounded-2xl border border-stone-200 bg-white p-4 shadow-xs sm:p-5">
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-medium text-stone-600">{label}</p>
        <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600 [&_svg]:h-4 [&_svg]:w-4">
          {icon}
        </span>
      </div>
      {value ? (
        <p className="mt-3 text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">{value}</p>
      ) : (
        <p className="mt-3 text-2xl font-bold text-stone-300 sm:text-3xl" aria-hidden>
          —
        </p>
      )}
      <div className="mt-1 text-xs text-stone-500">{note}</div>
    </div>
  );
}

function BookingsLoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <NoticeCard
      icon={<CalendarCheck aria-hidden />}
      title="Your bookings could not be loaded"
      description="Please try again in a moment."
    >
      <Button onClick={onRetry}>Try again</Button>
    </NoticeCard>
  );
}

function CreateProfilePrompt() {
  return (
    <Notice
      icon={<UserPlus className="h-6 w-6" aria-hidden />}
      title="Create your hunter profile"
      description="Your dashboard opens once you have a hunter profile: set your specialties, sessions and prices, then choose the hours clients can book you."
    >
      <Link to={paths.createHunterProfile.getHref()} className={buttonClasses({ size: 'lg' })}>
        Create your hunter profile
      </Link>
      <Link to={paths.becomeHunter.getHref()} className={buttonClasses({ variant: 'outline', size: 'lg' })}>
        Why become a hunter?
      </Link>
    </Notice>
  );
}
