/** Events the identity service publishes (on `events:identity`). */

export interface UserRegisteredV1 {
  userId: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
}

export type UserUpdatedV1 = UserRegisteredV1 & {
  instagramUrl: string | null;
  /**
   * The member's own time zone (IANA), which emails and invites are written in; null while not known. Absent in
   * events from before it was kept (issue 38): a copy then keeps the zone it has.
   */
  timeZone?: string | null;
};

/** A member asked for a copy of everything Hunted holds about them: each service builds and stores its part. */
export interface DataExportRequestedV1 {
  exportId: string;
  userId: string;
}

/** Every service's part of an export is in: the member can download the archive until `expiresAt`. */
export interface DataExportReadyV1 {
  exportId: string;
  userId: string;
  expiresAt: string;
}

/** An export's time is over (seven days) or its owner was deleted: each service deletes its stored part. */
export interface DataExportExpiredV1 {
  exportId: string;
  userId: string;
}

/**
 * A member asked to delete their account. Bookings, which knows what is still open (upcoming sessions as client or
 * hunter, disputes, payouts owed), answers with bookings.user-deletion.cleared or .refused; nothing is erased yet.
 */
export interface UserDeletionRequestedV1 {
  deletionId: string;
  userId: string;
}

/**
 * The account is gone from identity (its row, sessions and photo): each service erases or anonymises what it holds
 * about `userId`, and reports `<service>.user-data.erased`. Redelivered or re-sent by an admin's retry: same effect.
 */
export interface UserDeletedV1 {
  deletionId: string;
  userId: string;
}
