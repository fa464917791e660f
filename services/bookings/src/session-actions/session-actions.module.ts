import { Module } from '@nestjs/common';
import { BookingsModule } from '../bookings/bookings.module.js';
import { PaymentsModule } from '../payments/payments.module.js';
import { SlotsModule } from '../slots/slots.module.js';
import { StoreModule } from '../store/store.module.js';
import { ViewsModule } from '../views/views.module.js';
import { SessionActionsController } from './session-actions.controller.js';
import { SessionActions } from './session-actions.service.js';

/** The session's own transitions after booking: the hunter's actions and the client's answers. */
@Module({
  imports: [StoreModule, ViewsModule, SlotsModule, PaymentsModule, BookingsModule],
  controllers: [SessionActionsController],
  providers: [SessionActions],
})
export class SessionActionsModule {}
