import type { PassportShares } from '@hunted/contracts';
import type { EntityManager } from 'typeorm';

/**
 * A deleted member's part of the tables the platform owns in a service's schema (the users copy, the booking copy,
 * the upload allowance's ledger): the service's UserDataEraser calls these in its inbox transaction, since the
 * service's own code never names those tables (each service's table-owners rule). The users copy's row goes with
 * `UserCopies.forget`, the allowance's days with `forgetUploadQuotaOf`.
 */

/**
 * The member leaves the service's booking copy: as a hunter, their member id is forgotten (nobody reads as the
 * booking's hunter any more); as a client, their bookings' copies go, except `keepForClient` (copies something the
 * service keeps still points at, e.g. a review kept as 'Former member'), which lose the client's id instead. The
 * service's migration must let `client_user_id` be null before it keeps any.
 */
export async function forgetMemberInBookingCopies(
  manager: EntityManager,
  userId: string,
  keepForClient: readonly string[] = [],
): Promise<void> {
  await manager.query('update booking_copies set hunter_user_id = null where hunter_user_id = $1', [userId]);
  if (keepForClient.length > 0) {
    await manager.query(
      'update booking_copies set client_user_id = null where client_user_id = $1 and booking_id = any($2::text[])',
      [userId, keepForClient],
    );
  }
  await manager.query('delete from booking_copies where client_user_id = $1', [userId]);
}

/** A booking of the member's as a client, as the service's copy knows it (their export's passport grants). */
export interface ClientBookingCopy {
  bookingId: string;
  hunterId: number | null;
  sessionType: string | null;
  startsAt: Date | null;
  endsAt: Date;
  status: string;
  passport: Partial<PassportShares> | null;
  passportUntil: Date | null;
  firstHeardAt: Date;
}

/** The member's bookings as a client in the copy, oldest first. */
export function bookingCopiesOfClient(manager: EntityManager, userId: string): Promise<ClientBookingCopy[]> {
  return manager.query(
    `select booking_id as "bookingId", hunter_id as "hunterId", session_type as "sessionType", starts_at as "startsAt",
            ends_at as "endsAt", status, passport, passport_until as "passportUntil", first_heard_at as "firstHeardAt"
       from booking_copies where client_user_id = $1 order by first_heard_at, booking_id`,
    [userId],
  );
}
