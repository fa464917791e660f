import { ConflictException, Injectable } from '@nestjs/common';
import { BOOKING_ACTION_MESSAGES } from '@hunted/contracts';
import { BookingRepository } from '../../../store/booking.repository.js';
import { BookingViews } from '../../../views/booking-views.js';
import { clientsBooking } from '../../session-refusals.js';
import type { DeclineProposalCommand } from './decline-proposal.commands.js';

/**
 * `POST /api/bookings/{id}/proposal/decline`: the open suggestion is cleared (`BookingRepository.declineProposal`);
 * the booking keeps its time. The client only: 403 to its hunter, 404 to anyone else.
 */
@Injectable()
export class DeclineProposalUseCase {
  constructor(
    private readonly bookings: BookingRepository,
    private readonly views: BookingViews,
  ) {}

  async execute(command: DeclineProposalCommand): Promise<void> {
    const { bookingId, user } = command;
    await clientsBooking(this.views, bookingId, user.id);
    if (!(await this.bookings.declineProposal(bookingId, user.id))) {
      throw new ConflictException(BOOKING_ACTION_MESSAGES.noProposal);
    }
  }
}
