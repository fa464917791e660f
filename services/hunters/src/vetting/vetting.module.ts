import { Module } from '@nestjs/common';
import { HuntersModule } from '../hunters/hunters.module.js';
import { AdminHuntersController } from './admin-hunters.controller.js';
import { VettingService } from './vetting.service.js';

/** The admin routes of vetting (`/api/admin/hunters`); the decisions' repository is the hunter aggregate's. */
@Module({
  imports: [HuntersModule],
  controllers: [AdminHuntersController],
  providers: [VettingService],
})
export class VettingModule {}
