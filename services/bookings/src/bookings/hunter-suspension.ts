import { Injectable } from '@nestjs/common';
import { AfterCommit, InjectJobQueue, JobQueue } from '@hunted/platform';
import type { EntityManager } from 'typeorm';
import { holdExpiry, type HoldExpiryData } from './booking-holds.job.js';
import { bookingRefunds, type BookingRefundData } from './booking-refunds.job.js';
import { BookingRepository } from '../store/booking.repository.js';

/**
 * What a hunter's suspension does to their bookings, in the inbox transaction of `hunters.hunter.vetted`: every
 * upcoming confirmed booking is cancelled by `system` (`cause: 'hunter_suspended'`) with the whole price owed back,
 * and every live hold ends at once. Nothing is asked of the processor inside the transaction: once it commits, the
 * refund job asks for each refund (the same path and idempotency key as any cancellation; its sweep retries) and
 * the hold expiry job cancels each hold's intent (a payment that still succeeds is refunded as a late payment).
 */
@Injectable()
export class HunterSuspension {
  constructor(
    private readonly bookings: BookingRepository,
    private readonly afterCommit: AfterCommit,
    @InjectJobQueue(bookingRefunds) private readonly refunds: JobQueue<BookingRefundData>,
    @InjectJobQueue(holdExpiry) private readonly expiries: JobQueue<HoldExpiryData>,
  ) {}

  async hunterSuspended(manager: EntityManager, hunterId: number): Promise<{ cancelled: number; holdsEnded: number }> {
    const cancelled = await this.bookings.cancelForSuspendedHunter(manager, hunterId);
    for (const row of cancelled) {
      if (row.refundPence > 0 && row.paymentIntentId) {
        this.afterCommit.enqueue(manager, this.refunds, { bookingId: row.id }, { jobId: `refund-${row.id}` });
      }
    }
    const holds = await this.bookings.expireHoldsOfHunter(manager, hunterId);
    // The hold's own delayed job has its id: a new one under another id runs now, cancelling the intent.
    for (const id of holds) {
      this.afterCommit.enqueue(manager, this.expiries, { bookingId: id }, { jobId: `suspended-${id}` });
    }
    return { cancelled: cancelled.length, holdsEnded: holds.length };
  }
}
