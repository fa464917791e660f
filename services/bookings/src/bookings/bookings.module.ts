import { Module } from '@nestjs/common';
import { JobsModule, UserCopiesModule } from '@hunted/platform';
import { HunterCopiesModule } from '../hunters/hunter-copies.module.js';
import { PaymentsModule } from '../payments/payments.module.js';
import { PhotosModule } from '../photos/photos.module.js';
import { SlotsModule } from '../slots/slots.module.js';
import { StoreModule } from '../store/store.module.js';
import { ViewsModule } from '../views/views.module.js';
import { BookingCompletionJob, bookingCompletion } from './booking-completion.job.js';
import { HoldExpiryJob, holdExpiry } from './booking-holds.job.js';
import { BookingRefundJob, bookingRefunds } from './booking-refunds.job.js';
import { BookingsController } from './bookings.controller.js';
import { HunterSuspension } from './hunter-suspension.js';
import { BookingLimits } from './limits/booking-limits.js';
import { CancelBookingUseCase } from './usecases/cancel-booking/cancel-booking.use-case.js';
import { ConfirmBookingUseCase } from './usecases/confirm-booking/confirm-booking.use-case.js';
import { HoldSlotUseCase } from './usecases/hold-slot/hold-slot.use-case.js';
import { ReleaseHoldUseCase } from './usecases/release-hold/release-hold.use-case.js';
import { RescheduleBookingUseCase } from './usecases/reschedule-booking/reschedule-booking.use-case.js';

/**
 * Holds and bookings: the member's use cases (hold, confirm, move, cancel, release), their abuse limits, the jobs
 * (hold expiry, completion, refunds) and a hunter's suspension. Exports `BookingLimits` (the session actions' move
 * to a proposed time) and `HunterSuspension` (the hunters copy's `hunters.hunter.vetted`).
 */
@Module({
  imports: [
    StoreModule,
    ViewsModule,
    HunterCopiesModule,
    UserCopiesModule.forService(),
    SlotsModule,
    PaymentsModule,
    PhotosModule,
    JobsModule.forFeature([holdExpiry, bookingCompletion, bookingRefunds]),
  ],
  controllers: [BookingsController],
  providers: [
    BookingLimits,
    HoldSlotUseCase,
    ConfirmBookingUseCase,
    RescheduleBookingUseCase,
    CancelBookingUseCase,
    ReleaseHoldUseCase,
    HoldExpiryJob,
    BookingCompletionJob,
    BookingRefundJob,
    HunterSuspension,
  ],
  exports: [BookingLimits, HunterSuspension],
})
export class BookingsModule {}
