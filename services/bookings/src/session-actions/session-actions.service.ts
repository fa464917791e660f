import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  Injectable,
  Logger,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { BOOKING_ACTION_MESSAGES, BOOKING_ACTION_RULES, type BookingAttendance } from '@hunted/contracts';
import { nowMs, retriedTransaction } from '@hunted/platform';
import { DataSource } from 'typeorm';
import { SlotsService } from '../slots/slots.service.js';
import { BookingPaymentOutcomes } from '../payments/booking-payment-outcomes.js';
import { BookingRepository } from '../store/booking.repository.js';
import { type BookingRow } from '../store/booking-rows.js';
import { BookingViews } from '../views/booking-views.js';
import { BookingLimits } from '../bookings/limits/booking-limits.js';
import { TIME_NOT_OFFERED } from '../bookings/usecases/offered-booking.js';
import {
  refusalToChange,
  refusalToDispute,
  refusalToMarkAttendance,
  refusalToPropose,
} from '../store/booking-rules.js';

export const ONLY_CLIENT_ANSWERS = 'Only the client can do this';

/**
 * The session's own transitions after booking: the hunter's (cancel with a reason, mark attendance, suggest another
 * time; only the member who owns the booking's hunter, anyone else 404) and the client's answers (accept or decline
 * the suggestion, dispute a no-show). Each refusal is read from the row first to say why; the guarded UPDATE in
 * BookingRepository decides (a race that loses answers 409). Session times are read on the platform's `now()`.
 */
@Injectable()
export class SessionActions {
  private readonly logger = new Logger(SessionActions.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly bookings: BookingRepository,
    private readonly views: BookingViews,
    private readonly slots: SlotsService,
    private readonly limits: BookingLimits,
    private readonly outcomes: BookingPaymentOutcomes,
  ) {}

  /** Confirmed and not started: cancelled by the hunter with `reason`, the whole price refunded after the commit. */
  async cancelByHunter(bookingId: string, userId: string, reason: string): Promise<void> {
    const row = await this.views.findWithNamesForHunter(bookingId, userId);
    refuseWith(refusalToChange(row, nowMs()));
    const cancelled = await this.bookings.cancelByHunter(bookingId, userId, reason);
    if (!cancelled) throw new ConflictException(BOOKING_ACTION_MESSAGES.notConfirmed);
    if (cancelled.refundPence > 0) {
      // Committed first: a failed call leaves the refund recorded for the refund sweep, with the same key.
      await this.outcomes
        .refund(cancelled.id, cancelled)
        .catch((error: Error) => this.logger.error(`refund of ${cancelled.id} not asked yet: ${error.message}`));
    }
  }

  /** Held or no-show, once the session has started, once. */
  async markAttendance(bookingId: string, userId: string, attendance: BookingAttendance): Promise<void> {
    const row = await this.views.findWithNamesForHunter(bookingId, userId);
    refuseWith(refusalToMarkAttendance(row, nowMs()));
    if (!(await this.bookings.markAttendance(bookingId, userId, attendance))) {
      throw new ConflictException(BOOKING_ACTION_MESSAGES.alreadyMarked);
    }
  }

  /** Another time, on the grid, with notice, free for the hunter; one open suggestion at a time. */
  async propose(
    bookingId: string,
    userId: string,
    request: { sessionDate: string; sessionTime: string; message?: string | null },
  ): Promise<void> {
    const row = await this.views.findWithNamesForHunter(bookingId, userId);
    refuseWith(refusalToPropose(row, nowMs()));
    const slot = await this.slots.proposableSlot(
      row.hunterId,
      row.duration,
      request.sessionDate,
      request.sessionTime,
      row.id,
    );
    if (!slot || new Date(slot.startsAt).getTime() === new Date(row.startsAt).getTime()) {
      throw new BadRequestException({
        statusCode: 400,
        message: TIME_NOT_OFFERED,
        errors: { sessionTime: TIME_NOT_OFFERED },
      });
    }
    const proposed = await this.bookings.propose(bookingId, userId, {
      sessionDate: request.sessionDate,
      slot,
      message: request.message ?? null,
    });
    if (!proposed) throw new ConflictException(BOOKING_ACTION_MESSAGES.proposalOpen);
  }

  /**
   * The client accepts: the booking moves to the suggested time in the reschedule's own UPDATE (the exclusion
   * constraints refuse a time taken meanwhile, 409), even inside the change window (the hunter asked).
   */
  async acceptProposal(bookingId: string, userId: string): Promise<void> {
    const row = await this.clientsBooking(bookingId, userId);
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
          clientUserId: userId,
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

  async declineProposal(bookingId: string, userId: string): Promise<void> {
    await this.clientsBooking(bookingId, userId);
    if (!(await this.bookings.declineProposal(bookingId, userId))) {
      throw new ConflictException(BOOKING_ACTION_MESSAGES.noProposal);
    }
  }

  /** A no-show mark, within the window of it being made, once. */
  async dispute(bookingId: string, userId: string, reason: string): Promise<void> {
    const row = await this.clientsBooking(bookingId, userId);
    refuseWith(refusalToDispute(row, nowMs()));
    if (!(await this.bookings.dispute(bookingId, userId, reason, BOOKING_ACTION_RULES.disputeWindowHours))) {
      throw new ConflictException(BOOKING_ACTION_MESSAGES.alreadyDisputed);
    }
  }

  /** A booking the member is the client of: 404 to a stranger, 403 to its hunter (the client answers). */
  private async clientsBooking(bookingId: string, userId: string): Promise<BookingRow> {
    const row = await this.views.findForParticipant(bookingId, userId);
    if (row.clientUserId !== userId) throw new ForbiddenException(ONLY_CLIENT_ANSWERS);
    return row;
  }
}

/** 409 with the rule's reason (store/booking-rules.ts), when there is one. */
function refuseWith(refusal: string | null): void {
  if (refusal !== null) throw new ConflictException(refusal);
}
