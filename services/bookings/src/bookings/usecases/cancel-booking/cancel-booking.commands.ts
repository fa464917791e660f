import type { AuthenticatedUser } from '@hunted/platform';

/** The client or the hunter cancels a confirmed booking. */
export interface CancelBookingCommand {
  user: AuthenticatedUser;
  bookingId: string;
}
