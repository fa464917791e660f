import { Module } from '@nestjs/common';
import { JobsModule, RightsModule } from '@hunted/platform';
import { BrandsModule } from '../brands/brands.module.js';
import { BrandImagesModule } from '../images/brand-images.module.js';
import { brandsModeration } from '../moderation/brand-moderation.module.js';
import { FilterHabitsModule } from '../passport/filter-habits.module.js';
import { RatingsModule } from '../ratings/ratings.module.js';
import { SavesModule } from '../saves/saves.module.js';
import { VotesModule } from '../votes/votes.module.js';
import { BrandsDataExport } from './brands-data-export.js';
import { BrandsUserDataEraser } from './brands-user-data-eraser.js';
import { VoteAddressRetention, voteAddressRetention } from './vote-address-retention.job.js';

/** What the contributor, the eraser and the retention job read and change, each through its table's owner. */
const OWNERS = [BrandsModule, VotesModule, SavesModule, FilterHabitsModule, BrandImagesModule, RatingsModule, brandsModeration];

/**
 * The directory's side of the people's-rights sagas (issue 36, decision 0098): its part of an export and its route,
 * the erasure (RIGHTS_HANDLERS, registered in AppModule's EventsModule with this same instance).
 */
export const brandsRights = RightsModule.forService({
  service: 'brands',
  contributor: BrandsDataExport,
  eraser: BrandsUserDataEraser,
  imports: OWNERS,
});

/** The vote addresses' retention job (VOTE_IP_RETENTION_DAYS). */
@Module({
  imports: [JobsModule.forFeature([voteAddressRetention]), VotesModule],
  providers: [VoteAddressRetention],
  exports: [VoteAddressRetention],
})
export class VoteAddressRetentionModule {}
