import { ConflictException, Injectable, Logger } from '@nestjs/common';
import {
  BOOKING_ACTION_MESSAGES,
  type AdminBookingDispute,
  type AdminBookingDisputesQuery,
  type ResolveDisputeInput,
} from '@hunted/contracts';
import { BookingPaymentOutcomes } from '../payments/booking-payment-outcomes.js';
import { BookingRepository } from '../store/booking.repository.js';
import { BookingViews, type DisputeRow } from '../views/booking-views.js';
import { disputeOf } from '../views/booking-pages.js';

const DEFAULT_LIMIT = 50;

/** The admin's queue of disputed no-show marks, and the decision: refund the client in full, or dismiss. */
@Injectable()
export class AdminDisputes {
  private readonly logger = new Logger(AdminDisputes.name);

  constructor(
    private readonly bookings: BookingRepository,
    private readonly views: BookingViews,
    private readonly outcomes: BookingPaymentOutcomes,
  ) {}

  async list(query: AdminBookingDisputesQuery): Promise<{ items: AdminBookingDispute[]; total: number }> {
    const { rows, total } = await this.views.disputesPage((query.status ?? 'open') === 'open', {
      limit: query.limit ?? DEFAULT_LIMIT,
      offset: query.offset ?? 0,
    });
    return { items: rows.map(toAdminDispute), total };
  }

  /** 409 when the dispute is not open; a refund is asked of the processor after the commit (the refund job's path). */
  async resolve(bookingId: string, body: ResolveDisputeInput): Promise<AdminBookingDispute> {
    const row = await this.views.findWithNames(bookingId);
    if (row.disputeStatus !== 'open') throw new ConflictException(BOOKING_ACTION_MESSAGES.disputeNotOpen);
    const resolved = await this.bookings.resolveDispute(bookingId, body.resolution, body.note);
    if (!resolved) throw new ConflictException(BOOKING_ACTION_MESSAGES.disputeNotOpen);
    if (body.resolution === 'refund' && resolved.refundPence > 0) {
      await this.outcomes
        .refund(resolved.id, resolved)
        .catch((error: Error) => this.logger.error(`refund of ${resolved.id} not asked yet: ${error.message}`));
    }
    return toAdminDispute(await this.views.findWithNames(bookingId));
  }
}

function toAdminDispute(row: DisputeRow): AdminBookingDispute {
  return {
    bookingId: row.id,
    hunterId: row.hunterId,
    hunterName: row.hunterName ?? 'Hunter',
    clientName: row.clientName ?? 'Client',
    sessionType: row.sessionType,
    startsAt: new Date(row.startsAt).toISOString(),
    pricePence: row.pricePence,
    dispute: disputeOf(row)!,
  };
}
