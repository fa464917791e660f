import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import type { BookingDetail, CreatePaymentIntentResponse, HunterBooking, MyBooking } from '@hunted/contracts';
import { CurrentUser, PageQueryDto, pageOf, sendPage, SignedIn, type AuthenticatedUser } from '@hunted/platform';
import type { FastifyReply } from 'fastify';
import { BOOKINGS_PAGE_SIZE, BookingsService } from './bookings.service.js';
import {
  createBookingBody,
  createPaymentIntentBody,
  parseBody,
  rescheduleBookingBody,
} from './dto/booking-bodies.dto.js';
import { CancelBookingUseCase } from './usecases/cancel-booking/cancel-booking.usecase.js';
import { ConfirmBookingUseCase } from './usecases/confirm-booking/confirm-booking.usecase.js';
import { HoldSlotUseCase } from './usecases/hold-slot/hold-slot.usecase.js';
import { RescheduleBookingUseCase } from './usecases/reschedule-booking/reschedule-booking.usecase.js';

/** Every route needs a signed-in member; a booking they take no part in is a 404. */
@Controller('api')
@SignedIn()
export class BookingsController {
  constructor(
    private readonly bookings: BookingsService,
    private readonly holdSlot: HoldSlotUseCase,
    private readonly confirmBooking: ConfirmBookingUseCase,
    private readonly rescheduleBooking: RescheduleBookingUseCase,
    private readonly cancelBooking: CancelBookingUseCase,
  ) {}

  @Post('create-payment-intent')
  @HttpCode(200)
  createPaymentIntent(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: unknown,
  ): Promise<CreatePaymentIntentResponse> {
    return this.holdSlot.execute({ user, ...parseBody(createPaymentIntentBody, body) });
  }

  @Post('bookings')
  async create(@CurrentUser() user: AuthenticatedUser, @Body() body: unknown): Promise<BookingDetail> {
    const { stripePaymentIntentId, ...request } = parseBody(createBookingBody, body);
    const booking = await this.confirmBooking.execute({ user, ...request, paymentIntentId: stripePaymentIntentId });
    return this.bookings.detail(booking.id, user.id);
  }

  /** Both lists are always paged (`?limit=&offset=`, 50 by default), the total in `x-total-count`. */
  @Get('my-bookings')
  async mine(
    @CurrentUser() user: AuthenticatedUser,
    @Query() query: PageQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<MyBooking[]> {
    return sendPage(reply, await this.bookings.mine(user.id, pageOrFirst(query)));
  }

  @Get('hunter-bookings')
  async ofHunter(
    @CurrentUser() user: AuthenticatedUser,
    @Query() query: PageQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<HunterBooking[]> {
    return sendPage(reply, await this.bookings.ofHunter(user.id, pageOrFirst(query)));
  }

  @Get('bookings/:id')
  detail(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<BookingDetail> {
    return this.bookings.detail(id, user.id);
  }

  @Post('bookings/:id/release')
  @HttpCode(200)
  release(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<BookingDetail> {
    return this.bookings.release(id, user.id);
  }

  @Post('bookings/:id/reschedule')
  @HttpCode(200)
  async reschedule(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @Body() body: unknown,
  ): Promise<BookingDetail> {
    await this.rescheduleBooking.execute({ user, bookingId: id, ...parseBody(rescheduleBookingBody, body) });
    return this.bookings.detail(id, user.id);
  }

  @Post('bookings/:id/cancel')
  @HttpCode(200)
  async cancel(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<BookingDetail> {
    await this.cancelBooking.execute({ user, bookingId: id });
    return this.bookings.detail(id, user.id);
  }
}

function pageOrFirst(query: PageQueryDto) {
  return pageOf(query, BOOKINGS_PAGE_SIZE) ?? { limit: BOOKINGS_PAGE_SIZE, offset: 0 };
}
