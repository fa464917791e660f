import { Injectable } from '@nestjs/common';
import type { AdminBookingDispute, AdminBookingDisputesQuery } from '@hunted/contracts';
import { disputeOf } from '../views/booking-pages.js';
import { BookingViews, type DisputeRow } from '../views/booking-views.js';

const DEFAULT_LIMIT = 50;

/**
 * The admin's queue of disputed no-show marks, a page at a time (a read); the decision, refund the client in full or
 * dismiss, is ResolveDisputeUseCase.
 */
@Injectable()
export class AdminDisputes {
  constructor(private readonly views: BookingViews) {}

  async list(query: AdminBookingDisputesQuery): Promise<{ items: AdminBookingDispute[]; total: number }> {
    const { rows, total } = await this.views.disputesPage((query.status ?? 'open') === 'open', {
      limit: query.limit ?? DEFAULT_LIMIT,
      offset: query.offset ?? 0,
    });
    return { items: rows.map(toAdminDispute), total };
  }
}

/** A dispute as the admin console shows it. */
export function toAdminDispute(row: DisputeRow): AdminBookingDispute {
  return {
    bookingId: row.id,
    hunterId: row.hunterId,
    hunterName: row.hunterName ?? 'Hunter',
    clientName: row.clientName ?? 'Client',
    sessionType: row.sessionType,
    startsAt: new Date(row.startsAt).toISOString(),
    pricePence: row.pricePence,
    currency: row.currency,
    dispute: disputeOf(row)!,
  };
}
