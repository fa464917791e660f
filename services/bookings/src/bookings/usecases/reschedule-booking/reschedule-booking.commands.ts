import type { AuthenticatedUser } from '@hunted/platform';

/** The client moves a confirmed booking to another London date and time (same type, length and price). */
export interface RescheduleBookingCommand {
  user: AuthenticatedUser;
  bookingId: string;
  sessionDate: string;
  sessionTime: string;
}
