import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { now, pruneUploadQuotaDays } from '@hunted/platform';
import { DataSource, type EntityManager } from 'typeorm';

export interface StoredBookingPhoto {
  bytes: Buffer;
  ownerUserId: string;
  bookingId: string | null;
}

/**
 * The one owner of booking_photos: a client's uploads, unattached until a hold or a free booking of theirs takes
 * them (each photo at most one booking), pruned after a day if none does.
 */
@Injectable()
export class BookingPhotosRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Dated by the service clock, as the prune reads it (a test may move the clock a day on). */
  async insert(manager: EntityManager, photo: { id: string; ownerUserId: string; bytes: Buffer; contentType: string }): Promise<void> {
    await manager.query(
      `insert into booking_photos (id, owner_user_id, bytes, content_type, created_at) values ($1, $2, $3, $4, $5)`,
      [photo.id, photo.ownerUserId, photo.bytes, photo.contentType, now()],
    );
  }

  /**
   * Gives the booking the photos of `ids` that are `ownerUserId`'s and not another booking's (a retried hold finds
   * its own again); answers how many it took, so the caller refuses the rest in the same transaction.
   */
  async attach(manager: EntityManager, bookingId: string, ownerUserId: string, ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const [, count] = await manager.query<[unknown[], number]>(
      `update booking_photos set booking_id = $1
       where id = any($2::uuid[]) and owner_user_id = $3 and (booking_id is null or booking_id = $1)`,
      [bookingId, ids, ownerUserId],
    );
    return count;
  }

  async find(id: string): Promise<StoredBookingPhoto | null> {
    const rows = await this.dataSource.query<StoredBookingPhoto[]>(
      `select bytes, owner_user_id as "ownerUserId", booking_id as "bookingId" from booking_photos where id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  /**
   * Uploads no booking took within a day (an abandoned booking form), by the service clock: deleted, with the
   * upload ledger's days no allowance reads any more. Returns how many photos went.
   */
  async pruneUnattached(): Promise<number> {
    const [, count] = await this.dataSource.query<[unknown[], number]>(
      `delete from booking_photos where booking_id is null and created_at < $1::timestamptz - interval '1 day'`,
      [now()],
    );
    await pruneUploadQuotaDays(this.dataSource.manager);
    return count;
  }

  /** Every photo the member uploaded, with its bytes, oldest first (their export). */
  async ofOwner(manager: EntityManager, ownerUserId: string): Promise<ExportedBookingPhoto[]> {
    return manager.query<ExportedBookingPhoto[]>(
      `select id, booking_id as "bookingId", content_type as "contentType", bytes, created_at as "createdAt"
         from booking_photos where owner_user_id = $1 order by created_at, id`,
      [ownerUserId],
    );
  }

  /**
   * An erased member's photos go: every one they uploaded, and those of their bookings that are deleted (a free
   * session's client's photos go with it). Photos another client attached to a kept booking of the erased hunter
   * stay: they are that client's. Returns how many went.
   */
  async deleteForErasure(manager: EntityManager, ownerUserId: string, deletedBookingIds: readonly string[]): Promise<number> {
    const [, count] = await manager.query<[unknown[], number]>(
      `delete from booking_photos where owner_user_id = $1 or booking_id = any($2::uuid[])`,
      [ownerUserId, deletedBookingIds],
    );
    return count;
  }
}

/** A booking photo as its uploader's export carries it. */
export interface ExportedBookingPhoto {
  id: string;
  bookingId: string | null;
  contentType: string;
  bytes: Buffer;
  createdAt: Date;
}
