import { CANCELLATION_POLICY, EXPRESS_REQUEST, needsExpressRequest } from '@hunted/contracts';
import { ShieldCheck } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { cn } from '@/components/ui/cn';
import { viewerTimeZone } from '@/lib/time-zone';
import { instantWhen } from '@/lib/zoned-time';
import { paths } from '@/config/paths';

/** The express request as the page holds it: ticked or not, and a change to it (absent: shown, not asked). */
export interface ExpressRequestControl {
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/**
 * The session's cancellation policy, shown before the client commits (issue 37 items 3–4, decision 0102): the refund
 * rules of CANCELLATION_POLICY, then what the 14-day right to cancel means for the chosen time. A session less than 14
 * days after now (`needsExpressRequest`) asks for the express request with its checkbox (`expressRequest`); one
 * further ahead says the 14-day right applies. No time chosen yet: the rules alone.
 */
export function CancellationPolicy({
  startsAt,
  now,
  expressRequest,
  requested,
  className,
}: {
  /** The chosen session's start (ISO), or null before a time is chosen. */
  startsAt: string | null;
  /** Now (ms), when the booking would be made. */
  now: number;
  /** The checkbox, where the client may still make the request; absent on a page after it was asked. */
  expressRequest?: ExpressRequestControl;
  /** The client made the request already (on the booking page: true; a held booking: its `expressRequestAt`). */
  requested?: boolean | string | null;
  className?: string;
}) {
  const checkboxId = useId();
  const needsRequest = startsAt !== null && needsExpressRequest(startsAt, now);
  return (
    <section
      aria-label="Cancellation policy"
      className={cn('rounded-2xl border border-stone-200 bg-white p-4 text-sm text-stone-700', className)}
    >
      <h3 className="flex items-center gap-2 font-semibold text-stone-900">
        <ShieldCheck className="h-4 w-4 text-brand-700" aria-hidden /> Cancellation policy
      </h3>
      <ul className="mt-2 list-disc space-y-1 pl-5 leading-6">
        {CANCELLATION_POLICY.rules.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
      {startsAt === null ? null : needsRequest ? (
        <div className="mt-3 border-t border-stone-100 pt-3">
          <p className="leading-6">{EXPRESS_REQUEST.withinPeriod}</p>
          {expressRequest ? (
            <label htmlFor={checkboxId} className="mt-3 flex cursor-pointer items-start gap-3 font-medium text-stone-900">
              <input
                id={checkboxId}
                type="checkbox"
                checked={expressRequest.checked}
                onChange={(event) => expressRequest.onChange(event.target.checked)}
                className="mt-1 h-4 w-4 shrink-0 accent-brand-600"
              />
              <span>{EXPRESS_REQUEST.checkboxLabel}</span>
            </label>
          ) : requested ? (
            <p className="mt-2 font-medium text-stone-900">
              You asked for this session to take place within the cancellation period
              {typeof requested === 'string' ? ` on ${requestedLabel(requested)}` : ''}.
            </p>
          ) : null}
        </div>
      ) : (
        <p className="mt-3 border-t border-stone-100 pt-3 leading-6">{EXPRESS_REQUEST.beyondPeriod}</p>
      )}
      <p className="mt-3 text-xs text-stone-500">
        The full rules are in our{' '}
        <Link
          to={`${paths.terms.getHref()}#cancellations`}
          className="font-medium text-stone-700 underline underline-offset-2 hover:text-brand-700"
        >
          Terms
        </Link>
        .
      </p>
    </section>
  );
}

/** 'Saturday, 28 November 2026 at 09:00 (GMT)' of an instant, on the viewer's clock. */
function requestedLabel(at: string): string {
  return instantWhen(Date.parse(at), viewerTimeZone());
}
