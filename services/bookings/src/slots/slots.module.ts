import { Module } from '@nestjs/common';
import { BookingStoreModule } from '../bookings/booking-store.module.js';
import { HunterCopiesModule } from '../hunters/hunter-copies.module.js';
import { SlotsController } from './slots.controller.js';
import { SlotsService } from './slots.service.js';

@Module({
  imports: [HunterCopiesModule, BookingStoreModule],
  controllers: [SlotsController],
  providers: [SlotsService],
  exports: [SlotsService],
})
export class SlotsModule {}
