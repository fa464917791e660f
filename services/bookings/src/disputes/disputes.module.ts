import { Module } from '@nestjs/common';
import { PaymentsModule } from '../payments/payments.module.js';
import { StoreModule } from '../store/store.module.js';
import { ViewsModule } from '../views/views.module.js';
import { AdminDisputesController } from './admin-disputes.controller.js';
import { AdminDisputes } from './admin-disputes.service.js';

/** The admin's queue of disputed no-show marks and its decisions. */
@Module({
  imports: [StoreModule, ViewsModule, PaymentsModule],
  controllers: [AdminDisputesController],
  providers: [AdminDisputes],
})
export class DisputesModule {}
