import { AVAILABILITY_SLOTS, type AvailabilitySlot, type HunterBooking } from '@hunted/contracts';

const minutesOf = (label: string) => {
  const [hours, minutes] = label.split(':').map(Number);
  return hours! * 60 + minutes!;
};

/**
 * The offered hours each of the hunter's dates (their profile's zone) has taken by live bookings (confirmed, or held
 * for payment), for the availability editor to mark: an hour is taken when any session overlaps it (a 60-minute
 * session at 09:30 takes 09:00 and 10:00).
 * Wall-clock arithmetic on the labels the server gives in the hunter's zone, so a clock-change night shifts nothing.
 */
export function bookedHoursByDate(bookings: readonly HunterBooking[]): Map<string, AvailabilitySlot[]> {
  const byDate = new Map<string, AvailabilitySlot[]>();
  for (const booking of bookings) {
    if (booking.status !== 'confirmed' && booking.status !== 'pending_payment') continue;
    const start = minutesOf(booking.sessionTime);
    const end = start + booking.duration;
    const taken = AVAILABILITY_SLOTS.filter((slot) => {
      const hourStart = minutesOf(slot);
      return hourStart < end && start < hourStart + 60;
    });
    if (taken.length === 0) continue;
    const known = byDate.get(booking.sessionDate) ?? [];
    byDate.set(
      booking.sessionDate,
      AVAILABILITY_SLOTS.filter((slot) => known.includes(slot) || taken.includes(slot)),
    );
  }
  return byDate;
}
