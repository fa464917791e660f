import { BadRequestException, ConflictException, Injectable } from '@nestjs/common';
import { BOOKING_ACTION_MESSAGES } from '@hunted/contracts';
import { nowMs } from '@hunted/platform';
import { TIME_NOT_OFFERED } from '../../../bookings/usecases/offered-booking.js';
import { SlotsService } from '../../../slots/slots.service.js';
import { refusalToPropose } from '../../../store/booking-rules.js';
import { BookingRepository } from '../../../store/booking.repository.js';
import { BookingViews } from '../../../views/booking-views.js';
import { refuseWith } from '../../session-refusals.js';
import type { ProposeTimeCommand } from './propose-time.commands.js';

/**
 * `POST /api/hunter-bookings/{id}/proposal`: another time, on the grid, with notice, free for the hunter; one open
 * suggestion at a time (`BookingRepository.propose`). The client answers it.
 */
@Injectable()
export class ProposeTimeUseCase {
  constructor(
    private readonly bookings: BookingRepository,
    private readonly views: BookingViews,
    private readonly slots: SlotsService,
  ) {}

  async execute(command: ProposeTimeCommand): Promise<void> {
    const { bookingId, user } = command;
    const row = await this.views.findWithNamesForHunter(bookingId, user.id);
    refuseWith(refusalToPropose(row, nowMs()));
    const slot = await this.slots.proposableSlot(
      row.hunterId,
      row.duration,
      command.sessionDate,
      command.sessionTime,
      row.id,
    );
    if (!slot || new Date(slot.startsAt).getTime() === new Date(row.startsAt).getTime()) {
      throw new BadRequestException({
        statusCode: 400,
        message: TIME_NOT_OFFERED,
        errors: { sessionTime: TIME_NOT_OFFERED },
      });
    }
    const proposed = await this.bookings.propose(bookingId, user.id, {
      sessionDate: slot.date,
      slot,
      message: command.message ?? null,
    });
    if (!proposed) throw new ConflictException(BOOKING_ACTION_MESSAGES.proposalOpen);
  }
}
