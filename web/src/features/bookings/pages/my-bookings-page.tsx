import { BOOKING_RULES, SESSION_TYPE_LABELS, type MyBooking, type SiteOperator } from '@hunted/contracts';
import { CalendarPlus, CalendarX2, Clock, MapPin, MessageCircle } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button, buttonClasses } from '@/components/ui/button';
import { NoticeCard } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { serverMessage } from '@/lib/api-client';
import { viewerTimeZone } from '@/lib/time-zone';
import { sessionWhen } from '@/lib/zoned-time';
import { myBookingZones } from '../lib/booking-zones';
import { useMyBookings } from '../api/get-bookings';
import { useCancelBooking, useReleaseHold } from '../api/booking-mutations';
import { HunterCancelReason, NoShowMark, ProposalAnswer } from '../components/booking-client-answers';
import { BookingJoiningBlock } from '../components/booking-joining';
import { BookingQuestionView } from '../components/booking-question-view';
import { BookingReceipt } from '../components/booking-receipt';
import { BookingStatusBadge } from '../components/booking-status-badge';
import { CancellationPolicy } from '../components/cancellation-policy';
import { RescheduleDialog } from '../components/reschedule-dialog';
import { countdownTo, useNow } from '../hooks/use-now';
import { useDrawnInBackground } from '@/lib/use-drawn-in-background';
import { useUnauthorizedRedirect } from '@/lib/use-unauthorized-redirect';
import { saveBookingChoice } from '../lib/booking-choice';
import { handleUnauthorized } from '@/lib/unauthorized';
import { formatMoney } from '@/lib/money';

/**
 * The review of the hunter for one booking (the reviews feature draws it; the route hands it in, as features do not
 * import each other). `open` asks for its form at once: the review-request email links to `?review=<bookingId>`.
 */
export type RenderBookingReview = (booking: MyBooking, open: boolean) => ReactNode;

/** Who runs Hunted, for the receipts (the legal feature reads `GET /api/site`; the route hands its hook in). */
export type UseSiteOperator = () => SiteOperator | undefined;
const noOperator: UseSiteOperator = () => undefined;

/**
 * /my-bookings: the signed-in client's bookings and unpaid holds, with what each allows, and each paid booking's
 * receipt. `edits` follows the list (the hunters feature's 'Edits from your hunters', handed in by the route).
 */
export function MyBookingsPage({
  renderReview,
  edits,
  useSiteOperator = noOperator,
}: { renderReview?: RenderBookingReview; edits?: ReactNode; useSiteOperator?: UseSiteOperator } = {}) {
  const bookings = useMyBookings();
  const operator = useSiteOperator();
  const drawn = useDrawnInBackground(!bookings.isPending);
  const [search] = useSearchParams();
  const reviewFor = search.get('review');
  const now = useNow();
  useUnauthorizedRedirect(bookings.error);
  const loaded = bookings.data?.pages.flatMap((page) => page.items) ?? [];
  const total = bookings.data?.pages.at(-1)?.total ?? loaded.length;

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <title>My Bookings · Hunted</title>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-stone-900 sm:text-4xl">My Bookings</h1>
          <p className="mt-2 text-base text-stone-600">
            Your style sessions, with their dates and times in your time zone ({viewerTimeZone()}).
          </p>
        </div>
        <Link to={paths.bookAHunter.getHref()} className={buttonClasses({ className: 'self-start sm:self-auto' })}>
          <CalendarPlus className="h-4 w-4" aria-hidden /> Book New Session
        </Link>
      </div>

      <div className="mt-8">
        {bookings.isPending || !drawn ? (
          <Spinner label="Loading your bookings..." />
        ) : bookings.isError && !bookings.data ? (
          <p className="rounded-2xl bg-red-50 px-4 py-6 text-center text-sm text-red-700">
            Your bookings could not be loaded. Please try again.
          </p>
        ) : loaded.length === 0 ? (
          <NoticeCard
            icon={<CalendarX2 aria-hidden />}
            title="No bookings yet"
            description="Find a hunter whose style you love and book your first session."
          >
            <Link to={paths.bookAHunter.getHref()} className={buttonClasses()}>
              Browse Hunters
            </Link>
          </NoticeCard>
        ) : (
          <>
            <ul className="space-y-4">
              {loaded.map((booking) => (
                <BookingRow
                  key={booking.id}
                  booking={booking}
                  now={now}
                  operator={operator}
                  renderReview={renderReview}
                  reviewOpen={booking.id === reviewFor}
                />
              ))}
            </ul>
            {bookings.hasNextPage ? (
              <div className="mt-8 flex flex-col items-center gap-3">
                <p className="text-sm text-stone-600">
                  Showing {loaded.length} of {total} bookings
                </p>
                <Button
                  variant="outline"
                  onClick={() => void bookings.fetchNextPage()}
                  disabled={bookings.isFetchingNextPage}
                >
                  {bookings.isFetchingNextPage ? 'Loading bookings...' : 'Load more bookings'}
                </Button>
              </div>
            ) : null}
          </>
        )}
      </div>
      {edits}
    </div>
  );
}

function refundSentence(booking: MyBooking): string {
  if (booking.refundIfCancelledPence <= 0) {
    return `It starts in less than ${BOOKING_RULES.changeWindowHours} hours, so cancelling now refunds nothing.`;
  }
  if (booking.refundIfCancelledPence >= booking.price) {
    return `You will get a full refund of ${formatMoney(booking.refundIfCancelledPence, booking.currency)}.`;
  }
  return `You will be refunded ${formatMoney(booking.refundIfCancelledPence, booking.currency)}.`;
}

function BookingRow({
  booking,
  now,
  operator,
  renderReview,
  reviewOpen,
}: {
  booking: MyBooking;
  now: number;
  operator: SiteOperator | undefined;
  renderReview?: RenderBookingReview;
  reviewOpen: boolean;
}) {
  const navigate = useNavigate();
  const rowRef = useRef<HTMLLIElement>(null);
  // The review-request email's link: bring the booking it is about into view.
  useEffect(() => {
    if (reviewOpen) rowRef.current?.scrollIntoView?.({ block: 'center' });
  }, [reviewOpen]);
  const [rescheduling, setRescheduling] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const cancel = useCancelBooking();
  const release = useReleaseHold();
  const isHold = booking.status === 'pending_payment' && booking.expiresAt !== null;
  const hold = isHold && booking.expiresAt ? countdownTo(booking.expiresAt, now) : null;

  const onFailure = (title: string) => (error: unknown) => {
    if (handleUnauthorized(error)) return;
    toast({
      variant: 'destructive',
      title,
      description: serverMessage(error, 409) ?? serverMessage(error, 400) ?? 'Please try again.',
    });
  };

  const pay = () => {
    saveBookingChoice({
      hunterId: booking.hunterId,
      sessionDate: booking.sessionDate,
      sessionTime: booking.sessionTime,
      sessionType: booking.sessionType,
      duration: booking.duration,
      price: booking.price / 100,
      // The hold made the express request when its time needed one: paying it answers the same hold.
      ...(booking.expressRequestAt ? { expressRequest: true } : {}),
    });
    void navigate(paths.payment.getHref(booking.hunterId));
  };

  // mutateAsync: the refreshed list re-renders this row before mutate's own callbacks would run.
  const onCancel = async () => {
    try {
      await cancel.mutateAsync(booking.id);
    } catch (error) {
      onFailure('Cancel Failed')(error);
      return;
    }
    toast({
      title: 'Booking Cancelled',
      description:
        booking.refundIfCancelledPence > 0
          ? `Your refund of ${formatMoney(booking.refundIfCancelledPence, booking.currency)} is on its way.`
          : 'Your session has been cancelled.',
    });
  };

  return (
    <li
      ref={rowRef}
      className="rounded-3xl border border-stone-200 bg-white p-5 shadow-xs sm:p-6"
      aria-label={`${SESSION_TYPE_LABELS[booking.sessionType]} with ${booking.hunterName}`}
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="text-lg font-bold text-stone-900">{booking.hunterName}</h2>
            <BookingStatusBadge status={booking.status} />
          </div>
          <p className="mt-1 text-sm font-medium text-stone-700">{SESSION_TYPE_LABELS[booking.sessionType]}</p>
          <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-stone-600">
            <span className="inline-flex items-center gap-1">
              <Clock className="h-4 w-4" aria-hidden />
              {sessionWhen(Date.parse(booking.startsAt), myBookingZones(booking))} · {booking.duration} min
            </span>
            {booking.hunterLocation ? (
              <span className="inline-flex items-center gap-1">
                <MapPin className="h-4 w-4" aria-hidden /> {booking.hunterLocation}
              </span>
            ) : null}
          </p>
        </div>
        <p className="text-xl font-bold text-stone-900 tabular-nums sm:text-right">
          {formatMoney(booking.price, booking.currency)}
        </p>
      </div>

      {hold ? (
        <p className="mt-4 rounded-2xl bg-amber-50 px-3.5 py-2.5 text-sm text-amber-900" role="timer" aria-live="off">
          {hold.expired ? (
            'This hold has ended.'
          ) : (
            <>
              Held for you for <strong className="tabular-nums">{hold.label}</strong> — pay to confirm it, or release
              the time.
            </>
          )}
        </p>
      ) : null}

      {hold && !hold.expired ? (
        <CancellationPolicy
          className="mt-4"
          startsAt={booking.startsAt}
          now={Date.parse(booking.createdAt)}
          requested={booking.expressRequestAt}
        />
      ) : null}
      {(booking.status === 'confirmed' || booking.status === 'completed') && booking.price > 0 ? (
        <BookingReceipt booking={booking} operator={operator} />
      ) : null}

      {booking.joining && (booking.status === 'confirmed' || booking.status === 'completed') ? (
        <BookingJoiningBlock joining={booking.joining} />
      ) : null}
      <BookingQuestionView notes={booking.notes} photoUrls={booking.photoUrls} />
      {booking.status === 'cancelled' && booking.cancelledBy === 'hunter' && booking.cancelReason ? (
        <HunterCancelReason hunterName={booking.hunterName} reason={booking.cancelReason} />
      ) : null}
      {booking.proposal && booking.status === 'confirmed' ? (
        <ProposalAnswer
          bookingId={booking.id}
          hunterName={booking.hunterName}
          proposal={booking.proposal}
          zones={myBookingZones(booking)}
        />
      ) : null}
      {booking.attendance === 'no_show' ? <NoShowMark booking={booking} /> : null}

      <div className="mt-4 flex flex-wrap gap-2">
        {hold && !hold.expired ? (
          <>
            <Button size="sm" onClick={pay}>
              Pay
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={release.isPending}
              onClick={() => release.mutate(booking.id, { onError: onFailure('Release Failed') })}
            >
              Release
            </Button>
          </>
        ) : null}
        {booking.status === 'confirmed' && booking.canReschedule ? (
          <Button size="sm" variant="outline" onClick={() => setRescheduling(true)}>
            Reschedule
          </Button>
        ) : null}
        {booking.status === 'confirmed' && booking.canCancel ? (
          <Button size="sm" variant="ghost" disabled={cancel.isPending} onClick={() => setCancelling(true)}>
            Cancel
          </Button>
        ) : null}
        {booking.status === 'confirmed' || booking.status === 'completed' ? (
          <Link
            to={`${paths.messages.getHref()}?hunter=${booking.hunterId}`}
            className={buttonClasses({ size: 'sm', variant: 'ghost' })}
          >
            <MessageCircle className="h-4 w-4" aria-hidden /> Message {booking.hunterName}
          </Link>
        ) : null}
      </div>

      {renderReview && (booking.status === 'completed' || booking.reviewableUntil !== null)
        ? renderReview(booking, reviewOpen)
        : null}

      {booking.status === 'confirmed' && booking.canReschedule ? (
        <RescheduleDialog booking={booking} open={rescheduling} onOpenChange={setRescheduling} />
      ) : null}
      <ConfirmDialog
        open={cancelling}
        onOpenChange={setCancelling}
        title="Cancel this booking?"
        description={refundSentence(booking)}
        confirmLabel="Cancel booking"
        onConfirm={() => void onCancel()}
      />
    </li>
  );
}
