import { ConflictException, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { BOOKING_ACTION_MESSAGES } from '@hunted/contracts';
import { nowMs, retriedTransaction } from '@hunted/platform';
import { DataSource } from 'typeorm';
import { BookingLimits } from '../../../bookings/limits/booking-limits.js';
import { TIME_NOT_OFFERED } from '../../../bookings/usecases/offered-booking.js';
import { refusalToChange } from '../../../store/booking-rules.js';
import { BookingRepository } from '../../../store/booking.repository.js';
import { BookingViews } from '../../../views/booking-views.js';
import { clientsBooking, refuseWith } from '../../session-refusals.js';
import type { AcceptProposalCommand } from './accept-proposal.commands.js';

/**
 * `POST /api/bookings/{id}/proposal/accept`: the booking moves to the suggested time in the reschedule's own UPDATE
 * (`BookingRepository.reschedule` accepting the proposal: the exclusion constraints refuse a time taken meanwhile,
 * 409), even inside the change window (the hunter asked). The client only: 403 to its hunter, 404 to anyone else.
 */
@Injectable()
export class AcceptProposalUseCase {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly bookings: BookingRepository,
    private readonly views: BookingViews,
    private readonly limits: BookingLimits,
  ) {}

  async execute(command: AcceptProposalCommand): Promise<void> {
    const { bookingId, user } = command;
    const row = await clientsBooking(this.views, bookingId, user.id);
    if (row.proposedAt === null || !row.proposedStartsAt || !row.proposedEndsAt) {
      throw new ConflictException(BOOKING_ACTION_MESSAGES.noProposal);
    }
    refuseWith(refusalToChange(row, nowMs()));
    if (new Date(row.proposedStartsAt).getTime() <= nowMs()) throw new ConflictException(TIME_NOT_OFFERED);
    await retriedTransaction(this.dataSource, async (manager) => {
      const moved = await this.bookings.reschedule(
        manager,
        row,
        {
          clientUserId: user.id,
          sessionDate: row.proposedSessionDate!,
          slot: {
            time: row.proposedSessionTime!,
            startsAt: new Date(row.proposedStartsAt!).toISOString(),
            endsAt: new Date(row.proposedEndsAt!).toISOString(),
          },
        },
        this.limits.reschedule,
        { acceptingProposal: true },
      );
      if (!moved) throw new ConflictException(BOOKING_ACTION_MESSAGES.noProposal);
    });
  }
}
