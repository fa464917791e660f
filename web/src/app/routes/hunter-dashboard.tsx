import type { OwnHunter } from '@hunted/contracts';
import { ArrowLeft, UserPlus } from 'lucide-react';
import { lazy, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Deferred } from '@/components/deferred';
import { Button, buttonClasses } from '@/components/ui/button';
import { Notice } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { compactTabClasses, Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { useHunterBookings } from '@/features/bookings/api/get-bookings';
import { bookedHoursByDate } from '@/features/bookings/lib/booked-hours';
import { summariseHunterBookings } from '@/features/bookings/lib/hunter-bookings-summary';
import { taxYearAt } from '@/features/bookings/lib/tax-year';
import { useHunterProfile } from '@/features/hunters/api/get-hunter-profile';
import { useMyPickDay } from '@/features/hunters/api/hunter-pick';
import { useJoiningDetails } from '@/features/hunters/api/joining-details';
import { StatusBadge } from '@/features/hunters/components/hunter-card';
import { HunterPhoto } from '@/features/hunters/components/hunter-photo';
import { JoiningDetailsHint } from '@/features/hunters/components/joining-details-hint';
import { RevisionNotice } from '@/features/hunters/components/revision-notice';
import { VettingBanner } from '@/features/hunters/components/vetting-banner';
import { JOINING_DETAILS_ANCHOR } from '@/features/hunters/lib/joining-details';
import { useHunterConversations } from '@/features/messaging/api/conversations';
import { useDrawnInBackground } from '@/lib/use-drawn-in-background';
import { useUnauthorizedRedirect } from '@/lib/use-unauthorized-redirect';
import { DashboardAvailabilityTab } from './hunter-dashboard-availability';
import { DashboardBookingsTab } from './hunter-dashboard-bookings';
import { DashboardCalendarTab } from './hunter-dashboard-calendar';
import { DashboardEarningsTab } from './hunter-dashboard-earnings';
import { DashboardFigures } from './hunter-dashboard-figures';
import { ClientsUnreadBadge, DashboardMessagesTab } from './hunter-dashboard-messages';
import { PickCardUnavailable, usePickCardModule } from './hunter-dashboard-pick-card';
import { DashboardReviewsTab } from './hunter-dashboard-reviews';
import {
  DASHBOARD_TAB_ICONS,
  DASHBOARD_TAB_LABELS,
  DASHBOARD_TABS,
  TabSuspense,
  useDashboardTab,
} from './hunter-dashboard-tabs';

export { averageRatingLabel } from './hunter-dashboard-figures';

// Loaded when the tab opens, like every tab but the first (the profile form and its rules were a part of the third
// of the dashboard's script on a phone before anything showed, issue 23); the other tabs load theirs in their files.
const SettingsTab = lazy(() => import('./hunter-dashboard-settings'));

/**
 * /hunter-dashboard: the signed-in hunter's profile, bookings, conversations and availability. It lives in
 * app/routes because it composes the hunters, bookings and messaging features, which never import each other.
 * This file is the layout (header, banners, figures and the tabs); each tab is a file of its own beside it.
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

function HunterDashboard({ hunter, pickCard }: { hunter: OwnHunter; pickCard: ReactNode }) {
  const [tab, setTab] = useDashboardTab();
  const bookings = useHunterBookings();
  // Only the error is read here, so (TanStack Query tracks what a component reads) a new list does not redraw the
  // dashboard: the badge and the Messages tab read the list.
  const conversationsError = useHunterConversations().error;
  useUnauthorizedRedirect(bookings.error, conversationsError);
  // Read once per load: which sessions are upcoming changes slowly, and a reload refreshes it.
  const [now] = useState(() => Date.now());
  const summary = bookings.data ? summariseHunterBookings(bookings.data, now) : null;
  const bookedHours = useMemo(() => bookedHoursByDate(bookings.data ?? []), [bookings.data]);
  // The money card shows this tax year's real net (after the platform's fees and refunds), as the Earnings tab does.
  const [taxYear] = useState(() => taxYearAt(now));
  const editProfileLink = (
    <Link
      to={`${paths.hunterDashboard.getHref()}?tab=settings`}
      className="font-semibold underline underline-offset-4 hover:no-underline"
    >
      Edit your profile
    </Link>
  );
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

      <VettingBanner hunter={hunter} editProfile={editProfileLink} />
      <RevisionNotice hunter={hunter} editProfile={editProfileLink} />

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

      <DashboardFigures hunter={hunter} summary={summary} bookingsFailed={bookings.isError} taxYear={taxYear} />

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
                {DASHBOARD_TAB_ICONS[value]} {DASHBOARD_TAB_LABELS[value]}
                {value === 'messages' ? <ClientsUnreadBadge /> : null}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="messages">
            <DashboardMessagesTab />
          </TabsContent>
          <TabsContent value="bookings">
            <DashboardBookingsTab bookings={bookings} summary={summary} hoursZone={hunter.timeZone} />
          </TabsContent>
          <TabsContent value="calendar">
            <DashboardCalendarTab bookings={bookings} />
          </TabsContent>
          <TabsContent value="availability">
            <DashboardAvailabilityTab bookedHours={bookedHours} />
          </TabsContent>
          <TabsContent value="earnings">
            <DashboardEarningsTab hunter={hunter} />
          </TabsContent>
          <TabsContent value="reviews">
            <DashboardReviewsTab />
          </TabsContent>
          <TabsContent value="settings">
            <TabSuspense>
              <SettingsTab hunter={hunter} bookings={bookings.data} />
            </TabSuspense>
          </TabsContent>
        </Tabs>
      </Deferred>
    </div>
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
