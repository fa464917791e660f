import { BadRequestException, ForbiddenException, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { BOOKING_RULES } from '@hunted/contracts';
import { EventPublisher } from '@hunted/platform';
import { DataSource } from 'typeorm';
import { HunterCopies } from '../../../hunters/hunter-copies.js';
import { SlotsService } from '../../../slots/slots.service.js';
import { bookingEventOf, BookingRepository, refusingOverlaps, type BookingRow } from '../../booking.repository.js';
import { BookingLimits } from '../../limits/booking-limits.js';
import { TIME_NOT_OFFERED } from '../offered-booking.js';
import type { RescheduleBookingCommand } from './reschedule-booking.command.js';

export const ONLY_CLIENT_RESCHEDULES = 'Only the client can reschedule a booking';
export const RESCHEDULE_WINDOW = `A booking can be rescheduled until ${BOOKING_RULES.changeWindowHours} hours before it starts`;

/**
 * `POST /api/bookings/{id}/reschedule`: one UPDATE moves the booking, guarded by its status and the 24-hour window
 * in the same statement (so the window is read at the moment of the write), raising `sequence`; the exclusion
 * constraints refuse a taken time (409). The same statement counts the move and refuses one beyond
 * `RESCHEDULES_PER_BOOKING_MAX` (409) or within `RESCHEDULE_COOLDOWN_MINUTES` of the last (429): each move mails
 * both sides an invite, and two racing moves meet the row lock, so the second reads the first's count.
 */
@Injectable()
export class RescheduleBookingUseCase {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly hunters: HunterCopies,
    private readonly slots: SlotsService,
    private readonly bookings: BookingRepository,
    private readonly events: EventPublisher,
    private readonly limits: BookingLimits,
  ) {}

  async execute(command: RescheduleBookingCommand): Promise<BookingRow> {
    const booking = await this.bookings.findForParticipant(command.bookingId, command.user.id);
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
    return this.dataSource.transaction(async (manager) => {
      await this.bookings.expireStaleOverlapping(manager, {
        ...booking,
        startsAt: slot.startsAt,
        endsAt: slot.endsAt,
        exceptId: booking.id,
      });
      const [maxMoves, cooldownMinutes] = this.limits.rescheduleParams;
      const [rows] = await refusingOverlaps(
        manager.query<[(BookingRow & { previousStartsAt: Date; previousEndsAt: Date })[], number]>(
          `update hunter_bookings as b
             set session_date = $3, session_time = $4, starts_at = $5, ends_at = $6, sequence = b.sequence + 1,
                 reschedule_count = b.reschedule_count + 1, rescheduled_at = now(), updated_at = now()
           from (select id, starts_at, ends_at from hunter_bookings where id = $1 for update) previous
           where b.id = previous.id and b.client_user_id = $2 and b.status = 'confirmed'
             and b.starts_at >= now() + make_interval(hours => ${BOOKING_RULES.changeWindowHours})
             and ${this.limits.rescheduleGuard('$7', '$8')}
           returning b.id, previous.starts_at as "previousStartsAt", previous.ends_at as "previousEndsAt"`,
          [
            booking.id,
            command.user.id,
            command.sessionDate,
            slot.time,
            slot.startsAt,
            slot.endsAt,
            maxMoves,
            cooldownMinutes,
          ],
        ),
      );
      const moved = rows[0];
      if (!moved)
        throw (await this.limits.rescheduleRefusal(manager, booking.id)) ?? new BadRequestException(RESCHEDULE_WINDOW);
      const after = await this.bookings.get(booking.id, manager);
      await this.events.publish(manager, 'bookings.booking.rescheduled', {
        ...bookingEventOf(after),
        previousStartsAt: new Date(moved.previousStartsAt).toISOString(),
        previousEndsAt: new Date(moved.previousEndsAt).toISOString(),
      });
      return after;
    });
  }
}
