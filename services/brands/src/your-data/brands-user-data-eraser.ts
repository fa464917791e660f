import { Injectable } from '@nestjs/common';
import { forgetUploadQuotaOf, forgetMemberInBookingCopies, ModerationService, type UserDataEraser } from '@hunted/platform';
import type { EntityManager } from 'typeorm';
import { BrandRepository } from '../brands/brand.repository.js';
import { BrandImages } from '../images/brand-images.js';
import { FilterHabits } from '../passport/filter-habits.js';
import { BrandRatingsService } from '../ratings/brand-ratings.service.js';
import { SavesService } from '../saves/saves.service.js';
import { VotesService } from '../votes/votes.service.js';

/**
 * A deleted member, in the directory (the table in services/brands/README.md, "Your data"): votes stay as anonymous
 * counts (no member, no address) so no brand's total or today's rank moves; saves, filter habits, style passport
 * grants and the upload allowance's days go; images a brand shows stay as that brand's picture without their
 * uploader, the others go; the ratings copy forgets who wrote each review; brands they submitted stay, without them, and so do their reports and appeals. All in the inbox transaction of
 * `identity.user.deleted`; a second run finds nothing left to change. No event: no other service's copy changes.
 */
@Injectable()
export class BrandsUserDataEraser implements UserDataEraser {
  constructor(
    private readonly votes: VotesService,
    private readonly saves: SavesService,
    private readonly habits: FilterHabits,
    private readonly images: BrandImages,
    private readonly ratings: BrandRatingsService,
    private readonly brands: BrandRepository,
    private readonly moderation: ModerationService,
  ) {}

  async erase(manager: EntityManager, userId: string): Promise<void> {
    await this.votes.anonymiseMember(manager, userId);
    await this.saves.deleteAllOf(manager, userId);
    await this.habits.deleteAllOf(manager, userId);
    await this.images.forgetUploader(manager, userId);
    await this.ratings.forgetAuthor(manager, userId);
    await this.brands.forgetSubmitter(manager, userId);
    await this.moderation.forgetMember(manager, userId);
    await forgetMemberInBookingCopies(manager, userId);
    await forgetUploadQuotaOf(manager, userId);
  }
}
