import { Module } from '@nestjs/common';
import { HunterCopiesModule } from '../hunters/hunter-copies.module.js';
import { StoreModule } from '../store/store.module.js';
import { SlotsController } from './slots.controller.js';
import { SlotsService } from './slots.service.js';

@Module({
  imports: [HunterCopiesModule, StoreModule],
  controllers: [SlotsController],
  providers: [SlotsService],
  exports: [SlotsService],
})
export class SlotsModule {}
