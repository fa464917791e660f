import { Module } from '@nestjs/common';
import { BookingsModule } from '../bookings/bookings.module.js';
import { PaymentsModule } from '../payments/payments.module.js';
import { SlotsModule } from '../slots/slots.module.js';
import { StoreModule } from '../store/store.module.js';
import { ViewsModule } from '../views/views.module.js';
import { SessionActionsController } from './session-actions.controller.js';
import { AcceptProposalUseCase } from './usecases/accept-proposal/accept-proposal.use-case.js';
import { CancelByHunterUseCase } from './usecases/cancel-by-hunter/cancel-by-hunter.use-case.js';
import { DeclineProposalUseCase } from './usecases/decline-proposal/decline-proposal.use-case.js';
import { DisputeNoShowUseCase } from './usecases/dispute-no-show/dispute-no-show.use-case.js';
import { MarkAttendanceUseCase } from './usecases/mark-attendance/mark-attendance.use-case.js';
import { ProposeTimeUseCase } from './usecases/propose-time/propose-time.use-case.js';

/**
 * The session's own transitions after booking, one use case each: the hunter's (cancel with a reason, mark
 * attendance, suggest another time; only the member who owns the booking's hunter, anyone else 404) and the
 * client's answers (accept or decline the suggestion, dispute a no-show). Each refusal is read from the row first
 * to say why (store/booking-rules.ts); the guarded UPDATE decides (a race that loses answers 409).
 */
@Module({
  imports: [StoreModule, ViewsModule, SlotsModule, PaymentsModule, BookingsModule],
  controllers: [SessionActionsController],
  providers: [
    CancelByHunterUseCase,
    MarkAttendanceUseCase,
    ProposeTimeUseCase,
    AcceptProposalUseCase,
    DeclineProposalUseCase,
    DisputeNoShowUseCase,
  ],
})
export class SessionActionsModule {}
