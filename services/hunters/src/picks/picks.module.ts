import { Module } from '@nestjs/common';
import { JobsModule } from '@hunted/platform';
import { StoreModule } from '../store/store.module.js';
import { HunterPickJob, hunterPickChoice } from './hunter-pick.job.js';
import { HunterPickRepository } from './hunter-pick.repository.js';
import { AdminHunterPickRotaController, HunterPicksController } from './hunter-picks.controller.js';
import { HunterPicksService } from './hunter-picks.service.js';

/** Hunter's Pick on /today: the rota, the day's choice (a midnight job) and the pick. */
@Module({
  imports: [StoreModule, JobsModule.forFeature([hunterPickChoice])],
  controllers: [HunterPicksController, AdminHunterPickRotaController],
  providers: [HunterPickRepository, HunterPicksService, HunterPickJob],
})
export class PicksModule {}
