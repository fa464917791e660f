import { Injectable, NotFoundException } from '@nestjs/common';
import {
  PASSPORT_LIMITS,
  PASSPORT_MESSAGES,
  type BrandRef,
  type PassportShares,
  type SharedStylePassport,
  type StylePassport,
} from '@hunted/contracts';
import { nowMs } from '@hunted/platform';
import { BrandRepository } from '../brands/brand.repository.js';
import { BrandRatingsService } from '../ratings/brand-ratings.service.js';
import { SavesService } from '../saves/saves.service.js';
import { VotesService } from '../votes/votes.service.js';
import { FilterHabits } from './filter-habits.js';
import { PassportGrants } from './passport-grants.repository.js';

const DAY_MS = 86_400_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EVERY_PART: PassportShares = {
  savedBrands: true,
  votedBrands: true,
  reviewedBrands: true,
  filterHabits: true,
  question: true,
};

/**
 * The style passport: a member's taste as the directory knows it (saved, voted and reviewed brands, the filters
 * they use most), read from each part's owner, each part bounded (PASSPORT_LIMITS) and read on its own index.
 */
@Injectable()
export class StylePassportService {
  constructor(
    private readonly brands: BrandRepository,
    private readonly saves: SavesService,
    private readonly votes: VotesService,
    private readonly ratings: BrandRatingsService,
    private readonly habits: FilterHabits,
    private readonly grants: PassportGrants,
  ) {}

  /** The caller's own passport, every part filled: what the booking page offers to share before paying. */
  own(userId: string): Promise<StylePassport> {
    return this.partsOf(userId, EVERY_PART);
  }

  /**
   * What a booking's client shares with its hunter: to the hunter from the confirmation until
   * PASSPORT_LIMITS.daysAfterSession days after the session ends, unless cancelled; to the client always. Anyone
   * else, or outside that window, is told there is none (404), never that it exists.
   */
  async shared(bookingId: string, userId: string): Promise<SharedStylePassport> {
    const grant = UUID.test(bookingId) ? await this.grants.find(bookingId) : null;
    if (!grant) throw new NotFoundException(PASSPORT_MESSAGES.notFound);
    const visibleUntil = new Date(grant.endsAt).getTime() + PASSPORT_LIMITS.daysAfterSession * DAY_MS;
    const now = nowMs();
    const isClient = grant.clientUserId === userId;
    const isHunterInWindow =
      grant.hunterUserId === userId &&
      grant.revokedAt === null &&
      new Date(grant.grantedAt).getTime() <= now &&
      now <= visibleUntil;
    if (!isClient && !isHunterInWindow) throw new NotFoundException(PASSPORT_MESSAGES.notFound);
    return {
      bookingId: grant.bookingId,
      shares: grant.shares,
      passport: await this.partsOf(grant.clientUserId, grant.shares),
      visibleUntil: new Date(visibleUntil).toISOString(),
    };
  }

  /** The parts `shares` names, each read at once on its own; the others null (and never read). */
  private async partsOf(userId: string, shares: PassportShares): Promise<StylePassport> {
    const limit = PASSPORT_LIMITS.brandsPerPart;
    const [savedBrands, votedBrands, reviewedBrands, filterHabits] = await Promise.all([
      shares.savedBrands ? this.refs(this.saves.recentBrandIds(userId, limit)) : null,
      shares.votedBrands ? this.refs(this.votes.recentBrandIds(userId, limit)) : null,
      shares.reviewedBrands ? this.refs(this.ratings.reviewedBrandIds(userId, limit)) : null,
      shares.filterHabits ? this.habits.top(userId, PASSPORT_LIMITS.topFilters) : null,
    ]);
    return { savedBrands, votedBrands, reviewedBrands, filterHabits };
  }

  private async refs(ids: Promise<number[]>): Promise<BrandRef[]> {
    return this.brands.refsInOrder(await ids);
  }
}
