import { longDateLabel, type AvailabilityDay, type AvailabilitySlot } from '@hunted/contracts';
import { CalendarDays, RotateCcw } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/switch';
import { useRevertDateAvailability } from '../../api/revert-date-availability';
import { useSetDateAvailability } from '../../api/set-date-availability';
import { WEEKDAY_LABELS, weekdayOf } from '../../lib/availability-calendar';
import { dateRecord, hoursSummary, slotsForDay, toggleSlot } from '../../lib/availability-slots';
import { availabilityToasts } from './availability-toasts';
import { bookedLegendItem, SlotGrid, slotLegend } from './slot-grid';
import { Legend } from './legend';

/**
 * The selected date's hours. Every change is saved at once for that date (POST), which gives the date hours of
 * its own; 'Reset to weekly hours' drops them (DELETE). While a save is on its way the new hours show and the
 * controls wait, so two saves of one date never race.
 */
export function DayEditor({
  day,
  loading,
  booked,
}: {
  day: AvailabilityDay;
  loading: boolean;
  /** Hours clients have booked on this date (marked; still editable: a change never moves a booking). */
  booked: readonly AvailabilitySlot[];
}) {
  const save = useSetDateAvailability(availabilityToasts);
  const reset = useRevertDateAvailability(availabilityToasts);
  const busy = loading || save.isPending || reset.isPending;
  const slots: readonly AvailabilitySlot[] = save.isPending ? save.variables.timeSlots : day.timeSlots;
  const weekday = WEEKDAY_LABELS[weekdayOf(day.date)];
  const saveSlots = (next: AvailabilitySlot[]) => save.mutate(dateRecord(day.date, next));
  const label = longDateLabel(day.date);

  return (
    <div>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">Selected date</p>
          <h3 className="mt-1 text-lg font-bold text-stone-900">{label}</h3>
          <p className="mt-1 text-sm text-stone-500">{hoursSummary(slots)}</p>
        </div>
        <Switch
          checked={slots.length > 0}
          onCheckedChange={(on) => saveSlots(slotsForDay(on))}
          disabled={busy}
          aria-label={`Available on ${label}`}
          className="mt-1"
        />
      </div>

      {day.source === 'date' ? (
        <div className="mt-4 rounded-xl bg-amber-50/70 px-3 py-3 text-sm text-stone-700 ring-1 ring-amber-100">
          <p className="flex flex-wrap items-center gap-2">
            <Badge tone="amber">Own hours</Badge>
            <span>Changed from your {weekday} hours.</span>
          </p>
          <Button variant="outline" size="sm" className="mt-3" disabled={busy} onClick={() => reset.mutate(day.date)}>
            <RotateCcw className="h-4 w-4" aria-hidden /> Reset to weekly hours
          </Button>
        </div>
      ) : (
        <p className="mt-4 rounded-xl bg-stone-50 px-3 py-2.5 text-sm text-stone-600">
          Follows your {weekday} weekly hours. A change here applies to this date only.
        </p>
      )}

      <SlotGrid
        label={`Hours on ${label}`}
        slots={slots}
        booked={booked}
        disabled={busy}
        onToggle={(slot) => saveSlots(toggleSlot(slots, slot))}
        className="mt-4"
      />
      <Legend items={booked.length > 0 ? [...slotLegend, bookedLegendItem] : slotLegend} className="mt-3" />
    </div>
  );
}

/** Shown beside the calendar until a date is picked. */
export function NoDateSelected() {
  return (
    <div className="flex h-full flex-col items-center justify-center px-4 py-10 text-center">
      <span className="flex h-12 w-12 items-center justify-center rounded-2xl bg-brand-50 text-brand-600">
        <CalendarDays className="h-6 w-6" aria-hidden />
      </span>
      <p className="mt-4 font-semibold text-stone-900">Pick a date to edit its hours</p>
      <p className="mt-1 max-w-xs text-sm text-stone-500">
        Switch a day on to offer all twelve hours, off to take it off, or tap single hours. Each change saves at once.
      </p>
    </div>
  );
}
