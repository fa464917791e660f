import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import {
  attendanceSchema,
  BOOKING_BODY_MESSAGE,
  disputeSchema,
  hunterCancelSchema,
  timeProposalSchema,
  type AttendanceInput,
  type BookingDetail,
  type DisputeInput,
  type HunterBooking,
  type HunterCancelInput,
  type TimeProposalInput,
} from '@hunted/contracts';
import { CurrentUser, SignedIn, ValidBody, type AuthenticatedUser } from '@hunted/platform';
import { BookingPages } from '../views/booking-pages.js';
import { SessionActions } from './session-actions.service.js';

const bookingBody = { message: BOOKING_BODY_MESSAGE };

/**
 * The hunter's actions on a booking of their profile (answering the row of their list) and the client's answers
 * (answering the booking's detail). Signed-in members only; a booking they take no part in is a 404.
 */
@Controller('api')
@SignedIn()
export class SessionActionsController {
  constructor(
    private readonly actions: SessionActions,
    private readonly bookings: BookingPages,
  ) {}

  @Post('hunter-bookings/:id/cancel')
  @HttpCode(200)
  async cancel(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @ValidBody(hunterCancelSchema, bookingBody) body: HunterCancelInput,
  ): Promise<HunterBooking> {
    await this.actions.cancelByHunter(id, user.id, body.reason);
    return this.bookings.hunterBooking(id, user.id);
  }

  @Post('hunter-bookings/:id/attendance')
  @HttpCode(200)
  async attendance(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @ValidBody(attendanceSchema, bookingBody) body: AttendanceInput,
  ): Promise<HunterBooking> {
    await this.actions.markAttendance(id, user.id, body.attendance);
    return this.bookings.hunterBooking(id, user.id);
  }

  @Post('hunter-bookings/:id/proposal')
  @HttpCode(200)
  async propose(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @ValidBody(timeProposalSchema, bookingBody) body: TimeProposalInput,
  ): Promise<HunterBooking> {
    await this.actions.propose(id, user.id, body);
    return this.bookings.hunterBooking(id, user.id);
  }

  @Post('bookings/:id/proposal/accept')
  @HttpCode(200)
  async accept(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<BookingDetail> {
    await this.actions.acceptProposal(id, user.id);
    return this.bookings.detail(id, user.id);
  }

  @Post('bookings/:id/proposal/decline')
  @HttpCode(200)
  async decline(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<BookingDetail> {
    await this.actions.declineProposal(id, user.id);
    return this.bookings.detail(id, user.id);
  }

  @Post('bookings/:id/dispute')
  @HttpCode(200)
  async dispute(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @ValidBody(disputeSchema, bookingBody) body: DisputeInput,
  ): Promise<BookingDetail> {
    await this.actions.dispute(id, user.id, body.reason);
    return this.bookings.detail(id, user.id);
  }
}
