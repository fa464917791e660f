import type { SessionTypeKey, Slot } from '@hunted/contracts';
import { BOOKING_RULES } from '@hunted/contracts';
import { ChevronLeft, ChevronRight, Globe } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Spinner } from '@/components/ui/spinner';
import { useSlots } from '../api/get-slots';
import { useUnauthorizedRedirect } from '../hooks/use-unauthorized-redirect';
import {
  addDays,
  dayOfWeek,
  londonDate,
  mondayOf,
  shortDateLabel,
  timeZoneNote,
  weekDates,
  weekdayLabel,
} from '../lib/london-week';

export interface SlotChoice {
  date: string;
  slot: Slot;
}

const isWeekend = (date: string) => dayOfWeek(date) === 0 || dayOfWeek(date) === 6;

/**
 * A week of a hunter's bookable starts for one session type: Monday to Friday, plus Saturday and Sunday when they
 * offer something; previous and next week; the London offset of the dates shown. Slots come from the server, which
 * already left out past, too-soon, taken and held times.
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
  const [thisMonday] = useState(() => mondayOf(londonDate(Date.now())));
  const [monday, setMonday] = useState(thisMonday);
  const lastMonday = mondayOf(addDays(londonDate(Date.now()), BOOKING_RULES.maxDaysAhead));
  const dates = weekDates(monday);
  const slots = useSlots(hunterId, sessionType, dates[0]!, dates[6]!);
  useUnauthorizedRedirect(slots.error);

  const slotsByDate = new Map((slots.data?.days ?? []).map((day) => [day.date, day.slots]));
  const shown = dates.filter((date) => !isWeekend(date) || (slotsByDate.get(date)?.length ?? 0) > 0);

  return (
    <div>
      <div className="flex items-center justify-between gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={() => setMonday(addDays(monday, -7))}
          disabled={monday <= thisMonday}
          aria-label="Previous week"
        >
          <ChevronLeft className="h-4 w-4" aria-hidden /> <span className="hidden sm:inline">Previous</span>
        </Button>
        <p className="text-sm font-semibold text-stone-800" aria-live="polite">
          {shortDateLabel(dates[0]!)} – {shortDateLabel(dates[4]!)}
        </p>
        <Button
          variant="outline"
          size="sm"
          onClick={() => setMonday(addDays(monday, 7))}
          disabled={monday >= lastMonday}
          aria-label="Next week"
        >
          <span className="hidden sm:inline">Next</span> <ChevronRight className="h-4 w-4" aria-hidden />
        </Button>
      </div>

      <p className="mt-3 flex items-center gap-1.5 text-xs text-stone-500">
        <Globe className="h-3.5 w-3.5" aria-hidden /> Times shown in {timeZoneNote(shown)}
      </p>

      {sessionType === null ? (
        <p className="mt-5 rounded-2xl bg-stone-50 px-4 py-6 text-center text-sm text-stone-600">
          Choose a service type to see the available times.
        </p>
      ) : slots.isPending ? (
        <Spinner label="Loading available times..." />
      ) : slots.isError ? (
        <p className="mt-5 rounded-2xl bg-red-50 px-4 py-6 text-center text-sm text-red-700">
          The available times could not be loaded. Please try again.
        </p>
      ) : (
        <div
          className={cn(
            'mt-4 grid gap-3',
            shown.length > 5 ? 'grid-cols-2 sm:grid-cols-4 lg:grid-cols-7' : 'grid-cols-2 sm:grid-cols-5',
          )}
        >
          {shown.map((date) => {
            const daySlots = slotsByDate.get(date) ?? [];
            return (
              <section key={date} aria-label={`${weekdayLabel(date)} ${shortDateLabel(date)}`} className="min-w-0">
                <h4 className="text-center text-xs font-semibold tracking-wide text-stone-500 uppercase">
                  {weekdayLabel(date)}
                  <span className="block text-sm font-bold tracking-normal text-stone-900 normal-case">
                    {shortDateLabel(date)}
                  </span>
                </h4>
                <div className="mt-2 flex flex-col gap-1.5">
                  {daySlots.length === 0 ? (
                    <p className="rounded-lg bg-stone-50 py-2 text-center text-xs text-stone-400">No times</p>
                  ) : (
                    daySlots.map((slot) => {
                      const isSelected = selected?.date === date && selected.slot.time === slot.time;
                      return (
                        <button
                          key={slot.time}
                          type="button"
                          aria-pressed={isSelected}
                          aria-label={`${weekdayLabel(date)} ${shortDateLabel(date)} at ${slot.time}`}
                          onClick={() => onSelect({ date, slot })}
                          className={cn(
                            'h-9 rounded-lg border text-sm font-medium tabular-nums transition-colors',
                            isSelected
                              ? 'border-brand-600 bg-brand-600 text-white'
                              : 'border-stone-200 bg-white text-stone-800 hover:border-brand-400 hover:bg-brand-50',
                          )}
                        >
                          {slot.time}
                        </button>
                      );
                    })
                  )}
                </div>
              </section>
            );
          })}
        </div>
      )}
    </div>
  );
}
