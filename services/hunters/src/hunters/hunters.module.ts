import { Module } from '@nestjs/common';
import { HunterRepository } from './hunter.repository.js';
import { HuntersController } from './hunters.controller.js';
import { HuntersService } from './hunters.service.js';

/** The hunter aggregate. HunterRepository is what later features (availability, photos, demo) import. */
@Module({
  controllers: [HuntersController],
  providers: [HunterRepository, HuntersService],
  exports: [HunterRepository],
})
export class HuntersModule {}
