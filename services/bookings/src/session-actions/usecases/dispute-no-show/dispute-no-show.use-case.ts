import { ConflictException, Injectable } from '@nestjs/common';
import { BOOKING_ACTION_MESSAGES, BOOKING_ACTION_RULES } from '@hunted/contracts';
import { nowMs } from '@hunted/platform';
import { refusalToDispute } from '../../../store/booking-rules.js';
import { BookingRepository } from '../../../store/booking.repository.js';
import { BookingViews } from '../../../views/booking-views.js';
import { clientsBooking, refuseWith } from '../../session-refusals.js';
import type { DisputeNoShowCommand } from './dispute-no-show.commands.js';

/**
 * `POST /api/bookings/{id}/dispute`: a no-show mark, within the window of it being made, once
 * (`BookingRepository.dispute`); the dispute reaches the admin's queue. The client only.
 */
@Injectable()
export class DisputeNoShowUseCase {
  constructor(
    private readonly bookings: BookingRepository,
    private readonly views: BookingViews,
  ) {}

  async execute(command: DisputeNoShowCommand): Promise<void> {
    const { bookingId, user, reason } = command;
    const row = await clientsBooking(this.views, bookingId, user.id);
    refuseWith(refusalToDispute(row, nowMs()));
    if (!(await this.bookings.dispute(bookingId, user.id, reason, BOOKING_ACTION_RULES.disputeWindowHours))) {
      throw new ConflictException(BOOKING_ACTION_MESSAGES.alreadyDisputed);
    }
  }
}
