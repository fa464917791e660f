import { Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import {
  BOOKING_BODY_MESSAGE,
  createBookingSchema,
  createPaymentIntentSchema,
  rescheduleBookingSchema,
  type BookingDetail,
  type CreateBookingInput,
  type CreatePaymentIntentInput,
  type CreatePaymentIntentResponse,
  type HunterBooking,
  type MyBooking,
  type RescheduleBookingInput,
} from '@hunted/contracts';
import {
  CurrentUser,
  pageOf,
  RequiresAcceptedTerms,
  strictPageQuerySchema,
  type PageQuery,
  sendPage,
  SignedIn,
  ValidBody,
  ValidQuery,
  type AuthenticatedUser,
} from '@hunted/platform';
import type { FastifyReply } from 'fastify';
import { BOOKINGS_PAGE_SIZE, BookingPages } from '../views/booking-pages.js';
import { CancelBookingUseCase } from './usecases/cancel-booking/cancel-booking.use-case.js';
import { ConfirmBookingUseCase } from './usecases/confirm-booking/confirm-booking.use-case.js';
import { HoldSlotUseCase } from './usecases/hold-slot/hold-slot.use-case.js';
import { ReleaseHoldUseCase } from './usecases/release-hold/release-hold.use-case.js';
import { RescheduleBookingUseCase } from './usecases/reschedule-booking/reschedule-booking.use-case.js';

const bookingBody = { message: BOOKING_BODY_MESSAGE };

/** Every route needs a signed-in member; a booking they take no part in is a 404. */
@Controller('api')
@SignedIn()
export class BookingsController {
  constructor(
    private readonly bookings: BookingPages,
    private readonly holdSlot: HoldSlotUseCase,
    private readonly confirmBooking: ConfirmBookingUseCase,
    private readonly rescheduleBooking: RescheduleBookingUseCase,
    private readonly cancelBooking: CancelBookingUseCase,
    private readonly releaseHold: ReleaseHoldUseCase,
  ) {}

  /** Holding a slot is where a booking starts: the member accepts the current terms first (decision 0103). */
  @Post('create-payment-intent')
  @HttpCode(200)
  @RequiresAcceptedTerms('terms')
  createPaymentIntent(
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(createPaymentIntentSchema, bookingBody) body: CreatePaymentIntentInput,
  ): Promise<CreatePaymentIntentResponse> {
    return this.holdSlot.execute({ user, ...body });
  }

  @Post('bookings')
  @RequiresAcceptedTerms('terms')
  async create(
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(createBookingSchema, bookingBody) body: CreateBookingInput,
  ): Promise<BookingDetail> {
    const { stripePaymentIntentId, ...request } = body;
    const booking = await this.confirmBooking.execute({ user, ...request, paymentIntentId: stripePaymentIntentId });
    return this.bookings.detail(booking.id, user.id);
  }

  /** Both lists are always paged (`?limit=&offset=`, 50 by default), the total in `x-total-count`. */
  @Get('my-bookings')
  async mine(
    @CurrentUser() user: AuthenticatedUser,
    @ValidQuery(strictPageQuerySchema) query: PageQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<MyBooking[]> {
    return sendPage(reply, await this.bookings.mine(user.id, pageOrFirst(query)));
  }

  @Get('hunter-bookings')
  async ofHunter(
    @CurrentUser() user: AuthenticatedUser,
    @ValidQuery(strictPageQuerySchema) query: PageQuery,
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
  async release(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<BookingDetail> {
    await this.releaseHold.execute({ user, bookingId: id });
    return this.bookings.detail(id, user.id);
  }

  @Post('bookings/:id/reschedule')
  @HttpCode(200)
  async reschedule(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @ValidBody(rescheduleBookingSchema, bookingBody) body: RescheduleBookingInput,
  ): Promise<BookingDetail> {
    await this.rescheduleBooking.execute({ user, bookingId: id, ...body });
    return this.bookings.detail(id, user.id);
  }

  @Post('bookings/:id/cancel')
  @HttpCode(200)
  async cancel(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<BookingDetail> {
    await this.cancelBooking.execute({ user, bookingId: id });
    return this.bookings.detail(id, user.id);
  }
}

function pageOrFirst(query: PageQuery) {
  return pageOf(query, BOOKINGS_PAGE_SIZE) ?? { limit: BOOKINGS_PAGE_SIZE, offset: 0 };
}
