import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { EventPublisher, SERVICE_CONFIG } from '@hunted/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { COPY_LATEST_DAILY_VOTES } from '../brands/brand-sql.js';
import { demoDataEnabled, type BrandsConfig } from '../config.js';
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

type VoteWhen = 'today' | 'yesterday' | 'earlier';

/**
 * Loads the demo directory into an empty database at start (unless DEMO_DATA=off; off by default in tests):
 * 42 brands across every category and country, votes by demo users (some today and yesterday, so the daily
 * ranking and the featured pick have something to work with) and saves. One transaction under an advisory lock,
 * so two replicas starting together load it once, and a non-empty directory is never touched. Each brand's
 * brands.brand.created goes out with it, so other services' copies of the directory know the demo brands.
 */
@Injectable()
export class DemoDataSeeder implements OnModuleInit {
  private readonly logger = new Logger(DemoDataSeeder.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(SERVICE_CONFIG) private readonly config: BrandsConfig,
    private readonly events: EventPublisher,
  ) {}

  // onModuleInit runs before any onApplicationBootstrap, so the featured pick at start sees the demo brands.
  async onModuleInit(): Promise<void> {
    if (!demoDataEnabled(this.config)) return;
    const loaded = await this.seedIfEmpty();
    if (loaded) this.logger.log(`loaded the demo directory: ${loaded} brands (set DEMO_DATA=off to start empty)`);
  }

  /** Loads the demo directory when there are no brands; answers how many brands it loaded (0 when none). */
  async seedIfEmpty(): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`select pg_advisory_xact_lock(hashtext(current_schema() || ':demo-data'))`);
      const [{ any }] = await manager.query<[{ any: boolean }]>(`select exists (select 1 from brands) as any`);
      if (any) return 0;
      const ids = await this.insertBrands(manager);
      await this.insertVotes(manager, ids);
      await this.insertSaves(manager, ids);
      return ids.length;
    });
  }

  private async insertBrands(manager: EntityManager): Promise<number[]> {
    const ids: number[] = [];
    for (const [index, brand] of DEMO_BRANDS.entries()) {
      const links = demoLinks(brand);
      const [row] = await manager.query<{ id: number }[]>(
        // No rating here: a brand's rating and review count only ever come from real reviews (review events).
        `insert into brands (name, description, category, location, delivery, image_url, instagram_url, etsy_url,
           website_url, tiktok_url, tags, hashtags, price_category, views, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14,
                 now() - make_interval(hours => $15))
         returning id`,
        [
          brand.name,
          brand.description,
          brand.category,
          brand.location,
          brand.delivery,
          demoImageUrl(brand),
          links.instagramUrl,
          links.etsyUrl,
          links.websiteUrl,
          links.tiktokUrl,
          brand.tags,
          brand.hashtags,
          brand.priceCategory,
          40 + ((index * 97) % 900),
          // Added over the last ten weeks, oldest first in the list's order.
          (DEMO_BRANDS.length - index) * 38 + (index % 7),
        ],
      );
      ids.push(row!.id);
      await this.events.publish(manager, 'brands.brand.created', { brandId: row!.id, name: brand.name });
    }
    return ids;
  }

  /** Votes as real ones would be: one per demo user per brand, spread over two weeks, a share today. */
  private async insertVotes(manager: EntityManager, brandIds: number[]): Promise<void> {
    const brands: number[] = [];
    const users: string[] = [];
    const ips: string[] = [];
    const whens: VoteWhen[] = [];
    const fractions: number[] = [];
    brandIds.forEach((brandId, i) => {
      const next = random(i + 1);
      const count = 2 + ((i * 7) % 23);
      for (let k = 0; k < count; k++) {
        const r = next();
        brands.push(brandId);
        users.push(DEMO_USERS[(i * 5 + k) % DEMO_USERS.length]!);
        ips.push(demoIp(i * 31 + k));
        whens.push(r < 0.25 ? 'today' : r < 0.45 ? 'yesterday' : 'earlier');
        fractions.push(next());
      }
    });
    // London midnight today as an instant; "today" votes fall between it and now, "yesterday" ones in the
    // 23 hours before it (a London day is never shorter), "earlier" ones in the 13 days before that.
    await manager.query(
      `with midnight as (select (date_trunc('day', now() at time zone 'Europe/London') at time zone 'Europe/London') as at),
       planned as (
         select v.brand_id, v.user_id, v.ip,
           case v.occasion
             when 'today' then m.at + v.fraction * (now() - m.at)
             when 'yesterday' then m.at - interval '1 minute' - v.fraction * interval '22 hours'
             else m.at - interval '1 day' - v.fraction * interval '13 days'
           end as created_at
         from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::float8[]) as v(brand_id, user_id, ip, occasion, fraction),
              midnight m)
       insert into votes (brand_id, user_id, ip_address, created_at, window_end)
       select brand_id, user_id, ip, created_at, created_at + interval '24 hours' from planned`,
      [brands, users, ips, whens, fractions],
    );
    await manager.query(
      `update brands b set votes = v.n from (select brand_id, count(*)::int as n from votes group by brand_id) v
       where v.brand_id = b.id`,
    );
    await manager.query(
      `insert into brand_daily_votes (brand_id, day, votes)
       select brand_id, (created_at at time zone 'Europe/London')::date, count(*) from votes group by 1, 2`,
    );
    await manager.query(COPY_LATEST_DAILY_VOTES);
  }

  private async insertSaves(manager: EntityManager, brandIds: number[]): Promise<void> {
    const users: string[] = [];
    const brands: number[] = [];
    DEMO_USERS.slice(0, 12).forEach((user, u) => {
      for (let j = 0; j < 3; j++) {
        users.push(user);
        brands.push(brandIds[(u * 3 + j * 7) % brandIds.length]!);
      }
    });
    await manager.query(
      `insert into saved_brands (user_id, brand_id) select * from unnest($1::text[], $2::int[])
       on conflict (user_id, brand_id) do nothing`,
      [users, brands],
    );
  }
}
