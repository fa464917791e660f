import type { AuthenticatedUser } from '@hunted/platform';

/** The client takes the hunter's suggested time. */
export interface AcceptProposalCommand {
  user: AuthenticatedUser;
  bookingId: string;
}
