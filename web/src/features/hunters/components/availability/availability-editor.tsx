import { SITE_TIME_ZONE, dateIn, placeOfZone, type AvailabilityDay, type AvailabilitySlot } from '@hunted/contracts';
import { CalendarOff, Clock } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { useAvailability } from '../../api/get-availability';
import { useHunterProfile } from '../../api/get-hunter-profile';
import { monthOf, monthRange, type CalendarMonth } from '../../lib/availability-calendar';
import { BlockDatesForm } from './block-dates-form';
import { DayEditor, NoDateSelected } from './day-editor';
import { MonthCalendar } from './month-calendar';
import { WeeklyHoursEditor } from './weekly-hours-editor';

/**
 * 'Manage Your Availability': the month's days as they resolve (a date's own hours, else its weekday's), the
 * selected date's hours, the weekly hours every date follows, and blocking a run of dates. The hours and dates are
 * the hunter's own zone's wall clock (their profile's `timeZone`), which the note names, and so is the calendar's
 * "today" (the first date they may set, as the server checks it).
 * `bookedHours` (the dashboard's, from bookings) marks the hours clients have already taken on each date.
 */
export function AvailabilityEditor({
  bookedHours,
}: {
  bookedHours?: ReadonlyMap<string, readonly AvailabilitySlot[]>;
} = {}) {
  // The profile is already read by the dashboard around this tab: this is its cached answer.
  const zone = useHunterProfile().data?.timeZone ?? SITE_TIME_ZONE;
  const today = dateIn(zone, Date.now());
  const city = placeOfZone(zone);
  const [month, setMonth] = useState<CalendarMonth>(() => monthOf(today));
  const [selected, setSelected] = useState<string | null>(null);
  const { startDate, endDate } = monthRange(month);
  const availability = useAvailability(startDate, endDate);
  // A failed read shows an empty month, without a message (spec, section 8).
  const days = useMemo(
    () => new Map((availability.isError ? [] : (availability.data ?? [])).map((day) => [day.date, day])),
    [availability.isError, availability.data],
  );
  const loading = availability.isPending || availability.isPlaceholderData;

  const showMonth = (next: CalendarMonth) => {
    setMonth(next);
    setSelected(null);
  };

  return (
    <section aria-labelledby="availability-title">
      <div className="mb-6">
        <h2 id="availability-title" className="text-2xl font-bold tracking-tight text-stone-900">
          Manage Your Availability
        </h2>
        <p className="mt-1 text-sm text-stone-600">
          Choose the hours clients can book you. Times are {city} time ({zone}).
        </p>
      </div>

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1.45fr)_minmax(0,1fr)]">
        <Card>
          <MonthCalendar
            month={month}
            today={today}
            days={days}
            selected={selected}
            onSelect={setSelected}
            onMonthChange={showMonth}
            loading={loading}
          />
        </Card>
        <div className="grid gap-6">
          <Card>
            {selected ? (
              <DayEditor
                key={selected}
                day={days.get(selected) ?? dayOff(selected)}
                loading={loading}
                booked={bookedHours?.get(selected) ?? NONE_BOOKED}
              />
            ) : (
              <NoDateSelected />
            )}
          </Card>
          <Card
            icon={<CalendarOff aria-hidden />}
            title="Block dates"
            description="Away for a while? Every day in the range becomes a day off."
          >
            <BlockDatesForm today={today} onBlocked={(first) => showMonth(monthOf(first))} />
          </Card>
        </div>
      </div>

      <Card
        className="mt-6"
        icon={<Clock aria-hidden />}
        title="Weekly hours"
        description="Your usual week. Every date follows its weekday unless you give it hours of its own."
      >
        <WeeklyHoursEditor />
      </Card>
    </section>
  );
}

/** What a date is when the month's answer does not have it (a failed read): a day off. */
function dayOff(date: string): AvailabilityDay {
  return { date, timeSlots: [], isAvailable: false, source: 'weekly' };
}

function Card({
  icon,
  title,
  description,
  className,
  children,
}: {
  icon?: ReactNode;
  title?: string;
  description?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={`rounded-3xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6 ${className ?? ''}`}>
      {title ? (
        <div className="mb-5 flex items-start gap-3">
          {icon ? (
            <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600 [&_svg]:h-5 [&_svg]:w-5">
              {icon}
            </span>
          ) : null}
          <div>
            <h3 className="text-lg font-bold text-stone-900">{title}</h3>
            {description ? <p className="mt-0.5 text-sm text-stone-500">{description}</p> : null}
          </div>
        </div>
      ) : null}
      {children}
    </div>
  );
}

const NONE_BOOKED: readonly AvailabilitySlot[] = [];
