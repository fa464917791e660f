import type { BookingAttendance } from '@hunted/contracts';
import type { AuthenticatedUser } from '@hunted/platform';

/** The booking's hunter marks a started session held or a no-show. */
export interface MarkAttendanceCommand {
  user: AuthenticatedUser;
  bookingId: string;
  attendance: BookingAttendance;
}
