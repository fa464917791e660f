import type { PassportShares, SessionTypeKey } from '@hunted/contracts';
import type { AuthenticatedUser } from '@hunted/platform';

/** A member asks to hold a time (and get the intent that pays for it). */
export interface HoldSlotCommand {
  user: AuthenticatedUser;
  hunterId: number;
  sessionType: SessionTypeKey;
  /** London date. */
  sessionDate: string;
  sessionTime: string;
  /** The client's question or brief (trimmed), and the ids of their uploaded photos. */
  notes?: string | null;
  photoIds?: string[];
  /** What of the style passport the hunter may see (absent: DEFAULT_PASSPORT_SHARES). */
  passport?: PassportShares;
  /** The client ticked the express request (a session within the 14-day cancellation period needs it). */
  expressRequest?: boolean;
}
