import { SESSION_TYPE_LABELS, longDateLabel, type HunterBooking } from '@hunted/contracts';
import { CalendarClock, History } from 'lucide-react';
import type { ReactNode } from 'react';
import { BookingStatusBadge } from './booking-status-badge';
import type { HunterBookingsSummary } from '../lib/hunter-bookings-summary';
import { formatPence } from '../lib/money';

function SessionRow({ booking }: { booking: HunterBooking }) {
  return (
    <li className="flex flex-col gap-2 px-4 py-3.5 sm:flex-row sm:items-center sm:justify-between sm:px-5">
      <div className="min-w-0">
        <p className="font-semibold text-stone-900">{booking.clientName}</p>
        <p className="text-sm text-stone-600">{SESSION_TYPE_LABELS[booking.sessionType]}</p>
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-stone-700 sm:justify-end">
        <span>{longDateLabel(booking.sessionDate)}</span>
        <span className="tabular-nums">{booking.sessionTime}</span>
        <span>{booking.duration} min</span>
        <span className="font-semibold text-stone-900 tabular-nums">{formatPence(booking.totalAmount)}</span>
        <BookingStatusBadge status={booking.status} />
      </div>
    </li>
  );
}

function SessionList({
  title,
  icon,
  empty,
  bookings,
}: {
  title: string;
  icon: ReactNode;
  empty: string;
  bookings: HunterBooking[];
}) {
  return (
    <section aria-label={title} className="rounded-3xl border border-stone-200 bg-white shadow-xs">
      <h2 className="flex items-center gap-2 border-b border-stone-100 px-4 py-4 text-lg font-bold text-stone-900 sm:px-5 [&_svg]:h-5 [&_svg]:w-5 [&_svg]:text-brand-600">
        {icon} {title}
      </h2>
      {bookings.length === 0 ? (
        <p className="px-4 py-8 text-center text-sm text-stone-500 sm:px-5">{empty}</p>
      ) : (
        <ul className="divide-y divide-stone-100">
          {bookings.map((booking) => (
            <SessionRow key={booking.id} booking={booking} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** The dashboard's Bookings tab: sessions to come, and the five most recent (times are London's). */
export function HunterBookingsTab({ summary }: { summary: HunterBookingsSummary }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <SessionList
        title="Upcoming Sessions"
        icon={<CalendarClock aria-hidden />}
        empty="No upcoming sessions yet."
        bookings={summary.upcoming}
      />
      <SessionList
        title="Recent Sessions"
        icon={<History aria-hidden />}
        empty="No sessions held yet."
        bookings={summary.recent}
      />
    </div>
  );
}
