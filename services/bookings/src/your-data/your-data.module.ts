import { Module } from '@nestjs/common';
import { JobsModule, UserCopiesModule } from '@hunted/platform';
import { HunterCopiesModule } from '../hunters/hunter-copies.module.js';
import { connectClient } from '../payouts/payouts.module.js';
import { PhotosModule } from '../photos/photos.module.js';
import { StoreModule } from '../store/store.module.js';
import { DeletionCheck } from './deletion-check.js';
import { KeptRecordsRetentionJob, keptRecordsRetention } from './kept-records-retention.job.js';
import { PayoutAccountClosureJob, payoutAccountClosures } from './payout-account-closures.job.js';

const jobs = JobsModule.forFeature([payoutAccountClosures, keptRecordsRetention]);
const users = UserCopiesModule.forService();

/**
 * A member's rights over what bookings holds (issue 36; services/bookings/README.md, "## Your data"): the deletion
 * check (`identity.user.deletion-requested`), the Connect account closures after an erasure and the kept records'
 * retention. Exports what the platform's RightsModule builds the export part (BookingsDataExport) and the erasure
 * (BookingsDataEraser) with (app.module.ts: `RightsModule.forService({ imports: [YourDataModule] })`).
 */
@Module({
  imports: [StoreModule, HunterCopiesModule, PhotosModule, users, jobs],
  providers: [connectClient, DeletionCheck, PayoutAccountClosureJob, KeptRecordsRetentionJob],
  exports: [StoreModule, HunterCopiesModule, PhotosModule, users, jobs, connectClient.provide, DeletionCheck],
})
export class YourDataModule {}
