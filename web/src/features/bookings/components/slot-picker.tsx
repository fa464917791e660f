import type { SessionTypeKey, Slot, SlotsResponse } from '@hunted/contracts';
import {
  BOOKING_RULES,
  SITE_TIME_ZONE,
  addDays,
  dateIn,
  dayOfWeek,
  mondayOf,
  shortDateLabel,
  wallClockIn,
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
import { viewerTimeZone } from '@/lib/time-zone';
import { placeOfZone } from '@hunted/contracts';
import { besideTime, timeBeside } from '@/lib/zoned-time';
import { slotsOnClock, slotsTimeZone } from '../lib/slots-on-clock';
import { timeZoneNote } from '../lib/zoned-week';

/**
 * A chosen start. `date` and `slot.time` are the hunter's date and wall clock, as the slots answer gives them and as
 * holds, free bookings and reschedules send them back; `slot.startsAt` is the start itself, its identity.
 */
export interface SlotChoice {
  date: string;
  slot: Slot;
  /** The hunter's zone the date and time are read in. */
  timeZone: string;
}

/** One start as the picker lays it out: on the date and clock of the zone the picker shows (see `shownZone`). */
interface ShownSlot {
  choice: SlotChoice;
  /** The date it falls on in the shown zone. */
  date: string;
  /** What its button says: '09:00', or '09:00 your time · 10:00 in Madrid'. */
  label: string;
  /** The shown zone's time alone, '09:00', the button's big figure. */
  time: string;
  /** The other zone's reading beside it, or null when the two clocks agree. */
  beside: string | null;
}

const isWeekend = (date: string) => dayOfWeek(date) === 0 || dayOfWeek(date) === 6;

/** The hunter's starts on the shown zone's days of a week, each with what its button says. */
function shownSlots(
  response: SlotsResponse | undefined,
  shownZone: string,
  viewerZone: string,
  inPerson: boolean,
  week: string[],
): Map<string, ShownSlot[]> {
  const hunterZone = slotsTimeZone(response);
  const zones = { viewerZone, otherZone: hunterZone, placeFirst: inPerson };
  return new Map(
    [...slotsOnClock(response, shownZone, week)].map(([date, starts]) => [
      date,
      starts.map(({ hunterDate, slot, instant, time }) => ({
        choice: { date: hunterDate, slot, timeZone: hunterZone },
        date,
        label: timeBeside(instant, zones),
        time,
        beside: besideTime(instant, zones),
      })),
    ]),
  );
}

/**
 * A week of a hunter's bookable starts for one session type: Monday to Friday, plus Saturday and Sunday when they
 * offer something, as a row of days (each marked when it has a free time) over the chosen day's times; previous and
 * next week; the zone the times are in. Days and times are the client's own (their browser's zone), with the
 * hunter's local time beside whenever the two clocks differ; an in-person session is at the place's time, so its
 * days and times are the hunter's, with the client's beside. One day's times at a time keeps a full week (24 starts
 * a day) short on a phone. Slots come from the server, which already left out past, too-soon, taken and held times.
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
  const viewerZone = viewerTimeZone();
  const inPerson = sessionType === 'inPerson';
  // Weeks are the client's: Monday to Sunday on their calendar (an in-person week on the place's dates differs from
  // it by the hours between the two clocks, which the day either side fetched below covers).
  const [thisMonday] = useState(() => mondayOf(dateIn(viewerZone, Date.now())));
  const [monday, setMonday] = useState(thisMonday);
  const lastMonday = mondayOf(addDays(dateIn(viewerZone, Date.now()), BOOKING_RULES.maxDaysAhead));
  const dates = weekDates(monday);
  // The hunter's dates around the shown week: a day either side holds the starts that fall within it on the shown
  // clock when the hunter's is hours ahead or behind.
  const slots = useSlots(hunterId, sessionType, addDays(dates[0]!, -1), addDays(dates[6]!, 1));
  useUnauthorizedRedirect(slots.error);
  const hunterZone = slots.data ? slotsTimeZone(slots.data) : (selected?.timeZone ?? null);
  // An in-person session is at the place's time: its days and times are the hunter's clock, the client's beside.
  const shownZone = inPerson ? (hunterZone ?? SITE_TIME_ZONE) : viewerZone;

  const slotsByDate = shownSlots(slots.data, shownZone, viewerZone, inPerson, dates);
  const shown = dates.filter((date) => !isWeekend(date) || (slotsByDate.get(date)?.length ?? 0) > 0);
  const selectedDate = selected ? wallClockIn(shownZone, Date.parse(selected.slot.startsAt)).date : null;
  // The day whose times are listed: the one picked, else the chosen slot's, else the week's first with a free time.
  const [day, setDay] = useState<string | null>(null);
  const openDay =
    (day && shown.includes(day) ? day : null) ??
    (selectedDate && shown.includes(selectedDate) ? selectedDate : null) ??
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
    [...slotsByDate.values()].every((open) => open.length === 0);
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
        <Globe className="h-3.5 w-3.5" aria-hidden />
        {inPerson && hunterZone && hunterZone !== viewerZone
          ? `Times are ${placeOfZone(hunterZone)}'s, where the session takes place: ${timeZoneNote(shownZone, shown)}. Your time is beside each.`
          : `Times are in your time zone, ${timeZoneNote(shownZone, shown)}`}
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
                {openSlots.map((shownSlot) => {
                  const { choice, label } = shownSlot;
                  const isSelected = selected?.slot.startsAt === choice.slot.startsAt;
                  return (
                    <button
                      key={choice.slot.startsAt}
                      type="button"
                      aria-pressed={isSelected}
                      aria-label={`${weekdayLabel(openDay)} ${shortDateLabel(openDay)} at ${label}`}
                      onClick={() => onSelect(choice)}
                      className={cn(
                        'flex min-h-10 flex-col items-center justify-center rounded-lg border px-1 py-1 text-sm font-medium tabular-nums transition-colors',
                        isSelected
                          ? 'border-brand-600 bg-brand-600 text-white'
                          : 'border-stone-200 bg-white text-stone-800 hover:border-brand-400 hover:bg-brand-50',
                      )}
                    >
                      <span>{shownSlot.time}</span>
                      {shownSlot.beside ? (
                        <span
                          className={cn('text-[11px] font-normal', isSelected ? 'text-white/85' : 'text-stone-500')}
                        >
                          {shownSlot.beside}
                        </span>
                      ) : null}
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
