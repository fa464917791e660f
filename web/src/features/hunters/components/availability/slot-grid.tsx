import { AVAILABILITY_SLOTS, type AvailabilitySlot } from '@hunted/contracts';
import { cn } from '@/components/ui/cn';
import { slotState, type SlotState } from '../../lib/availability-slots';
import type { LegendItem } from './legend';

const stateClasses: Record<SlotState, string> = {
  offered: 'border-emerald-700 bg-emerald-700 text-white shadow-sm hover:bg-emerald-800',
  'not-offered': 'border-red-200 bg-red-50 text-red-700 hover:border-red-300 hover:bg-red-100',
  'day-off': 'border-stone-200 bg-stone-100 text-stone-400',
};

/**
 * A day's twelve hours as toggles: green when offered, red when the day is on but the hour is not, grey and
 * disabled on a day off (spec, "Availability editor"). Each button is named by its hour; the group by its day.
 * An hour a client has booked carries a dot and says so to screen readers.
 */
export function SlotGrid({
  label,
  slots,
  booked = [],
  onToggle,
  disabled = false,
  className,
}: {
  label: string;
  slots: readonly AvailabilitySlot[];
  booked?: readonly AvailabilitySlot[];
  onToggle: (slot: AvailabilitySlot) => void;
  disabled?: boolean;
  className?: string;
}) {
  return (
    <div role="group" aria-label={label} className={cn('grid grid-cols-6 gap-1.5 sm:gap-2', className)}>
      {AVAILABILITY_SLOTS.map((slot) => {
        const state = slotState(slots, slot);
        const isBooked = booked.includes(slot);
        return (
          <button
            key={slot}
            type="button"
            aria-pressed={state === 'offered'}
            data-state={state}
            disabled={disabled || state === 'day-off'}
            onClick={() => onToggle(slot)}
            className={cn(
              'relative h-9 min-w-0 rounded-lg border text-xs font-semibold tabular-nums transition-colors sm:text-[13px]',
              'focus-visible:ring-4 focus-visible:ring-brand-100 focus-visible:outline-none',
              'disabled:cursor-not-allowed',
              stateClasses[state],
              disabled && state !== 'day-off' && 'opacity-70',
            )}
          >
            {slot}
            {isBooked ? (
              <>
                <span
                  aria-hidden
                  className="absolute top-1 right-1 h-1.5 w-1.5 rounded-full bg-amber-400 ring-1 ring-white"
                />
                <span className="sr-only"> (booked)</span>
              </>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}

/** The key to the slot colours, under a grid. */
export const slotLegend: LegendItem[] = [
  { swatch: 'bg-emerald-700', text: 'Offered' },
  { swatch: 'bg-red-100 ring-1 ring-red-200', text: 'Not offered' },
  { swatch: 'bg-stone-200', text: 'Day off' },
];

/** Added to the key on a date that has bookings. */
export const bookedLegendItem: LegendItem = { swatch: 'rounded-full bg-amber-400', text: 'Booked by a client' };
