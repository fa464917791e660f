import type { AuthenticatedUser } from '@hunted/platform';

/** A member lets their own unpaid hold go before it expires. */
export interface ReleaseHoldCommand {
  user: AuthenticatedUser;
  bookingId: string;
}
