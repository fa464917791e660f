import { Module } from '@nestjs/common';
import { HuntersModule } from '../hunters/hunters.module.js';
import { AvailabilityController } from './availability.controller.js';
import { AvailabilityRepository } from './availability.repository.js';
import { AvailabilityService } from './availability.service.js';

/**
 * Weekly hours and dated records; hunters are read through HunterRepository, their one owner. The demo data writes
 * through AvailabilityRepository.
 */
@Module({
  imports: [HuntersModule],
  controllers: [AvailabilityController],
  providers: [AvailabilityRepository, AvailabilityService],
  exports: [AvailabilityRepository],
})
export class AvailabilityModule {}
