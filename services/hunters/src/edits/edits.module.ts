import { Module } from '@nestjs/common';
import { BookingCopiesModule } from '@hunted/platform';
import { StoreModule } from '../store/store.module.js';
import { HunterEditRepository } from './hunter-edit.repository.js';
import { HunterEditsController } from './hunter-edits.controller.js';
import { HunterEditsService } from './hunter-edits.service.js';

/** Hunter Edits (issue 25), sent for sessions the platform's booking copy says are open to one (decision 0085). */
@Module({
  imports: [StoreModule, BookingCopiesModule],
  controllers: [HunterEditsController],
  providers: [HunterEditRepository, HunterEditsService],
  // The erasure (your-data/) deletes a member's edits through their owner.
  exports: [HunterEditRepository],
})
export class EditsModule {}
