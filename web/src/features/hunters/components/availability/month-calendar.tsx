import { longDateLabel, type AvailabilityDay } from '@hunted/contracts';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import {
  addMonths,
  CALENDAR_WEEKDAY_LABELS,
  calendarGrid,
  monthLabel,
  monthNavigation,
  type CalendarDay,
  type CalendarMonth,
} from '../../lib/availability-calendar';
import { Legend, type LegendItem } from './legend';

/**
 * The month grid: six weeks, Sunday first. Only this month's days from today on can be picked; picking the
 * selected day again clears the selection. Each day shows whether it is offered, and a dot when it has hours of
 * its own instead of its weekday's.
 */
export function MonthCalendar({
  month,
  today,
  days,
  selected,
  onSelect,
  onMonthChange,
  loading,
}: {
  month: CalendarMonth;
  today: string;
  days: ReadonlyMap<string, AvailabilityDay>;
  selected: string | null;
  onSelect: (date: string | null) => void;
  onMonthChange: (month: CalendarMonth) => void;
  loading: boolean;
}) {
  const navigation = monthNavigation(month, today);
  const title = monthLabel(month);
  return (
    <div>
      <div className="flex items-center justify-between gap-3">
        <h3 className="text-lg font-bold text-stone-900" aria-live="polite">
          {title}
        </h3>
        <div className="flex items-center gap-1">
          <Button
            variant="ghost"
            size="icon"
            aria-label="Previous month"
            disabled={!navigation.previous}
            onClick={() => onMonthChange(addMonths(month, -1))}
          >
            <ChevronLeft className="h-5 w-5" aria-hidden />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label="Next month"
            disabled={!navigation.next}
            onClick={() => onMonthChange(addMonths(month, 1))}
          >
            <ChevronRight className="h-5 w-5" aria-hidden />
          </Button>
        </div>
      </div>

      <div
        role="grid"
        aria-label={title}
        aria-busy={loading}
        className={cn('mt-4 transition-opacity', loading && 'opacity-60')}
      >
        <div role="row" className="grid grid-cols-7 gap-1 sm:gap-1.5">
          {CALENDAR_WEEKDAY_LABELS.map((weekday) => (
            <div
              key={weekday}
              role="columnheader"
              className="pb-1 text-center text-[11px] font-semibold tracking-wide text-stone-500 uppercase"
            >
              {weekday}
            </div>
          ))}
        </div>
        {weeksOf(calendarGrid(month, today)).map((week) => (
          <div key={week[0]!.date} role="row" className="mt-1 grid grid-cols-7 gap-1 sm:mt-1.5 sm:gap-1.5">
            {week.map((day) => (
              <div key={day.date} role="gridcell">
                <DayButton
                  day={day}
                  availability={days.get(day.date)}
                  selected={day.date === selected}
                  onClick={() => onSelect(day.date === selected ? null : day.date)}
                />
              </div>
            ))}
          </div>
        ))}
      </div>
      <Legend items={calendarLegend} className="mt-4" />
    </div>
  );
}

function weeksOf(days: CalendarDay[]): CalendarDay[][] {
  return Array.from({ length: days.length / 7 }, (_, week) => days.slice(week * 7, week * 7 + 7));
}

/** One set of colour classes per state, so no two rules fight over the same property. */
function dayColours(day: CalendarDay, selected: boolean, offered: boolean): string {
  if (selected) return 'bg-stone-900 text-white shadow-md ring-2 ring-stone-900';
  if (!day.selectable) return 'cursor-default text-stone-300';
  const ring = day.isToday ? 'ring-2 ring-brand-500' : offered ? 'ring-1 ring-emerald-200' : 'ring-1 ring-stone-200';
  const fill = offered
    ? 'bg-emerald-50 text-emerald-900 hover:bg-emerald-100'
    : 'bg-stone-50 text-stone-500 hover:bg-stone-100';
  return cn(ring, fill);
}

function DayButton({
  day,
  availability,
  selected,
  onClick,
}: {
  day: CalendarDay;
  availability: AvailabilityDay | undefined;
  selected: boolean;
  onClick: () => void;
}) {
  const offered = day.inMonth && availability?.isAvailable === true;
  const ownHours = day.inMonth && availability?.source === 'date';
  const hours = availability?.timeSlots.length ?? 0;
  const description = !day.inMonth
    ? ''
    : [
        availability ? (offered ? `${hours} ${hours === 1 ? 'hour' : 'hours'} offered` : 'day off') : '',
        ownHours ? 'own hours' : '',
        day.isToday ? 'today' : '',
      ]
        .filter(Boolean)
        .join(', ');
  return (
    <button
      type="button"
      disabled={!day.selectable}
      aria-pressed={day.selectable ? selected : undefined}
      data-date={day.date}
      onClick={onClick}
      className={cn(
        'relative flex aspect-square w-full flex-col items-center justify-center rounded-xl text-sm font-semibold tabular-nums transition',
        'focus-visible:ring-4 focus-visible:ring-brand-100 focus-visible:outline-none sm:aspect-[5/4]',
        dayColours(day, selected, offered),
      )}
    >
      {/* The name is the whole date and its state, read in place of the short figures drawn (no aria-label, whose
          name would not contain the visible text). */}
      <span className="sr-only">{description ? `${longDateLabel(day.date)}, ${description}` : longDateLabel(day.date)}</span>
      <span aria-hidden>{day.dayOfMonth}</span>
      {day.selectable && availability ? (
        <span
          aria-hidden
          className={cn(
            'hidden text-[10px] leading-none font-medium sm:block sm:mt-1',
            selected ? 'text-stone-300' : offered ? 'text-emerald-800' : 'text-stone-600',
          )}
        >
          {offered ? `${hours}h` : 'Off'}
        </span>
      ) : null}
      {ownHours ? (
        <span
          aria-hidden
          data-testid="own-hours-mark"
          className={cn(
            'absolute top-1.5 right-1.5 h-1.5 w-1.5 rounded-full',
            selected ? 'bg-amber-300' : 'bg-amber-500',
          )}
        />
      ) : null}
    </button>
  );
}

const calendarLegend: LegendItem[] = [
  { swatch: 'bg-emerald-100 ring-1 ring-emerald-300', text: 'Available' },
  { swatch: 'bg-stone-100 ring-1 ring-stone-300', text: 'Day off' },
  { swatch: 'rounded-full bg-amber-500', text: 'Own hours for the date' },
  { swatch: 'ring-2 ring-brand-500', text: 'Today' },
];
