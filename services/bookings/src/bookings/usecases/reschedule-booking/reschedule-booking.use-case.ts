import { BadRequestException, ForbiddenException, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { BOOKING_RULES } from '@hunted/contracts';
import { retriedTransaction } from '@hunted/platform';
import { DataSource } from 'typeorm';
import { HunterCopies } from '../../../hunters/hunter-copies.js';
import { SlotsService } from '../../../slots/slots.service.js';
import { BookingRepository } from '../../../store/booking.repository.js';
import { type BookingRow } from '../../../store/booking-rows.js';
import { BookingViews } from '../../../views/booking-views.js';
import { BookingLimits } from '../../limits/booking-limits.js';
import { TIME_NOT_OFFERED } from '../offered-booking.js';
import type { RescheduleBookingCommand } from './reschedule-booking.commands.js';

export const ONLY_CLIENT_RESCHEDULES = 'Only the client can reschedule a booking';
export const RESCHEDULE_WINDOW = `A booking can be rescheduled until ${BOOKING_RULES.changeWindowHours} hours before it starts`;

/**
 * `POST /api/bookings/{id}/reschedule`: the client's booking moves to a time the hunter offers
 * (`BookingRepository.reschedule`: one UPDATE guarded by its status and the 24-hour window, so the window is read
 * at the moment of the write, raising `sequence`; the exclusion constraints refuse a taken time, 409). The same
 * statement counts the move and refuses one beyond `RESCHEDULES_PER_BOOKING_MAX` (409) or within
 * `RESCHEDULE_COOLDOWN_MINUTES` of the last (429): each move mails both sides an invite, and two racing moves meet
 * the row lock, so the second reads the first's count.
 */
@Injectable()
export class RescheduleBookingUseCase {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly hunters: HunterCopies,
    private readonly slots: SlotsService,
    private readonly bookings: BookingRepository,
    private readonly views: BookingViews,
    private readonly limits: BookingLimits,
  ) {}

  async execute(command: RescheduleBookingCommand): Promise<BookingRow> {
    const booking = await this.views.findForParticipant(command.bookingId, command.user.id);
    if (booking.clientUserId !== command.user.id) throw new ForbiddenException(ONLY_CLIENT_RESCHEDULES);
    if (booking.status !== 'confirmed') throw new BadRequestException(RESCHEDULE_WINDOW);
    const hunter = await this.hunters.find(booking.hunterId);
    const slot = await this.slots.offeredSlot(
      hunter,
      booking.sessionType,
      booking.duration,
      command.sessionDate,
      command.sessionTime,
    );
    if (!slot) throw new BadRequestException(TIME_NOT_OFFERED);
    return retriedTransaction(this.dataSource, async (manager) => {
      const moved = await this.bookings.reschedule(
        manager,
        booking,
        { clientUserId: command.user.id, sessionDate: slot.date, slot },
        this.limits.reschedule,
      );
      if (!moved)
        throw (await this.limits.rescheduleRefusal(manager, booking.id)) ?? new BadRequestException(RESCHEDULE_WINDOW);
      return moved;
    });
  }
}
