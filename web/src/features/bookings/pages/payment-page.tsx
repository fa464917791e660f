import {
  BOOKING_ERRORS,
  EXPRESS_REQUEST,
  isoInstant,
  instantIn,
  SITE_TIME_ZONE,
  type CreatePaymentIntentResponse,
} from '@hunted/contracts';
import { ArrowLeft, CircleCheck, FlaskConical, ReceiptText } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { AgreeToTerms } from '@/components/legal/agree-to-terms';
import { Button, buttonClasses } from '@/components/ui/button';
import { Notice } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { HttpError, serverMessage } from '@/lib/api-client';
import type { UseBookableHunter } from '../api/bookable-hunter';
import { usePaymentConfig } from '../api/get-payment-config';
import { useCreateBooking, useCreatePaymentIntent, useReleaseHold } from '../api/booking-mutations';
import { CancellationPolicy } from '../components/cancellation-policy';
import { OrderSummary } from '../components/order-summary';
import { countdownTo, useNow } from '../hooks/use-now';
import { useUnauthorizedRedirect } from '@/lib/use-unauthorized-redirect';
import { clearBookingChoice, intentIdOf, readBookingChoice, type BookingChoice } from '../lib/booking-choice';
import { handleUnauthorized } from '@/lib/unauthorized';
import { formatMoney } from '@/lib/money';

// Stripe's client and its Payment Element load only when a visitor is about to pay in stripe mode.
const StripeCheckout = lazy(() => import('../components/stripe-checkout'));

/** /payment/{hunterId}: hold the chosen time, then pay for it (or book it at once when it is free). */
export function PaymentPage({ useBookableHunter }: { useBookableHunter: UseBookableHunter }) {
  const hunterId = Number(useParams().hunterId);
  const [choice] = useState(() => readBookingChoice(hunterId));
  if (!choice) {
    return (
      <Notice
        icon={<ReceiptText className="h-6 w-6" aria-hidden />}
        title="No booking data found"
        description="Choose a hunter, a session and a time first."
      >
        <Link to={paths.bookAHunter.getHref()} className={buttonClasses()}>
          Return to Hunters
        </Link>
      </Notice>
    );
  }
  return choice.price === 0 ? (
    <FreeBooking choice={choice} />
  ) : (
    <PaidBooking choice={choice} useBookableHunter={useBookableHunter} />
  );
}

/**
 * What a failed booking call shows: a 401 signs in again; a 409 (the time was taken, the hold ended, too many holds
 * or free sessions) or a 429 (the day's holds used, a time let go moments ago) shows the server's own sentence and
 * goes back to the schedule; anything else is the spec's 'Booking Error'.
 */
function useBookingFailure(hunterId: number) {
  const navigate = useNavigate();
  return (error: unknown) => {
    if (handleUnauthorized(error)) return;
    // A time less than 14 days away asked without the express request (a choice saved before it was asked): the
    // booking page has the checkbox.
    const expressMissing = serverMessage(error, 400) === EXPRESS_REQUEST.required ? EXPRESS_REQUEST.required : null;
    const conflict = serverMessage(error, 409) ?? serverMessage(error, 429) ?? expressMissing;
    if (conflict !== null || (error instanceof HttpError && error.status === 409)) {
      toast({ variant: 'destructive', title: 'Booking Error', description: conflict ?? BOOKING_ERRORS.slotTaken });
      void navigate(paths.bookSession.getHref(hunterId), { replace: true });
      return;
    }
    toast({
      variant: 'destructive',
      title: 'Booking Error',
      description: 'Failed to create booking. Please try again.',
    });
  };
}

/**
 * The chosen session's start (ISO): the slot's own, else (a choice saved before it was kept) its date and time on the
 * hunter's clock; null for a stored choice whose date or time does not read.
 */
function startsAtOf(choice: BookingChoice): string | null {
  if (choice.startsAt) return choice.startsAt;
  try {
    return isoInstant(instantIn(choice.timeZone ?? SITE_TIME_ZONE, choice.sessionDate, choice.sessionTime));
  } catch {
    return null;
  }
}

/** Runs `effect` once per mounted page, even under StrictMode's double effects: a POST must not be sent twice. */
function useOnce(effect: () => void) {
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    effect();
  });
}

function FreeBooking({ choice }: { choice: BookingChoice }) {
  const createBooking = useCreateBooking();
  const onFailure = useBookingFailure(choice.hunterId);
  // The start and the zone are the page's own (to show the time): the API takes the hunter's date and time.
  const { startsAt: _startsAt, timeZone: _timeZone, ...request } = choice;
  useOnce(() =>
    createBooking.mutate(
      // A free type has no hold before it: the question and photos go with the booking itself.
      {
        ...request,
        notes: choice.notes ?? null,
        photoIds: choice.photoIds ?? [],
        stripePaymentIntentId: null,
        expressRequest: choice.expressRequest === true,
      },
      { onSuccess: clearBookingChoice, onError: onFailure },
    ),
  );

  if (createBooking.isSuccess) {
    return (
      <Notice
        icon={<CircleCheck className="h-6 w-6" aria-hidden />}
        title="Free Session Confirmed!"
        description="Your free session is booked. You will find it, with its date and time, in your bookings."
      >
        <Link to={paths.myBookings.getHref()} className={buttonClasses({ size: 'lg' })}>
          View My Bookings
        </Link>
      </Notice>
    );
  }
  if (createBooking.isError) {
    return (
      <Notice title="Booking Error" description="Failed to create booking. Please try again.">
        <Link to={paths.bookSession.getHref(choice.hunterId)} className={buttonClasses()}>
          Back to Schedule
        </Link>
      </Notice>
    );
  }
  return <Spinner label="Booking your free session..." />;
}

function PaidBooking({ choice, useBookableHunter }: { choice: BookingChoice; useBookableHunter: UseBookableHunter }) {
  const navigate = useNavigate();
  const hold = useCreatePaymentIntent();
  // The hold's own client secret says which provider made it: a 'sim_' one needs no card form and no key, so the
  // payment config (for Stripe's publishable key) is read only for a real intent.
  const simulated = hold.data?.clientSecret.startsWith('sim_') ?? false;
  const config = usePaymentConfig(hold.isSuccess && !simulated);
  const hunter = useBookableHunter(choice.hunterId);
  const release = useReleaseHold();
  const createBooking = useCreateBooking();
  const onFailure = useBookingFailure(choice.hunterId);
  const now = useNow();
  useUnauthorizedRedirect(config.error, hunter.error);

  useOnce(() =>
    hold.mutate(
      {
        amount: choice.price * 100,
        hunterId: choice.hunterId,
        sessionType: choice.sessionType,
        sessionDate: choice.sessionDate,
        sessionTime: choice.sessionTime,
        duration: choice.duration,
        // Left out when there are none: paying a hold again from /my-bookings must not wipe what it was given.
        ...(choice.notes ? { notes: choice.notes } : {}),
        ...(choice.photoIds ? { photoIds: choice.photoIds } : {}),
        ...(choice.passport ? { passport: choice.passport } : {}),
        expressRequest: choice.expressRequest === true,
      },
      { onError: onFailure },
    ),
  );

  const schedule = paths.bookSession.getHref(choice.hunterId);
  const backToSchedule = () => {
    // The hold would block this time for everyone until it ran out; give it back first.
    if (hold.data) release.mutate(hold.data.bookingId);
    void navigate(schedule);
  };

  const confirm = async (held: CreatePaymentIntentResponse, paymentIntentId: string, mode: 'simulated' | 'stripe') => {
    try {
      await createBooking.mutateAsync({
        hunterId: choice.hunterId,
        sessionDate: choice.sessionDate,
        sessionTime: choice.sessionTime,
        sessionType: choice.sessionType,
        duration: choice.duration,
        price: choice.price,
        stripePaymentIntentId: paymentIntentId,
        bookingId: held.bookingId,
      });
    } catch (error) {
      onFailure(error);
      return;
    }
    clearBookingChoice();
    if (mode === 'stripe') {
      toast({ title: 'Booking Confirmed', description: 'Your session has been successfully booked!' });
      void navigate(paths.myBookings.getHref());
    } else {
      void navigate(paths.bookingConfirmed.getHref(held.bookingId));
    }
  };

  if (hold.isPending || hold.isIdle) return <Spinner label="Holding your time..." />;
  if (hold.isError) {
    return (
      <Notice title="Complete Your Booking" description="This time could not be held for you. Please try again.">
        <Link to={schedule} className={buttonClasses()}>
          Back to Schedule
        </Link>
      </Notice>
    );
  }

  const held = hold.data;
  const expired = countdownTo(held.expiresAt, now).expired;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <title>Complete Your Booking · Hunted</title>
      <Button variant="ghost" size="sm" onClick={backToSchedule} className="-ml-3">
        <ArrowLeft className="h-4 w-4" aria-hidden /> Back to Schedule
      </Button>
      <h1 className="mt-3 text-3xl font-bold tracking-tight text-stone-900 sm:text-4xl">Complete Your Booking</h1>

      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section
          aria-label="Payment"
          className="order-2 self-start rounded-3xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6 lg:order-1"
        >
          {/* The policy comes before the button that pays: the client reads what they commit to first. */}
          {expired ? null : (
            <CancellationPolicy
              className="mb-6"
              startsAt={startsAtOf(choice)}
              now={now}
              requested={choice.expressRequest === true}
            />
          )}
          {expired ? (
            <div className="text-center">
              <h2 className="text-lg font-bold text-stone-900">{BOOKING_ERRORS.holdExpired}</h2>
              <Button className="mt-5" onClick={() => void navigate(schedule)}>
                Back to Schedule
              </Button>
            </div>
          ) : simulated ? (
            <div>
              <div className="flex items-start gap-3">
                <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-amber-50 text-amber-700">
                  <FlaskConical className="h-5 w-5" aria-hidden />
                </span>
                <div>
                  <h2 className="text-lg font-bold text-stone-900">Payment System Configuration Required</h2>
                  <p className="mt-1 text-sm leading-6 text-stone-600">
                    No card payment provider is configured here, so payments are simulated. Nothing is charged; the
                    booking is confirmed exactly as a paid one would be.
                  </p>
                </div>
              </div>
              <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <Button variant="outline" onClick={backToSchedule}>
                  Back to Schedule
                </Button>
                <Button
                  disabled={createBooking.isPending}
                  onClick={() => void confirm(held, intentIdOf(held.clientSecret), 'simulated')}
                >
                  {createBooking.isPending ? 'Processing...' : 'Simulate Successful Payment'}
                </Button>
              </div>
            </div>
          ) : config.isPending ? (
            <Spinner label="Loading payment..." />
          ) : config.isError || config.data.mode !== 'stripe' ? (
            <p className="text-sm text-red-700">The payment form could not be loaded. Please try again.</p>
          ) : (
            <>
              <h2 className="mb-4 text-lg font-bold text-stone-900">Payment details</h2>
              <Suspense fallback={<Spinner label="Loading payment form..." />}>
                <StripeCheckout
                  publishableKey={config.data.publishableKey}
                  clientSecret={held.clientSecret}
                  payLabel={`Pay ${formatMoney(held.amount, held.currency)}`}
                  onPaid={(paymentIntentId) => confirm(held, paymentIntentId, 'stripe')}
                />
              </Suspense>
            </>
          )}
          {expired ? null : <AgreeToTerms action="By paying" className="mt-5 border-t border-stone-100 pt-4" />}
        </section>
        <div className="order-1 lg:order-2">
          <OrderSummary
            choice={choice}
            startsAt={startsAtOf(choice)}
            hunterName={hunter.data?.name ?? null}
            pricePence={held.amount}
            feePence={held.platformFeePence}
            currency={held.currency}
            expiresAt={held.expiresAt}
            now={now}
          />
        </div>
      </div>
    </div>
  );
}
