import {
  SESSION_TYPES,
  SESSION_TYPE_LABELS,
  addDays,
  dateIn,
  datesBetween,
  shortDateLabel,
  weekdayLabel,
  type Hunter,
  type SessionTypeKey,
} from '@hunted/contracts';
import { CalendarDays } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner';
import { viewerTimeZone } from '@/lib/time-zone';
import { timeBeside } from '@/lib/zoned-time';
import { useSlots } from '../api/get-slots';
import { slotsOnClock, slotsTimeZone } from '../lib/slots-on-clock';

/** 'Tue 7 Jul'. */
const dayLabel = (date: string) => `${weekdayLabel(date)} ${shortDateLabel(date)}`;

/** Times shown a day on the public page: enough to see when the hunter works, few enough for a phone. */
export const OPEN_TIMES_PER_DAY = 4;

/**
 * The type whose open times the public page shows: the first enabled one a client can book now (a paid type waits
 * for the hunter's payouts), else the first enabled one.
 */
export function openTimesType(hunter: Pick<Hunter, 'sessionTypes' | 'takesPaidBookings'>): SessionTypeKey | null {
  const enabled = SESSION_TYPES.filter((key) => hunter.sessionTypes[key].enabled);
  return enabled.find((key) => hunter.takesPaidBookings || hunter.sessionTypes[key].price === 0) ?? enabled[0] ?? null;
}

const chipClasses =
  'inline-flex h-9 items-center rounded-full border border-stone-200 bg-white px-3 text-sm font-semibold text-stone-800 tabular-nums transition-colors hover:border-brand-300 hover:bg-brand-50 hover:text-brand-800 focus-visible:ring-4 focus-visible:ring-brand-100 focus-visible:outline-none';

/**
 * The hunter's next open times over the viewer's coming seven days, on the viewer's clock (the hunter's time in the
 * chip's name when it differs), a few a day as chips that open the
 * booking page; `bookHref` is where a chip leads (sign-in first for a guest). Slots come from the public slots call,
 * which already leaves out past, too-soon, taken and held times.
 */
export function NextOpenTimes({ hunter, bookHref }: { hunter: Hunter; bookHref: string }) {
  const viewerZone = viewerTimeZone();
  const [from] = useState(() => dateIn(viewerZone, Date.now()));
  const to = addDays(from, 6);
  const sessionType = openTimesType(hunter);
  // A day either side of the viewer's week: the hunter's dates that hold its starts when their clock is another.
  const slots = useSlots(hunter.id, sessionType, addDays(from, -1), addDays(to, 1));
  const zones = { viewerZone, otherZone: slotsTimeZone(slots.data) };
  const days = [...slotsOnClock(slots.data, viewerZone, datesBetween(from, to))]
    .map(([date, starts]) => ({ date, starts }))
    .filter((day) => day.starts.length > 0);

  return (
    <section aria-labelledby="next-open-times" className="rounded-3xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6">
      <div className="flex items-start gap-3">
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
          <CalendarDays className="h-5 w-5" aria-hidden />
        </span>
        <div>
          <h2 id="next-open-times" className="text-lg font-bold text-stone-900">
            Next open times
          </h2>
          <p className="text-sm text-stone-600">
            {sessionType
              ? `${SESSION_TYPE_LABELS[sessionType]} · this week, your time (${viewerZone})`
              : `This week, your time (${viewerZone})`}
          </p>
        </div>
      </div>
      <div className="mt-4">
        {sessionType === null ? (
          <p className="text-sm text-stone-600">This hunter offers no sessions at the moment.</p>
        ) : slots.isPending ? (
          <Spinner label="Loading open times..." />
        ) : slots.isError ? (
          <p className="text-sm text-stone-600">The open times could not be loaded.</p>
        ) : days.length === 0 ? (
          <p className="text-sm text-stone-600">No open times in the next 7 days.</p>
        ) : (
          <ul className="space-y-3">
            {days.map((day) => {
              const more = day.starts.length - OPEN_TIMES_PER_DAY;
              return (
                <li key={day.date}>
                  <h3 className="text-sm font-semibold text-stone-700">{dayLabel(day.date)}</h3>
                  <ul aria-label={`Open times on ${dayLabel(day.date)}`} className="mt-1.5 flex flex-wrap gap-2">
                    {day.starts.slice(0, OPEN_TIMES_PER_DAY).map((start) => (
                      <li key={start.slot.startsAt}>
                        <ChipLink
                          href={bookHref}
                          label={`Book ${dayLabel(day.date)} at ${timeBeside(start.instant, zones)}`}
                        >
                          {start.time}
                        </ChipLink>
                      </li>
                    ))}
                    {more > 0 ? (
                      <li className="inline-flex h-9 items-center px-1 text-sm text-stone-500">+{more} more</li>
                    ) : null}
                  </ul>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}

/** A member's chip is an in-app link; a guest's goes to sign-in (a full navigation), so it is a plain anchor. */
function ChipLink({ href, label, children }: { href: string; label: string; children: string }) {
  return href.startsWith('/api/') ? (
    <a href={href} aria-label={label} className={chipClasses}>
      {children}
    </a>
  ) : (
    <Link to={href} aria-label={label} className={chipClasses}>
      {children}
    </Link>
  );
}
