import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DEFAULT_PASSPORT_SHARES, type BookingEventV1, type PassportShares } from '@hunted/contracts';
import { DataSource, type EntityManager } from 'typeorm';

/** What brands knows of one booking's passport: who may read it, what is shared, and until when. */
export interface PassportGrant {
  bookingId: string;
  clientUserId: string;
  /** Null while the booked hunter is an unclaimed demo profile: nobody reads as its hunter then. */
  hunterUserId: string | null;
  shares: PassportShares;
  endsAt: Date;
  /** When bookings confirmed the booking: the hunter's access starts there. */
  grantedAt: Date;
  revokedAt: Date | null;
}

const GRANT_COLUMNS = `booking_id as "bookingId", client_user_id as "clientUserId", hunter_user_id as "hunterUserId",
  shares, ends_at as "endsAt", granted_at as "grantedAt", revoked_at as "revokedAt"`;

/**
 * The one owner of passport_grants: brands' copy of each booking's passport choices, written only from bookings'
 * events in their inbox transaction. Events may arrive late or twice (several consumers, retries): a row changes
 * only for news with a higher `sequence` (bookings raises it on every move and on the cancellation), and a
 * cancellation, once known, stays.
 */
@Injectable()
export class PassportGrants {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * A booking confirmed or moved (`revoked` false) or cancelled (`revoked` true), as of its event. Returns whether
   * the row changed (false for older news).
   */
  async apply(
    manager: EntityManager,
    booking: BookingEventV1,
    occurredAt: string,
    revoked: boolean,
  ): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `insert into passport_grants (booking_id, client_user_id, hunter_user_id, shares, ends_at, granted_at, revoked_at,
                                    sequence)
       values ($1, $2, $3, $4::jsonb, $5, $6, case when $7::boolean then $6::timestamptz end, $8)
       on conflict (booking_id) do update set
         client_user_id = excluded.client_user_id,
         hunter_user_id = coalesce(excluded.hunter_user_id, passport_grants.hunter_user_id),
         shares = excluded.shares,
         ends_at = excluded.ends_at,
         granted_at = least(passport_grants.granted_at, excluded.granted_at),
         revoked_at = coalesce(passport_grants.revoked_at, excluded.revoked_at),
         sequence = excluded.sequence,
         updated_at = now()
       where passport_grants.sequence < excluded.sequence
       returning booking_id`,
      [
        booking.bookingId,
        booking.clientUserId,
        booking.hunterUserId,
        JSON.stringify({ ...DEFAULT_PASSPORT_SHARES, ...booking.passport }),
        booking.endsAt,
        occurredAt,
        revoked,
        booking.sequence,
      ],
    );
    return rows.length > 0;
  }

  /** The grant of the booking, or null when brands has heard of no confirmation of it. */
  async find(bookingId: string): Promise<PassportGrant | null> {
    const rows = await this.dataSource.query<PassportGrant[]>(
      `select ${GRANT_COLUMNS} from passport_grants where booking_id = $1`,
      [bookingId],
    );
    return rows[0] ?? null;
  }
}
