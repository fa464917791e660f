import { AVAILABILITY_SLOTS, type AvailabilityInput, type AvailabilitySlot } from '@hunted/contracts';

/**
 * The slot rules of the spec's "Availability editing": switching a day on offers all 12 hours, switching it off
 * clears them, a slot toggles on its own, and a day is available exactly when it offers at least one slot.
 */

/** The slots a day offers after its switch is turned on (every hour) or off (none). */
export function slotsForDay(on: boolean): AvailabilitySlot[] {
  return on ? [...AVAILABILITY_SLOTS] : [];
}

/** The slots with `slot` added or removed, in the day's order. */
export function toggleSlot(slots: readonly AvailabilitySlot[], slot: AvailabilitySlot): AvailabilitySlot[] {
  const next = new Set(slots);
  if (next.has(slot)) next.delete(slot);
  else next.add(slot);
  return AVAILABILITY_SLOTS.filter((label) => next.has(label));
}

/** What POST /api/hunter-availability is sent for a date. */
export function dateRecord(date: string, timeSlots: readonly AvailabilitySlot[]): Required<AvailabilityInput> {
  return { date, timeSlots: [...timeSlots], isAvailable: timeSlots.length > 0 };
}

/** Green when offered, red when the day is on but the hour is not, grey (and disabled) on a day off. */
export type SlotState = 'offered' | 'not-offered' | 'day-off';

export function slotState(slots: readonly AvailabilitySlot[], slot: AvailabilitySlot): SlotState {
  if (slots.length === 0) return 'day-off';
  return slots.includes(slot) ? 'offered' : 'not-offered';
}

/** '09:00–21:00' style summary of the hours offered: the first slot's start to the last slot's end. */
export function hoursSummary(slots: readonly AvailabilitySlot[]): string {
  if (slots.length === 0) return 'Day off';
  const first = slots[0]!;
  const lastStart = Number(slots[slots.length - 1]!.slice(0, 2));
  const end = `${String(lastStart + 1).padStart(2, '0')}:00`;
  const hours = `${slots.length} ${slots.length === 1 ? 'hour' : 'hours'}`;
  return `${hours} · ${first}–${end}`;
}
