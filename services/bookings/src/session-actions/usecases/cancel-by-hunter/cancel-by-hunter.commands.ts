import type { AuthenticatedUser } from '@hunted/platform';

/** The booking's hunter cancels a confirmed booking not started yet, saying why. */
export interface CancelByHunterCommand {
  user: AuthenticatedUser;
  bookingId: string;
  reason: string;
}
