import type { SessionTypeKey, Slot } from '@hunted/contracts';
import {
  BOOKING_RULES,
  SITE_TIME_ZONE,
  addDays,
  dayOfWeek,
  londonDateOf,
  mondayOf,
  shortDateLabel,
  weekDates,
  weekdayLabel,
} from '@hunted/contracts';
import { ChevronLeft, ChevronRight, Globe } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Spinner } from '@/components/ui/spinner';
import { useSlots } from '../api/get-slots';
import { useUnauthorizedRedirect } from '@/lib/use-unauthorized-redirect';
import { timeZoneNote } from '../lib/london-week';

export interface SlotChoice {
  date: string;
  slot: Slot;
}

const isWeekend = (date: string) => dayOfWeek(date) === 0 || dayOfWeek(date) === 6;

/**
 * A week of a hunter's bookable starts for one session type: Monday to Friday, plus Saturday and Sunday when they
 * offer something, as a row of days (each marked when it has a free time) over the chosen day's times; previous and
 * next week; the hunter's zone and its offset on the dates shown (the times are the hunter's wall clock). One day's times at a time keeps a full week (24 starts a day)
 * short on a phone. Slots come from the server, which already left out past, too-soon, taken and held times.
 */
export function SlotPicker({
  hunterId,
  sessionType,
  selected,
  onSelect,
}: {
  hunterId: number;
  sessionType: SessionTypeKey | null;
  selected: SlotChoice | null;
  onSelect: (choice: SlotChoice) => void;
}) {
  const [thisMonday] = useState(() => mondayOf(londonDateOf(Date.now())));
  const [monday, setMonday] = useState(thisMonday);
  const lastMonday = mondayOf(addDays(londonDateOf(Date.now()), BOOKING_RULES.maxDaysAhead));
  const dates = weekDates(monday);
  const slots = useSlots(hunterId, sessionType, dates[0]!, dates[6]!);
  useUnauthorizedRedirect(slots.error);

  const slotsByDate = new Map((slots.data?.days ?? []).map((day) => [day.date, day.slots]));
  const shown = dates.filter((date) => !isWeekend(date) || (slotsByDate.get(date)?.length ?? 0) > 0);
  // The day whose times are listed: the one picked, else the chosen slot's, else the week's first with a free time.
  const [day, setDay] = useState<string | null>(null);
  const openDay =
    (day && shown.includes(day) ? day : null) ??
    (selected && shown.includes(selected.date) ? selected.date : null) ??
    shown.find((date) => (slotsByDate.get(date)?.length ?? 0) > 0) ??
    shown[0]!;
  const openSlots = slotsByDate.get(openDay) ?? [];
  // This week may hold nothing free any more (on a Sunday evening it is over): then the picker opens on next week,
  // as scheduling tools open on the first time one can book, and says so. Only before the client moves weeks
  // themself, so going back to this week stays where they asked.
  const [navigated, setNavigated] = useState(false);
  const skippedThisWeek = !navigated && monday !== thisMonday;
  const thisWeekIsEmpty =
    monday === thisMonday &&
    slots.isSuccess &&
    !slots.isPlaceholderData &&
    slots.data.days.every((open) => open.slots.length === 0);
  // Until it moves, the empty week is not drawn: nobody (a person or a test) acts on a week about to change.
  const skipping = !navigated && thisWeekIsEmpty && thisMonday < lastMonday;
  useEffect(() => {
    if (!skipping) return;
    setMonday(addDays(thisMonday, 7));
  }, [skipping, thisMonday]);
  const goToWeek = (next: string) => {
    setNavigated(true);
    setMonday(next);
    setDay(null);
  };

  return (
    <div>
      <div className="flex items-center justify-between gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={() => goToWeek(addDays(monday, -7))}
          disabled={monday <= thisMonday}
          aria-label="Previous week"
        >
          <ChevronLeft className="h-4 w-4" aria-hidden /> <span className="hidden sm:inline">Previous</span>
        </Button>
        <p className="text-sm font-semibold text-stone-800" aria-live="polite">
          {shortDateLabel(shown[0] ?? dates[0]!)} – {shortDateLabel(shown.at(-1) ?? dates[4]!)}
        </p>
        <Button
          variant="outline"
          size="sm"
          onClick={() => goToWeek(addDays(monday, 7))}
          disabled={monday >= lastMonday}
          aria-label="Next week"
        >
          <span className="hidden sm:inline">Next</span> <ChevronRight className="h-4 w-4" aria-hidden />
        </Button>
      </div>

      <p className="mt-3 flex items-center gap-1.5 text-xs text-stone-500">
        <Globe className="h-3.5 w-3.5" aria-hidden /> Times shown in {timeZoneNote(slots.data?.timeZone ?? SITE_TIME_ZONE, shown)}
      </p>
      {skippedThisWeek ? (
        <p className="mt-2 text-sm text-stone-600">Nothing is free for the rest of this week, so here is next week.</p>
      ) : null}

      {sessionType === null ? (
        <p className="mt-5 rounded-2xl bg-stone-50 px-4 py-6 text-center text-sm text-stone-600">
          Choose a service type to see the available times.
        </p>
      ) : slots.isPending || skipping ? (
        <Spinner label="Loading available times..." />
      ) : slots.isError ? (
        <p className="mt-5 rounded-2xl bg-red-50 px-4 py-6 text-center text-sm text-red-700">
          The available times could not be loaded. Please try again.
        </p>
      ) : (
        <>
          <div
            role="group"
            aria-label="Days"
            className={cn('mt-4 grid gap-1.5', shown.length > 5 ? 'grid-cols-7' : 'grid-cols-5')}
          >
            {shown.map((date) => {
              const count = slotsByDate.get(date)?.length ?? 0;
              const isOpen = date === openDay;
              return (
                <button
                  key={date}
                  type="button"
                  aria-pressed={isOpen}
                  aria-label={`${weekdayLabel(date)} ${shortDateLabel(date)}, ${count} ${count === 1 ? 'time' : 'times'}`}
                  onClick={() => setDay(date)}
                  className={cn(
                    'flex min-w-0 flex-col items-center rounded-xl border px-1 py-2 text-center transition-colors',
                    isOpen
                      ? 'border-stone-900 bg-stone-900 text-white'
                      : count > 0
                        ? 'border-stone-200 bg-white text-stone-900 hover:border-brand-400'
                        : 'border-stone-100 bg-stone-50 text-stone-400',
                  )}
                >
                  <span className="text-[11px] font-semibold tracking-wide uppercase">{weekdayLabel(date)}</span>
                  <span className="text-sm font-bold">{Number(date.slice(8))}</span>
                  <span
                    className={cn('mt-0.5 h-1.5 w-1.5 rounded-full', count > 0 ? 'bg-brand-500' : 'bg-transparent')}
                  />
                </button>
              );
            })}
          </div>
          <section aria-label={`Times on ${weekdayLabel(openDay)} ${shortDateLabel(openDay)}`} className="mt-4">
            {openSlots.length === 0 ? (
              <p className="rounded-2xl bg-stone-50 px-4 py-6 text-center text-sm text-stone-600">
                No times free on this day. Try another day or week.
              </p>
            ) : (
              <div className="grid grid-cols-3 gap-2 sm:grid-cols-5 lg:grid-cols-6">
                {openSlots.map((slot) => {
                  const isSelected = selected?.date === openDay && selected.slot.time === slot.time;
                  return (
                    <button
                      key={slot.time}
                      type="button"
                      aria-pressed={isSelected}
                      aria-label={`${weekdayLabel(openDay)} ${shortDateLabel(openDay)} at ${slot.time}`}
                      onClick={() => onSelect({ date: openDay, slot })}
                      className={cn(
                        'h-10 rounded-lg border text-sm font-medium tabular-nums transition-colors',
                        isSelected
                          ? 'border-brand-600 bg-brand-600 text-white'
                          : 'border-stone-200 bg-white text-stone-800 hover:border-brand-400 hover:bg-brand-50',
                      )}
                    >
                      {slot.time}
                    </button>
                  );
                })}
              </div>
            )}
          </section>
        </>
      )}
    </div>
  );
}
