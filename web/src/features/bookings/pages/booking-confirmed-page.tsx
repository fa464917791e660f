import { CalendarHeart, CircleCheck, Mail, Sparkles } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useBookingDetail } from '../api/get-bookings';
import { BookingJoiningBlock } from '../components/booking-joining';
import { clearBookingChoice } from '../lib/booking-choice';

const NEXT_STEPS = [
  {
    icon: <Mail className="h-5 w-5" aria-hidden />,
    title: 'Check your email',
    text: 'A confirmation with the date, time and a calendar invite is on its way to you.',
  },
  {
    icon: <CalendarHeart className="h-5 w-5" aria-hidden />,
    title: 'Prepare for your session',
    text: 'Think about what you want from it, and gather a few pictures of looks you love.',
  },
  {
    icon: <Sparkles className="h-5 w-5" aria-hidden />,
    title: 'Enjoy your session',
    text: 'Your hunter will meet you at the booked time. We will remind you the day before and an hour before.',
  },
];

/** /booking-confirmed: where a paid booking lands (also Stripe's return address after a bank's check). */
export function BookingConfirmedPage() {
  // Arriving from Stripe's redirect (a bank's check) skips the payment page's own clean-up.
  useEffect(clearBookingChoice, []);
  // How to join, or when the details come (decision 0088), for the booking the payment page confirmed.
  const [search] = useSearchParams();
  const booking = useBookingDetail(search.get('booking'));
  const joining = booking.data?.joining ?? null;
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col items-center px-4 py-14 text-center sm:py-20">
      <title>Booking Confirmed! · Hunted</title>
      <span className="flex h-16 w-16 items-center justify-center rounded-full bg-emerald-50 text-emerald-600">
        <CircleCheck className="h-8 w-8" aria-hidden />
      </span>
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-stone-900 sm:text-4xl">Booking Confirmed!</h1>
      <p className="mt-3 text-base text-stone-600">Thank you for booking a session with a Hunted style adviser.</p>

      {joining ? (
        <div className="mt-8 w-full text-left">
          <BookingJoiningBlock joining={joining} />
        </div>
      ) : null}

      <section
        aria-labelledby="next-steps"
        className="mt-10 w-full rounded-3xl border border-stone-200 bg-white p-6 text-left shadow-sm"
      >
        <h2 id="next-steps" className="text-lg font-bold text-stone-900">
          What happens next
        </h2>
        <ol className="mt-4 space-y-4">
          {NEXT_STEPS.map((step) => (
            <li key={step.title} className="flex gap-3">
              <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
                {step.icon}
              </span>
              <div>
                <h3 className="font-semibold text-stone-900">{step.title}</h3>
                <p className="mt-0.5 text-sm text-stone-600">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <Link to={paths.home.getHref()} className={buttonClasses({ variant: 'outline', size: 'lg' })}>
          Return Home
        </Link>
        <Link to={paths.bookAHunter.getHref()} className={buttonClasses({ size: 'lg' })}>
          Book Another Session
        </Link>
      </div>
    </div>
  );
}
