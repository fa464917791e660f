import { Injectable, Logger } from '@nestjs/common';
import { PaymentProvider } from '../../../payments/payment-provider.js';
import { BookingRepository } from '../../../store/booking.repository.js';
import { BookingViews } from '../../../views/booking-views.js';
import type { ReleaseHoldCommand } from './release-hold.commands.js';

/**
 * `POST /api/bookings/{id}/release`: ends the member's own hold at once (`BookingRepository.release`) and cancels
 * its unpaid intent; the expiry job retries a failed cancel. A participant who is not the hold's member, or a
 * booking that is no longer a live hold, changes nothing; anyone else gets a 404.
 */
@Injectable()
export class ReleaseHoldUseCase {
  private readonly logger = new Logger(ReleaseHoldUseCase.name);

  constructor(
    private readonly bookings: BookingRepository,
    private readonly views: BookingViews,
    private readonly payments: PaymentProvider,
  ) {}

  async execute(command: ReleaseHoldCommand): Promise<void> {
    const { bookingId, user } = command;
    const booking = await this.views.findForParticipant(bookingId, user.id);
    if (booking.clientUserId !== user.id) return;
    const intentId = (await this.bookings.release(bookingId, user.id))?.paymentIntentId;
    if (!intentId) return;
    await this.payments
      .cancelIntent(intentId, `booking:${bookingId}:cancel`)
      // An intent paid (or processing) meanwhile is not cancelled: the hold sweep settles it as a late payment.
      .then((intent) => (intent.status === 'canceled' ? this.bookings.recordIntentCancelled(bookingId) : undefined))
      .catch((error: Error) =>
        this.logger.warn(`intent of released hold ${bookingId} not cancelled yet: ${error.message}`),
      );
  }
}
