import { BadRequestException, Injectable, Logger } from '@nestjs/common';
import { BookingPaymentOutcomes } from '../../../payments/booking-payment-outcomes.js';
import { BookingRepository } from '../../../store/booking.repository.js';
import { type BookingRow } from '../../../store/booking-rows.js';
import { BookingViews } from '../../../views/booking-views.js';
import type { CancelBookingCommand } from './cancel-booking.commands.js';

export const ONLY_CONFIRMED_CANCELS = 'Only a confirmed booking that has not started can be cancelled';

/**
 * `POST /api/bookings/{id}/cancel`. The client gets the whole price back until 24 hours before the start and
 * nothing after; the hunter's cancellation always refunds in full. The refund is decided in the UPDATE itself
 * (`BookingRepository.cancel`: the window read at the moment of the write, the row read once, by that statement),
 * published with `bookings.booking.cancelled`, then asked of the processor with the booking's idempotency key;
 * `bookings.booking.refunded` follows when it settles. A refusal reads the row to say why: 404 to anyone who takes
 * no part in the booking, 400 otherwise.
 */
@Injectable()
export class CancelBookingUseCase {
  private readonly logger = new Logger(CancelBookingUseCase.name);

  constructor(
    private readonly bookings: BookingRepository,
    private readonly views: BookingViews,
    private readonly outcomes: BookingPaymentOutcomes,
  ) {}

  async execute(command: CancelBookingCommand): Promise<BookingRow> {
    const cancelled = await this.bookings.cancel(command.bookingId, command.user.id);
    if (!cancelled) {
      await this.views.findForParticipant(command.bookingId, command.user.id);
      throw new BadRequestException(ONLY_CONFIRMED_CANCELS);
    }
    if (cancelled.refundPence > 0) {
      // Committed first: a failed call here leaves the refund recorded, and asking again uses the same key.
      await this.outcomes
        .refund(cancelled.id, cancelled)
        .catch((error: Error) => this.logger.error(`refund of ${cancelled.id} not asked yet: ${error.message}`));
    }
    return cancelled;
  }
}
