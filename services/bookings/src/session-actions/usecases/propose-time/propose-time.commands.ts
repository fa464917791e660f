import type { AuthenticatedUser } from '@hunted/platform';

/** The booking's hunter suggests another London date and time. */
export interface ProposeTimeCommand {
  user: AuthenticatedUser;
  bookingId: string;
  sessionDate: string;
  sessionTime: string;
  message?: string | null;
}
