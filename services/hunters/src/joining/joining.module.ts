import { Module } from '@nestjs/common';
import { StoreModule } from '../store/store.module.js';
import { JoiningDetailsController } from './joining-details.controller.js';
import { JoiningDetailsRepository } from './joining-details.repository.js';
import { JoiningDetailsService } from './joining-details.service.js';

/** Joining details: the hunter's own route; the demo data writes through JoiningDetailsRepository. */
@Module({
  imports: [StoreModule],
  controllers: [JoiningDetailsController],
  providers: [JoiningDetailsRepository, JoiningDetailsService],
  exports: [JoiningDetailsRepository],
})
export class JoiningModule {}
