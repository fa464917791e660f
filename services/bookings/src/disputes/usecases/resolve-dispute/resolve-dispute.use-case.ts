import { ConflictException, Injectable, Logger } from '@nestjs/common';
import { BOOKING_ACTION_MESSAGES, type AdminBookingDispute } from '@hunted/contracts';
import { BookingPaymentOutcomes } from '../../../payments/booking-payment-outcomes.js';
import { BookingRepository } from '../../../store/booking.repository.js';
import { BookingViews } from '../../../views/booking-views.js';
import { toAdminDispute } from '../../admin-disputes.service.js';
import type { ResolveDisputeCommand } from './resolve-dispute.commands.js';

/**
 * `POST /api/admin/booking-disputes/{id}/resolve`: 409 when the dispute is not open (`BookingRepository.resolveDispute`
 * decides); a refund is asked of the processor after the commit (the refund job's path).
 */
@Injectable()
export class ResolveDisputeUseCase {
  private readonly logger = new Logger(ResolveDisputeUseCase.name);

  constructor(
    private readonly bookings: BookingRepository,
    private readonly views: BookingViews,
    private readonly outcomes: BookingPaymentOutcomes,
  ) {}

  async execute(command: ResolveDisputeCommand): Promise<AdminBookingDispute> {
    const { bookingId, resolution, note } = command;
    const row = await this.views.findWithNames(bookingId);
    if (row.disputeStatus !== 'open') throw new ConflictException(BOOKING_ACTION_MESSAGES.disputeNotOpen);
    const resolved = await this.bookings.resolveDispute(bookingId, resolution, note);
    if (!resolved) throw new ConflictException(BOOKING_ACTION_MESSAGES.disputeNotOpen);
    if (resolution === 'refund' && resolved.refundPence > 0) {
      await this.outcomes
        .refund(resolved.id, resolved)
        .catch((error: Error) => this.logger.error(`refund of ${resolved.id} not asked yet: ${error.message}`));
    }
    return toAdminDispute(await this.views.findWithNames(bookingId));
  }
}
