import { SESSION_TYPE_LABELS, type MyBooking, type SiteOperator } from '@hunted/contracts';
import { sessionWhen } from '@/lib/zoned-time';
import { myBookingZones } from '../lib/booking-zones';
import { ReceiptText } from 'lucide-react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { formatMoney } from '@/lib/money';

const link = 'font-medium text-stone-700 underline underline-offset-2 hover:text-brand-700';

/**
 * A paid booking's receipt on /my-bookings (issue 37 item 5, decision 0102): who the client contracted with (the
 * operator, from `GET /api/site`), the hunter and the service, the price with the platform fee it includes, and how
 * to complain. The operator line is left out until the settings are read (or if they fail): the rest still stands.
 */
export function BookingReceipt({ booking, operator }: { booking: MyBooking; operator: SiteOperator | undefined }) {
  const fee = Math.min(booking.platformFeePence, booking.price);
  return (
    <details className="mt-4 rounded-2xl bg-stone-50 px-4 py-3 text-sm text-stone-700">
      <summary className="flex cursor-pointer items-center gap-2 font-semibold text-stone-900">
        <ReceiptText className="h-4 w-4" aria-hidden /> Receipt
      </summary>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5" aria-label="Receipt">
        {operator ? (
          <>
            <dt className="text-stone-500">Sold by</dt>
            <dd className="text-right">
              {operator.name}, {operator.address} ·{' '}
              <a href={`mailto:${operator.email}`} className={link}>
                {operator.email}
              </a>
            </dd>
          </>
        ) : null}
        <dt className="text-stone-500">Hunter</dt>
        <dd className="text-right">{booking.hunterName}</dd>
        <dt className="text-stone-500">Service</dt>
        <dd className="text-right">
          {SESSION_TYPE_LABELS[booking.sessionType]},{' '}
          {sessionWhen(Date.parse(booking.startsAt), myBookingZones(booking))}, {booking.duration} min
        </dd>
        <dt className="text-stone-500">Session</dt>
        <dd className="text-right tabular-nums">{formatMoney(booking.price - fee, booking.currency)}</dd>
        <dt className="text-stone-500">Platform fee</dt>
        <dd className="text-right tabular-nums">{formatMoney(fee, booking.currency)}</dd>
        <dt className="font-semibold text-stone-900">Total paid</dt>
        <dd className="text-right font-semibold text-stone-900 tabular-nums">{formatMoney(booking.price, booking.currency)}</dd>
      </dl>
      <p className="mt-3 text-xs leading-5 text-stone-600">
        The price includes the platform fee. Something wrong with this booking? Tell us through our{' '}
        <Link to={paths.contact.getHref()} className={link}>
          contact page
        </Link>
        {operator ? (
          <>
            {' '}
            or at{' '}
            <a href={`mailto:${operator.email}`} className={link}>
              {operator.email}
            </a>
          </>
        ) : null}
        .
      </p>
    </details>
  );
}
