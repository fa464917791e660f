import { Module } from '@nestjs/common';
import { StoreModule } from '../store/store.module.js';
import { AvailabilityController } from './availability.controller.js';
import { AvailabilityRepository } from './availability.repository.js';
import { AvailabilityService } from './availability.service.js';

/**
 * Weekly hours and dated records; hunters are read through HunterRepository, their one owner. The demo data writes
 * through AvailabilityRepository.
 */
@Module({
  imports: [StoreModule],
  controllers: [AvailabilityController],
  providers: [AvailabilityRepository, AvailabilityService],
  exports: [AvailabilityRepository],
})
export class AvailabilityModule {}
