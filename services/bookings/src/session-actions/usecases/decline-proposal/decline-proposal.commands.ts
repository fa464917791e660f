import type { AuthenticatedUser } from '@hunted/platform';

/** The client declines the hunter's suggested time. */
export interface DeclineProposalCommand {
  user: AuthenticatedUser;
  bookingId: string;
}
