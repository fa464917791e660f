import { ConflictException, Injectable } from '@nestjs/common';
import { BOOKING_ACTION_MESSAGES } from '@hunted/contracts';
import { nowMs } from '@hunted/platform';
import { refusalToMarkAttendance } from '../../../store/booking-rules.js';
import { BookingRepository } from '../../../store/booking.repository.js';
import { BookingViews } from '../../../views/booking-views.js';
import { refuseWith } from '../../session-refusals.js';
import type { MarkAttendanceCommand } from './mark-attendance.commands.js';

/**
 * `POST /api/hunter-bookings/{id}/attendance`: held or no-show, once the session has started, once
 * (`BookingRepository.markAttendance`; an ended confirmed booking is completed with it).
 */
@Injectable()
export class MarkAttendanceUseCase {
  constructor(
    private readonly bookings: BookingRepository,
    private readonly views: BookingViews,
  ) {}

  async execute(command: MarkAttendanceCommand): Promise<void> {
    const { bookingId, user, attendance } = command;
    const row = await this.views.findWithNamesForHunter(bookingId, user.id);
    refuseWith(refusalToMarkAttendance(row, nowMs()));
    if (!(await this.bookings.markAttendance(bookingId, user.id, attendance))) {
      throw new ConflictException(BOOKING_ACTION_MESSAGES.alreadyMarked);
    }
  }
}
