import { BadRequestException, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { BOOKING_RULES } from '@hunted/contracts';
import { EventPublisher } from '@hunted/platform';
import { DataSource } from 'typeorm';
import { BookingPaymentOutcomes } from '../../booking-payment-outcomes.js';
import { bookingEventOf, BookingRepository, type BookingRow } from '../../booking.repository.js';
import type { CancelBookingCommand } from './cancel-booking.command.js';

export const ONLY_CONFIRMED_CANCELS = 'Only a confirmed booking that has not started can be cancelled';

/**
 * `POST /api/bookings/{id}/cancel`. The client gets the whole price back until 24 hours before the start and
 * nothing after; the hunter's cancellation always refunds in full. The refund is decided in the UPDATE itself (the
 * window read at the moment of the write), published with `bookings.booking.cancelled`, then asked of the
 * processor with the booking's idempotency key; `bookings.booking.refunded` follows when it settles.
 */
@Injectable()
export class CancelBookingUseCase {
  private readonly logger = new Logger(CancelBookingUseCase.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly bookings: BookingRepository,
    private readonly outcomes: BookingPaymentOutcomes,
    private readonly events: EventPublisher,
  ) {}

  async execute(command: CancelBookingCommand): Promise<BookingRow> {
    const booking = await this.bookings.findForParticipant(command.bookingId, command.user.id);
    const by = booking.clientUserId === command.user.id ? 'client' : 'hunter';
    const cancelled = await this.dataSource.transaction(async (manager) => {
      const row = await this.bookings.update(
        manager,
        `update hunter_bookings as b set status = 'cancelled', cancelled_by = $2, cancelled_at = now(), sequence = b.sequence + 1,
           refund_reason = 'cancelled', updated_at = now(),
           refund_pence = case when $2 = 'hunter' or b.starts_at >= now() + make_interval(hours => ${BOOKING_RULES.changeWindowHours})
                               then b.price_pence else 0 end
         where b.id = $1 and b.status = 'confirmed' and b.starts_at > now()`,
        [booking.id, by],
      );
      if (!row) throw new BadRequestException(ONLY_CONFIRMED_CANCELS);
      await this.events.publish(manager, 'bookings.booking.cancelled', {
        ...bookingEventOf(row),
        cancelledBy: by,
        refundPence: row.refundPence,
      });
      return row;
    });
    if (cancelled.refundPence > 0) {
      // Committed first: a failed call here leaves the refund recorded, and asking again uses the same key.
      await this.outcomes
        .refund(cancelled.id)
        .catch((error: Error) => this.logger.error(`refund of ${cancelled.id} not asked yet: ${error.message}`));
    }
    return this.bookings.get(cancelled.id);
  }
}
