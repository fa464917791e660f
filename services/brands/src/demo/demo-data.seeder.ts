import { Injectable } from '@nestjs/common';
import { DemoDataLoader } from '@hunted/platform';
import type { EntityManager } from 'typeorm';
import { BrandRepository } from '../brands/brand.repository.js';
import { SavesService } from '../saves/saves.service.js';
import { VotesService, type PastVote } from '../votes/votes.service.js';
import { DEMO_BRANDS, demoImageUrl, demoLinks } from './demo-brands.js';

const DEMO_USERS = Array.from({ length: 40 }, (_, i) => `demo-user-${String(i + 1).padStart(2, '0')}`);
/** Documentation addresses (RFC 5737): demo votes never look like a real client's. */
const demoIp = (n: number) => `192.0.2.${(n % 254) + 1}`;

/** A small deterministic generator, so every fresh database gets the same directory. */
function random(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

type VoteWhen = 'today' | 'yesterday' | 'earlier';

/**
 * Loads the demo directory into an empty database at start (unless DEMO_DATA=off; off by default in tests):
 * 42 brands across every category and country, votes by demo users (some today and yesterday, so the daily
 * ranking and the featured pick have something to work with) and saves. One transaction under an advisory lock,
 * so two replicas starting together load it once, and a non-empty directory is never touched. Each brand's
 * brands.brand.created goes out with it, so other services' copies of the directory know the demo brands.
 */
@Injectable()
export class DemoDataSeeder extends DemoDataLoader {
  // Loaded at onModuleInit, before any onApplicationBootstrap, so the featured pick at start sees the demo brands.
  constructor(
    private readonly brands: BrandRepository,
    private readonly votes: VotesService,
    private readonly saves: SavesService,
  ) {
    super();
  }

  protected hasData(manager: EntityManager): Promise<boolean> {
    return this.brands.any(manager);
  }

  /** The demo directory; answers how many brands it loaded. */
  protected async load(manager: EntityManager): Promise<number> {
    const ids = await this.insertBrands(manager);
    await this.insertVotes(manager, ids);
    await this.insertSaves(manager, ids);
    return ids.length;
  }

  protected loadedMessage(count: number): string {
    return `loaded the demo directory: ${count} brands (set DEMO_DATA=off to start empty)`;
  }

  private async insertBrands(manager: EntityManager): Promise<number[]> {
    const now = Date.now();
    const brands = DEMO_BRANDS.map((brand, index) => ({
      // No rating here: a brand's rating and review count only ever come from real reviews (review events).
      name: brand.name,
      description: brand.description,
      category: brand.category,
      location: brand.location,
      delivery: brand.delivery,
      imageUrl: demoImageUrl(brand),
      ...demoLinks(brand),
      tags: brand.tags,
      hashtags: brand.hashtags,
      priceCategory: brand.priceCategory,
      featured: false,
      featuredDate: null,
      views: 40 + ((index * 97) % 900),
      // Added over the last ten weeks, oldest first in the list's order.
      createdAt: new Date(now - ((DEMO_BRANDS.length - index) * 38 + (index % 7)) * HOUR_MS),
    }));
    return (await this.brands.insert(manager, brands)).map((brand) => brand.id);
  }

  /** Votes as real ones would be: one per demo user per brand, spread over two weeks, a share today. */
  private async insertVotes(manager: EntityManager, brandIds: number[]): Promise<void> {
    // London midnight today as an instant; "today" votes fall between it and now, "yesterday" ones in the
    // 23 hours before it (a London day is never shorter), "earlier" ones in the 13 days before that.
    const { midnight, now } = await this.brands.londonMidnight(manager);
    const at = midnight.getTime();
    const timeOf = (when: VoteWhen, fraction: number) =>
      new Date(
        when === 'today'
          ? at + fraction * (now.getTime() - at)
          : when === 'yesterday'
            ? at - MINUTE_MS - fraction * 22 * HOUR_MS
            : at - 24 * HOUR_MS - fraction * 13 * 24 * HOUR_MS,
      );
    const votes: PastVote[] = [];
    brandIds.forEach((brandId, i) => {
      const next = random(i + 1);
      const count = 2 + ((i * 7) % 23);
      for (let k = 0; k < count; k++) {
        const r = next();
        const when: VoteWhen = r < 0.25 ? 'today' : r < 0.45 ? 'yesterday' : 'earlier';
        votes.push({
          brandId,
          userId: DEMO_USERS[(i * 5 + k) % DEMO_USERS.length]!,
          ipAddress: demoIp(i * 31 + k),
          createdAt: timeOf(when, next()),
        });
      }
    });
    await this.votes.insertPast(manager, votes);
    await this.brands.recountAllVotes(manager);
  }

  private async insertSaves(manager: EntityManager, brandIds: number[]): Promise<void> {
    const saves: { userId: string; brandId: number }[] = [];
    DEMO_USERS.slice(0, 12).forEach((userId, u) => {
      for (let j = 0; j < 3; j++) saves.push({ userId, brandId: brandIds[(u * 3 + j * 7) % brandIds.length]! });
    });
    await this.saves.saveMany(manager, saves);
  }
}
