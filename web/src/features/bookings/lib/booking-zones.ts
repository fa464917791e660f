import type { MyBooking } from '@hunted/contracts';
import { viewerTimeZone } from '@/lib/time-zone';
import type { TwoZones } from '@/lib/zoned-time';

/**
 * The two clocks a client's booking is read on: the client's own (the browser's) and the hunter's, first for an
 * in-person session (it takes place at the hunter's). The hunter's zone is `hunterZone` when the page has a fresher
 * one (a slots answer's), else the booking's (`hunterTimeZone`).
 */
export function myBookingZones(booking: MyBooking, hunterZone?: string): TwoZones {
  return {
    viewerZone: viewerTimeZone(),
    otherZone: hunterZone ?? booking.hunterTimeZone,
    placeFirst: booking.sessionType === 'inPerson',
  };
}
