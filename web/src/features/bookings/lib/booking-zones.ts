import type { MyBooking } from '@hunted/contracts';
import { viewerTimeZone } from '@/lib/time-zone';
import { hunterZoneOf, type TwoZones } from '@/lib/zoned-time';

/**
 * The two clocks a client's booking is read on: the client's own (the browser's) and the hunter's, first for an
 * in-person session (it takes place at the hunter's). The hunter's zone is the booking's when the API sends it
 * (`hunterTimeZone`, issue 38), else `hunterZone` (a slots answer's), else their location's.
 */
export function myBookingZones(booking: MyBooking, hunterZone?: string): TwoZones {
  const sent = (booking as MyBooking & { hunterTimeZone?: string | null }).hunterTimeZone;
  return {
    viewerZone: viewerTimeZone(),
    otherZone: hunterZone ?? hunterZoneOf({ timeZone: sent, location: booking.hunterLocation }),
    placeFirst: booking.sessionType === 'inPerson',
  };
}
