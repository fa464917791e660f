import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/**
 * A refund as it is recorded: what of the processor's report (payments' `RefundReport`, which has this shape) the
 * table keeps. Written here so the store imports nothing of the features above it.
 */
export interface RecordedRefund {
  id: string;
  paymentIntentId: string;
  amountPence: number;
  status: 'pending' | 'requires_action' | 'succeeded' | 'failed' | 'canceled';
  /** `metadata.bookingId`: set on the refunds bookings asks for (`ours`); null on one made in the dashboard. */
  bookingId: string | null;
  failureReason: string | null;
}

/**
 * The one owner of booking_refunds: every refund of a booking's payment, by the processor's refund id (the ones
 * bookings asks for, and any made elsewhere, e.g. the Stripe dashboard). Writes take the caller's transaction,
 * in which the booking's row is locked.
 */
@Injectable()
export class BookingRefundsRepository {
  /**
   * Records a report of a refund of the booking. A final status (succeeded, failed, canceled) is never taken back
   * by an older, still pending report; a succeeded refund may still fail later, as Stripe says.
   */
  async record(manager: EntityManager, bookingId: string, refund: RecordedRefund): Promise<void> {
    await manager.query(
      `insert into booking_refunds as r (id, booking_id, payment_intent_id, amount_pence, status, ours, failure_reason)
       values ($1, $2, $3, $4, $5, $6, $7)
       on conflict (id) do update set amount_pence = excluded.amount_pence, status = excluded.status,
         failure_reason = excluded.failure_reason, updated_at = now()
       where r.status not in ('succeeded', 'failed', 'canceled') or excluded.status = 'failed'`,
      [
        refund.id,
        bookingId,
        refund.paymentIntentId,
        refund.amountPence,
        refund.status,
        refund.bookingId === bookingId,
        refund.failureReason,
      ],
    );
  }

  /** Pence already refunded or on the way (succeeded, pending or awaiting action) for the booking. */
  async underway(manager: EntityManager, bookingId: string): Promise<number> {
    const rows = await manager.query<{ pence: number }[]>(
      `select coalesce(sum(amount_pence), 0)::int as pence from booking_refunds
       where booking_id = $1 and status in ('succeeded', 'pending', 'requires_action')`,
      [bookingId],
    );
    return rows[0]?.pence ?? 0;
  }

  /** The refunds of kept records whose retention is over (the retention job), before the bookings themselves. */
  async deleteOfBookings(manager: EntityManager, bookingIds: readonly string[]): Promise<void> {
    if (bookingIds.length === 0) return;
    await manager.query(`delete from booking_refunds where booking_id = any($1::uuid[])`, [bookingIds]);
  }

  /** Every refund of the bookings, oldest first (a member's export). */
  async ofBookings(manager: EntityManager, bookingIds: readonly string[]): Promise<ExportedRefund[]> {
    if (bookingIds.length === 0) return [];
    return manager.query<ExportedRefund[]>(
      `select id, booking_id as "bookingId", amount_pence as "amountPence", status, ours as "askedByHunted",
              failure_reason as "failureReason", created_at as "createdAt", updated_at as "updatedAt"
         from booking_refunds where booking_id = any($1::uuid[]) order by created_at, id`,
      [bookingIds],
    );
  }
}

/** A refund as a member's export shows it. */
export interface ExportedRefund {
  id: string;
  bookingId: string;
  amountPence: number;
  status: string;
  askedByHunted: boolean;
  failureReason: string | null;
  createdAt: Date;
  updatedAt: Date;
}
