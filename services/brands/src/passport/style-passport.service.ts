import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  PASSPORT_LIMITS,
  PASSPORT_MESSAGES,
  type BrandRef,
  type PassportShares,
  type SharedStylePassport,
  type StylePassport,
} from '@hunted/contracts';
import { BookingCopies, isPassportOpen, now } from '@hunted/platform';
import { DataSource } from 'typeorm';
import { BrandRepository } from '../brands/brand.repository.js';
import { BrandRatingsService } from '../ratings/brand-ratings.service.js';
import { SavesService } from '../saves/saves.service.js';
import { VotesService } from '../votes/votes.service.js';
import { FilterHabits } from './filter-habits.js';

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
    private readonly copies: BookingCopies,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /** The caller's own passport, every part filled: what the booking page offers to share before paying. */
  own(userId: string): Promise<StylePassport> {
    return this.partsOf(userId, EVERY_PART);
  }

  /**
   * What a booking's client shares with its hunter: to the hunter from brands' first news of the booking until the
   * window bookings published (`passportUntil`: PASSPORT_LIMITS.daysAfterSession days after the end), unless
   * cancelled; to the client always. Anyone else, or outside that window, is told there is none (404), never that it
   * exists. Read from the platform's booking copy (decision 0085): nothing is worked out here.
   */
  async shared(bookingId: string, userId: string): Promise<SharedStylePassport> {
    const copy = UUID.test(bookingId) ? await this.copies.find(this.dataSource.manager, bookingId) : null;
    const visibleUntil = copy?.outcome.passportUntil ?? null;
    if (!copy || visibleUntil === null) throw new NotFoundException(PASSPORT_MESSAGES.notFound);
    const at = now();
    const isClient = copy.clientUserId === userId;
    const isHunterInWindow =
      copy.hunterUserId === userId && copy.firstHeardAt.getTime() <= at.getTime() && isPassportOpen(copy.outcome, at);
    if (!isClient && !isHunterInWindow) throw new NotFoundException(PASSPORT_MESSAGES.notFound);
    return {
      bookingId: copy.bookingId,
      shares: copy.passport,
      passport: await this.partsOf(copy.clientUserId, copy.passport),
      visibleUntil: visibleUntil.toISOString(),
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
