import { Module } from '@nestjs/common';
import { JobsModule, UserCopiesModule } from '@hunted/platform';
import { HunterCopiesModule } from '../hunters/hunter-copies.module.js';
import { PaymentOutcomeHandler } from '../payments/payment-provider.js';
import { PaymentsModule } from '../payments/payments.module.js';
import { PayoutStoreModule } from '../payouts/payout-store.module.js';
import { SlotsModule } from '../slots/slots.module.js';
import { BookingCompletionJob, bookingCompletion } from './booking-completion.job.js';
import { HoldExpiryJob, holdExpiry } from './booking-holds.job.js';
import { BookingRefundJob, bookingRefunds } from './booking-refunds.job.js';
import { BookingPaymentOutcomes } from './booking-payment-outcomes.js';
import { BookingStoreModule } from './booking-store.module.js';
import { BookingsController } from './bookings.controller.js';
import { BookingsService } from './bookings.service.js';
import { HunterSuspension } from './hunter-suspension.js';
import { BookingLimits } from './limits/booking-limits.js';
import { CancelBookingUseCase } from './usecases/cancel-booking/cancel-booking.use-case.js';
import { ConfirmBookingUseCase } from './usecases/confirm-booking/confirm-booking.use-case.js';
import { HoldSlotUseCase } from './usecases/hold-slot/hold-slot.use-case.js';
import { ReleaseHoldUseCase } from './usecases/release-hold/release-hold.use-case.js';
import { RescheduleBookingUseCase } from './usecases/reschedule-booking/reschedule-booking.use-case.js';
import { AdminDisputesController } from './disputes/admin-disputes.controller.js';
import { AdminDisputes } from './disputes/admin-disputes.service.js';
import { BookingPhotosController } from './photos/booking-photos.controller.js';
import { BookingPhotos } from './photos/booking-photos.js';
import { BookingPhotosRepository } from './photos/booking-photos.repository.js';
import { SessionActionsController } from './session-actions/session-actions.controller.js';
import { SessionActions } from './session-actions/session-actions.service.js';

/**
 * Holds, bookings and their payments. Exports `PaymentOutcomeHandler` (BookingPaymentOutcomes) for the
 * processor's webhook.
 */
@Module({
  imports: [
    BookingStoreModule,
    HunterCopiesModule,
    UserCopiesModule.forService(),
    SlotsModule,
    PaymentsModule,
    PayoutStoreModule,
    JobsModule.forFeature([holdExpiry, bookingCompletion, bookingRefunds]),
  ],
  controllers: [BookingsController, SessionActionsController, BookingPhotosController, AdminDisputesController],
  providers: [
    BookingsService,
    BookingLimits,
    BookingPaymentOutcomes,
    { provide: PaymentOutcomeHandler, useExisting: BookingPaymentOutcomes },
    HoldSlotUseCase,
    ConfirmBookingUseCase,
    RescheduleBookingUseCase,
    CancelBookingUseCase,
    ReleaseHoldUseCase,
    HoldExpiryJob,
    BookingCompletionJob,
    BookingRefundJob,
    HunterSuspension,
    SessionActions,
    AdminDisputes,
    BookingPhotos,
    BookingPhotosRepository,
  ],
  exports: [PaymentOutcomeHandler, PaymentsModule, HunterSuspension],
})
export class BookingsModule {}
