import type { AuthenticatedUser } from '@hunted/platform';

/** The client disputes the hunter's no-show mark, saying why. */
export interface DisputeNoShowCommand {
  user: AuthenticatedUser;
  bookingId: string;
  reason: string;
}
