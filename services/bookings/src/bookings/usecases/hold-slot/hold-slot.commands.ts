import type { SessionTypeKey } from '@hunted/contracts';
import type { AuthenticatedUser } from '@hunted/platform';

/** A member asks to hold a time (and get the intent that pays for it). */
export interface HoldSlotCommand {
  user: AuthenticatedUser;
  hunterId: number;
  sessionType: SessionTypeKey;
  /** London date. */
  sessionDate: string;
  sessionTime: string;
}
