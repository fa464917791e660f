import { Module } from '@nestjs/common';
import { StoreModule } from '../store/store.module.js';
import { AdminHuntersController } from './admin-hunters.controller.js';
import { VettingService } from './vetting.service.js';

/** The admin routes of vetting (`/api/admin/hunters`); the decisions' repository is the store's (the profile records too). */
@Module({
  imports: [StoreModule],
  controllers: [AdminHuntersController],
  providers: [VettingService],
})
export class VettingModule {}
