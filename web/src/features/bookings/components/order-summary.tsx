import { SESSION_TYPE_LABELS, SITE_TIME_ZONE, longDateLabel, type Currency } from '@hunted/contracts';
import { Clock } from 'lucide-react';
import { cn } from '@/components/ui/cn';
import { countdownTo } from '../hooks/use-now';
import type { BookingChoice } from '../lib/booking-choice';
import { formatMoney } from '@/lib/money';
import { viewerTimeZone } from '@/lib/time-zone';
import { sessionWhen } from '@/lib/zoned-time';

/**
 * The booking summary and the spec's order breakdown: the session line is the price less the platform fee the hold
 * decided, the fee line that fee, and the total is the price (the fee is inside it, never added). Minor units of
 * `currency`, the hunter's.
 */
export function OrderSummary({
  choice,
  startsAt,
  hunterName,
  pricePence,
  feePence,
  currency,
  expiresAt,
  now,
}: {
  choice: BookingChoice;
  /** The session's start (ISO), null for a stored choice whose date or time does not read. */
  startsAt: string | null;
  hunterName: string | null;
  pricePence: number;
  feePence: number;
  currency: Currency;
  expiresAt: string | null;
  now: number;
}) {
  const fee = Math.min(feePence, pricePence);
  const countdown = expiresAt ? countdownTo(expiresAt, now) : null;
  return (
    <aside className="rounded-3xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6" aria-label="Booking summary">
      <h2 className="text-lg font-bold text-stone-900">Booking summary</h2>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {hunterName ? (
          <>
            <dt className="text-stone-500">Hunter</dt>
            <dd className="text-right font-medium text-stone-900">{hunterName}</dd>
          </>
        ) : null}
        <dt className="text-stone-500">Session</dt>
        <dd className="text-right font-medium text-stone-900">{SESSION_TYPE_LABELS[choice.sessionType]}</dd>
        <dt className="text-stone-500">When</dt>
        <dd className="text-right font-medium text-stone-900">
          {startsAt
            ? sessionWhen(Date.parse(startsAt), {
                viewerZone: viewerTimeZone(),
                otherZone: choice.timeZone ?? SITE_TIME_ZONE,
                placeFirst: choice.sessionType === 'inPerson',
              })
            : `${longDateLabel(choice.sessionDate)} at ${choice.sessionTime} (${choice.timeZone ?? SITE_TIME_ZONE})`}
        </dd>
        <dt className="text-stone-500">Duration</dt>
        <dd className="text-right font-medium text-stone-900">{choice.duration} min</dd>
      </dl>

      <h3 className="mt-6 text-sm font-semibold tracking-wide text-stone-500 uppercase">Order breakdown</h3>
      <dl className="mt-3 grid grid-cols-[1fr_auto] gap-y-2 text-sm" aria-label="Order breakdown">
        <dt className="text-stone-600">Session</dt>
        <dd className="pl-4 text-right text-stone-900 tabular-nums">{formatMoney(pricePence - fee, currency)}</dd>
        <dt className="text-stone-600">Processing fee</dt>
        <dd className="pl-4 text-right text-stone-900 tabular-nums">{formatMoney(fee, currency)}</dd>
        <dt className="border-t border-stone-200 pt-2 font-semibold text-stone-900">Total</dt>
        <dd className="border-t border-stone-200 pt-2 pl-4 text-right text-lg font-bold text-stone-900 tabular-nums">
          {formatMoney(pricePence, currency)}
        </dd>
      </dl>

      {countdown ? (
        <p
          className={cn(
            'mt-5 flex items-center gap-2 rounded-2xl px-3.5 py-2.5 text-sm',
            countdown.expired ? 'bg-red-50 text-red-700' : 'bg-amber-50 text-amber-900',
          )}
          role="timer"
          aria-live="off"
        >
          <Clock className="h-4 w-4 shrink-0" aria-hidden />
          {countdown.expired ? (
            'Your hold on this time has ended.'
          ) : (
            <span>
              We are holding this time for you for <strong className="tabular-nums">{countdown.label}</strong>
            </span>
          )}
        </p>
      ) : null}
    </aside>
  );
}
