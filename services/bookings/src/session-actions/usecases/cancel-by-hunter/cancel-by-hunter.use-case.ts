import { ConflictException, Injectable, Logger } from '@nestjs/common';
import { BOOKING_ACTION_MESSAGES } from '@hunted/contracts';
import { nowMs } from '@hunted/platform';
import { BookingPaymentOutcomes } from '../../../payments/booking-payment-outcomes.js';
import { refusalToChange } from '../../../store/booking-rules.js';
import { BookingRepository } from '../../../store/booking.repository.js';
import { BookingViews } from '../../../views/booking-views.js';
import { refuseWith } from '../../session-refusals.js';
import type { CancelByHunterCommand } from './cancel-by-hunter.commands.js';

/**
 * `POST /api/hunter-bookings/{id}/cancel`: confirmed and not started, cancelled by the hunter with the reason
 * (`BookingRepository.cancelByHunter`), the whole price refunded after the commit. Only the member who owns the
 * booking's hunter; anyone else 404.
 */
@Injectable()
export class CancelByHunterUseCase {
  private readonly logger = new Logger(CancelByHunterUseCase.name);

  constructor(
    private readonly bookings: BookingRepository,
    private readonly views: BookingViews,
    private readonly outcomes: BookingPaymentOutcomes,
  ) {}

  async execute(command: CancelByHunterCommand): Promise<void> {
    const { bookingId, user, reason } = command;
    const row = await this.views.findWithNamesForHunter(bookingId, user.id);
    refuseWith(refusalToChange(row, nowMs()));
    const cancelled = await this.bookings.cancelByHunter(bookingId, user.id, reason);
    if (!cancelled) throw new ConflictException(BOOKING_ACTION_MESSAGES.notConfirmed);
    if (cancelled.refundPence > 0) {
      // Committed first: a failed call leaves the refund recorded for the refund sweep, with the same key.
      await this.outcomes
        .refund(cancelled.id, cancelled)
        .catch((error: Error) => this.logger.error(`refund of ${cancelled.id} not asked yet: ${error.message}`));
    }
  }
}
