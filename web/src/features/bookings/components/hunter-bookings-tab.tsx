import type { HunterBooking } from '@hunted/contracts';
import { CalendarClock, CalendarX2, History } from 'lucide-react';
import type { ReactNode } from 'react';
import type { HunterBookingsSummary } from '../lib/hunter-bookings-summary';
import { HunterBookingRow, type RenderEditAction } from './hunter-booking-row';

function SessionList({
  title,
  icon,
  empty,
  bookings,
  renderEditAction,
  hoursZone,
}: {
  title: string;
  icon: ReactNode;
  empty: string;
  bookings: HunterBooking[];
  renderEditAction?: RenderEditAction;
  hoursZone?: string;
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
            <HunterBookingRow
              key={booking.id}
              booking={booking}
              renderEditAction={renderEditAction}
              hoursZone={hoursZone}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The dashboard's Bookings tab: sessions to come, the most recent ones (with any still to mark), and recent
 * cancellations, each row with the client's question and what the hunter may do (times on the hunter's own clock,
 * their browser's zone). A held session's row also carries `renderEditAction` (the hunters feature's Hunter Edit,
 * handed in by the route).
 */
export function HunterBookingsTab({
  summary,
  renderEditAction,
  hoursZone,
}: {
  summary: HunterBookingsSummary;
  renderEditAction?: RenderEditAction;
  /** The hunter's profile zone (their hours' clock), which a suggested time is sent on. */
  hoursZone?: string;
}) {
  return (
    <div className="grid gap-6">
      <SessionList
        title="Upcoming Sessions"
        icon={<CalendarClock aria-hidden />}
        empty="No upcoming sessions yet."
        bookings={summary.upcoming}
        renderEditAction={renderEditAction}
        hoursZone={hoursZone}
      />
      <SessionList
        title="Recent Sessions"
        icon={<History aria-hidden />}
        empty="No sessions held yet."
        bookings={summary.recent}
        renderEditAction={renderEditAction}
        hoursZone={hoursZone}
      />
      {summary.cancelled.length > 0 ? (
        <SessionList
          title="Cancelled"
          icon={<CalendarX2 aria-hidden />}
          empty="No cancelled sessions."
          bookings={summary.cancelled}
        />
      ) : null}
    </div>
  );
}
