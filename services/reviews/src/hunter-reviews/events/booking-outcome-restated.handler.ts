import { Injectable } from '@nestjs/common';
import type { IntegrationEvent } from '@hunted/contracts';
import type { EventHandler } from '@hunted/platform';
import type { EntityManager } from 'typeorm';
import { HunterReviewsService } from '../hunter-reviews.service.js';

/**
 * Bookings said a booking's outcome again (decision 0090): the review written of it before reviews knew whether the
 * session qualifies is decided by it, once. Listed after BOOKING_COPY_HANDLERS, which store the outcome first.
 */
@Injectable()
export class BookingOutcomeRestatedReviewHandler implements EventHandler<'bookings.booking.outcome-restated'> {
  readonly type = 'bookings.booking.outcome-restated' as const;

  constructor(private readonly reviews: HunterReviewsService) {}

  async handle(event: IntegrationEvent<'bookings.booking.outcome-restated'>, manager: EntityManager): Promise<void> {
    await this.reviews.decideEarlierReview(manager, event.data.bookingId);
  }
}
