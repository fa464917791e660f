import {
  SESSION_TYPE_LABELS,
  addMonths,
  firstOfMonth,
  dateIn,
  timeLabelIn,
  longDateLabel,
  monthLabel,
  type HunterBooking,
} from '@hunted/contracts';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { viewerTimeZone } from '@/lib/time-zone';
import { sessionsByDate } from '../lib/hunter-bookings-summary';
import { monthGrid } from '../lib/zoned-week';

const WEEKDAY_HEADERS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/**
 * The dashboard's Calendar tab: a Sunday-to-Saturday month grid marking the real dates (on the hunter's own clock, their browser's zone) that hold a
 * confirmed or completed session — a session on 5 March marks 5 March only, not the 5th of every month.
 */
export function BookingsCalendar({ bookings }: { bookings: HunterBooking[] }) {
  const zone = viewerTimeZone();
  const [today] = useState(() => dateIn(zone, Date.now()));
  const [month, setMonth] = useState(() => firstOfMonth(today));
  const [selected, setSelected] = useState<string | null>(null);
  const byDate = sessionsByDate(bookings, zone);
  const cells = monthGrid(month);
  const selectedSessions = selected ? (byDate.get(selected) ?? []) : [];

  return (
    <div className="rounded-3xl border border-stone-200 bg-white p-4 shadow-xs sm:p-6">
      <div className="flex items-center justify-between gap-2">
        <Button
          variant="outline"
          size="icon"
          aria-label="Previous month"
          onClick={() => setMonth(addMonths(month, -1))}
        >
          <ChevronLeft className="h-4 w-4" aria-hidden />
        </Button>
        <h2 className="text-lg font-bold text-stone-900" aria-live="polite">
          {monthLabel(month)}
        </h2>
        <Button variant="outline" size="icon" aria-label="Next month" onClick={() => setMonth(addMonths(month, 1))}>
          <ChevronRight className="h-4 w-4" aria-hidden />
        </Button>
      </div>
      <div role="grid" aria-label={`Sessions in ${monthLabel(month)}`} className="mt-4">
        <div role="row" className="grid grid-cols-7 gap-1">
          {WEEKDAY_HEADERS.map((day) => (
            <span key={day} role="columnheader" className="py-1 text-center text-xs font-semibold text-stone-500">
              {day}
            </span>
          ))}
        </div>
        {Array.from({ length: cells.length / 7 }, (_, week) => (
          <div role="row" key={week} className="mt-1 grid grid-cols-7 gap-1">
            {cells.slice(week * 7, week * 7 + 7).map((cell) => {
              const sessions = byDate.get(cell.date) ?? [];
              const count = cell.inMonth ? sessions.length : 0;
              return (
                <button
                  key={cell.date}
                  type="button"
                  role="gridcell"
                  aria-label={`${longDateLabel(cell.date)}${count ? `, ${count} ${count === 1 ? 'session' : 'sessions'}` : ''}`}
                  aria-selected={selected === cell.date}
                  disabled={!cell.inMonth}
                  onClick={() => setSelected(selected === cell.date ? null : cell.date)}
                  className={cn(
                    'flex aspect-square min-h-10 flex-col items-center justify-center rounded-xl text-sm transition-colors sm:aspect-auto sm:h-16',
                    !cell.inMonth && 'text-stone-300',
                    cell.inMonth && !count && 'text-stone-700 hover:bg-stone-50',
                    count > 0 && 'bg-brand-50 font-semibold text-brand-800 ring-1 ring-brand-200 hover:bg-brand-100',
                    cell.date === today && 'ring-2 ring-stone-900',
                    selected === cell.date && 'bg-brand-600 text-white hover:bg-brand-600',
                  )}
                >
                  {Number(cell.date.slice(8))}
                  {count > 0 ? (
                    <span className="mt-0.5 text-[10px] leading-none font-medium" aria-hidden>
                      {count} ●
                    </span>
                  ) : null}
                </button>
              );
            })}
          </div>
        ))}
      </div>
      {selected ? (
        <div className="mt-5 border-t border-stone-100 pt-4">
          <h3 className="font-semibold text-stone-900">{longDateLabel(selected)}</h3>
          <p className="text-xs text-stone-500">Times in your time zone, {zone}</p>
          {selectedSessions.length === 0 ? (
            <p className="mt-1 text-sm text-stone-500">No sessions on this day.</p>
          ) : (
            <ul className="mt-2 space-y-1.5 text-sm text-stone-700">
              {selectedSessions.map((booking) => (
                <li key={booking.id}>
                  <span className="font-semibold tabular-nums">{timeLabelIn(zone, Date.parse(booking.startsAt))}</span>{' '}
                  · {SESSION_TYPE_LABELS[booking.sessionType]} with {booking.clientName} ({booking.duration} min)
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </div>
  );
}
