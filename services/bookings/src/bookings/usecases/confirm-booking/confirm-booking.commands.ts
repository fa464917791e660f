import type { PassportShares, SessionTypeKey } from '@hunted/contracts';
import type { AuthenticatedUser } from '@hunted/platform';

/** A member books: pays for their hold (the intent's id), or books a free type at once (no intent). */
export interface ConfirmBookingCommand {
  user: AuthenticatedUser;
  hunterId: number;
  sessionType: SessionTypeKey;
  sessionDate: string;
  sessionTime: string;
  /** The client's question or brief (trimmed), and the ids of their uploaded photos. */
  notes?: string | null;
  photoIds?: string[];
  /** A free type's passport choices (absent: DEFAULT_PASSPORT_SHARES); a paid booking keeps its hold's, as notes. */
  passport?: PassportShares;
  /** The client ticked the express request (a session within the 14-day cancellation period needs it). */
  expressRequest?: boolean;
  paymentIntentId: string | null;
}
