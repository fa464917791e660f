import { Module } from '@nestjs/common';
import { PaymentsModule } from '../payments/payments.module.js';
import { StoreModule } from '../store/store.module.js';
import { ViewsModule } from '../views/views.module.js';
import { AdminDisputesController } from './admin-disputes.controller.js';
import { AdminDisputes } from './admin-disputes.service.js';
import { ResolveDisputeUseCase } from './usecases/resolve-dispute/resolve-dispute.use-case.js';

/** The admin's queue of disputed no-show marks (a read) and the decision on one (a use case). */
@Module({
  imports: [StoreModule, ViewsModule, PaymentsModule],
  controllers: [AdminDisputesController],
  providers: [AdminDisputes, ResolveDisputeUseCase],
})
export class DisputesModule {}
