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
import { AcceptProposalUseCase } from './usecases/accept-proposal/accept-proposal.use-case.js';
import { CancelByHunterUseCase } from './usecases/cancel-by-hunter/cancel-by-hunter.use-case.js';
import { DeclineProposalUseCase } from './usecases/decline-proposal/decline-proposal.use-case.js';
import { DisputeNoShowUseCase } from './usecases/dispute-no-show/dispute-no-show.use-case.js';
import { MarkAttendanceUseCase } from './usecases/mark-attendance/mark-attendance.use-case.js';
import { ProposeTimeUseCase } from './usecases/propose-time/propose-time.use-case.js';

const bookingBody = { message: BOOKING_BODY_MESSAGE };

/**
 * The hunter's actions on a booking of their profile (answering the row of their list) and the client's answers
 * (answering the booking's detail). Signed-in members only; a booking they take no part in is a 404.
 */
@Controller('api')
@SignedIn()
export class SessionActionsController {
  constructor(
    private readonly bookings: BookingPages,
    private readonly cancelByHunter: CancelByHunterUseCase,
    private readonly markAttendance: MarkAttendanceUseCase,
    private readonly proposeTime: ProposeTimeUseCase,
    private readonly acceptProposal: AcceptProposalUseCase,
    private readonly declineProposal: DeclineProposalUseCase,
    private readonly disputeNoShow: DisputeNoShowUseCase,
  ) {}

  @Post('hunter-bookings/:id/cancel')
  @HttpCode(200)
  async cancel(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @ValidBody(hunterCancelSchema, bookingBody) body: HunterCancelInput,
  ): Promise<HunterBooking> {
    await this.cancelByHunter.execute({ user, bookingId: id, reason: body.reason });
    return this.bookings.hunterBooking(id, user.id);
  }

  @Post('hunter-bookings/:id/attendance')
  @HttpCode(200)
  async attendance(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @ValidBody(attendanceSchema, bookingBody) body: AttendanceInput,
  ): Promise<HunterBooking> {
    await this.markAttendance.execute({ user, bookingId: id, attendance: body.attendance });
    return this.bookings.hunterBooking(id, user.id);
  }

  @Post('hunter-bookings/:id/proposal')
  @HttpCode(200)
  async propose(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @ValidBody(timeProposalSchema, bookingBody) body: TimeProposalInput,
  ): Promise<HunterBooking> {
    await this.proposeTime.execute({ user, bookingId: id, ...body });
    return this.bookings.hunterBooking(id, user.id);
  }

  @Post('bookings/:id/proposal/accept')
  @HttpCode(200)
  async accept(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<BookingDetail> {
    await this.acceptProposal.execute({ user, bookingId: id });
    return this.bookings.detail(id, user.id);
  }

  @Post('bookings/:id/proposal/decline')
  @HttpCode(200)
  async decline(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<BookingDetail> {
    await this.declineProposal.execute({ user, bookingId: id });
    return this.bookings.detail(id, user.id);
  }

  @Post('bookings/:id/dispute')
  @HttpCode(200)
  async dispute(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @ValidBody(disputeSchema, bookingBody) body: DisputeInput,
  ): Promise<BookingDetail> {
    await this.disputeNoShow.execute({ user, bookingId: id, reason: body.reason });
    return this.bookings.detail(id, user.id);
  }
}
