import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DIRECTORY_HASHTAGS_LIMIT } from '@hunted/contracts';
import { AfterCommit, defineJob, SERVICE_CONFIG, type JobHandler } from '@hunted/platform';
import { DataSource, type EntityManager } from 'typeorm';
import type { BrandsConfig } from '../config.js';

/** What a write changed: the order of brands (a vote, a rating), or brands themselves (their category, hashtags). */
export type DirectoryChange = 'order' | 'brands';

/** One refresh at a time across replicas: two would rewrite the same rank rows in different orders. */
const REFRESH_LOCK = `pg_advisory_xact_lock(hashtext('brands.directory-figures'))`;

/**
 * Each shown brand's rank within its category (rating, then votes, then oldest: the spec's rank; a hidden brand
 * keeps its last rank, read by nothing, until it is shown again and recounted), rewritten where it
 * changed. The window over the whole directory reads brands_category_rank_idx alone (about 50 ms at 100,000
 * brands); the comparison with the stored ranks keeps the write to the rows that moved.
 */
const REFRESH_RANKS = `
  with ranked as (
    select id, row_number() over (partition by category order by rating desc, votes desc, id)::int as category_rank
    from brands where hidden_at is null
  ),
  moved as (
    select r.id, r.category_rank from ranked r
    left join brand_category_ranks c on c.brand_id = r.id
    where c.category_rank is distinct from r.category_rank
  )
  insert into brand_category_ranks (brand_id, category_rank) select id, category_rank from moved
  on conflict (brand_id) do update set category_rank = excluded.category_rank`;

/** How many shown brands carry each hashtag (a hidden brand's count for nothing), rewritten where it changed; hashtags no brand carries any more go. */
const REFRESH_HASHTAGS = `
  with counted as (
    select tag as hashtag, count(*)::int as brands from brands, unnest(hashtags) as tag
    where tag <> '' and hidden_at is null group by tag
  ),
  gone as (
    delete from directory_hashtags d where not exists (select 1 from counted c where c.hashtag = d.hashtag)
  )
  insert into directory_hashtags (hashtag, brands) select hashtag, brands from counted
  on conflict (hashtag) do update set brands = excluded.brands where directory_hashtags.brands <> excluded.brands`;

/** The filter's order: as people read them, case aside, then exactly (the order the page always used). */
function byReadingOrder(a: string, b: string): number {
  return a.localeCompare(b, 'en-GB', { sensitivity: 'base' }) || a.localeCompare(b);
}

/**
 * The directory's figures the /brands page shows beside a page of brands: each brand's rank within its category
 * and the hashtags for the filter (issue 23: the page used to download the whole directory to work them out).
 * Kept in brand_category_ranks and directory_hashtags. A write that moves them calls `changed` inside its
 * transaction; once that commits, a refresh follows within DIRECTORY_FIGURES_DELAY_MS (one for all the writes of
 * that while). The scheduled job refreshes every minute on one replica, for a write whose process died before
 * its refresh ran; every replica refreshes once at start.
 */
@Injectable()
export class DirectoryFigures implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(DirectoryFigures.name);
  private readonly due = { ranks: false, hashtags: false };
  private timer: NodeJS.Timeout | undefined;
  private refreshing: Promise<void> = Promise.resolve();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(SERVICE_CONFIG) private readonly config: BrandsConfig,
    private readonly afterCommit: AfterCommit,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.refresh({ ranks: true, hashtags: true }).catch((error: Error) =>
      this.logger.error(`directory figures at start failed: ${error.message}`),
    );
  }

  onModuleDestroy(): void {
    clearTimeout(this.timer);
  }

  /** Notes a change made in `manager`'s transaction; the refresh is asked for once it commits. */
  changed(manager: EntityManager, change: DirectoryChange): void {
    this.afterCommit.run(manager, () => {
      this.due.ranks = true;
      if (change === 'brands') this.due.hashtags = true;
      this.timer ??= setTimeout(() => {
        this.timer = undefined;
        const due = { ...this.due };
        this.due.ranks = this.due.hashtags = false;
        this.refresh(due).catch((error: Error) => {
          this.logger.warn(`directory figures not refreshed: ${error.message}`);
          // Asked again with the next change, or by the scheduled job within a minute.
        });
      }, this.config.DIRECTORY_FIGURES_DELAY_MS);
      this.timer.unref();
    });
  }

  /** Recounts what is asked, in one transaction, after any refresh of this process still under way. */
  refresh(what: { ranks: boolean; hashtags: boolean }): Promise<void> {
    const next = this.refreshing.catch(() => undefined).then(() =>
      this.dataSource.transaction(async (manager) => {
        await manager.query(`select ${REFRESH_LOCK}`);
        if (what.ranks) await manager.query(REFRESH_RANKS);
        if (what.hashtags) await manager.query(REFRESH_HASHTAGS);
      }),
    );
    this.refreshing = next;
    return next;
  }

  /** The filter's hashtags: the most used DIRECTORY_HASHTAGS_LIMIT, in reading order. */
  async hashtags(): Promise<string[]> {
    const rows = await this.dataSource.query<{ hashtag: string }[]>(
      `select hashtag from directory_hashtags order by brands desc, hashtag limit $1`,
      [DIRECTORY_HASHTAGS_LIMIT],
    );
    return rows.map((row) => row.hashtag).sort(byReadingOrder);
  }
}

/** The scheduled backstop: one replica recounts everything every minute. */
@Injectable()
export class DirectoryFiguresJob implements JobHandler {
  constructor(private readonly figures: DirectoryFigures) {}

  run(): Promise<void> {
    return this.figures.refresh({ ranks: true, hashtags: true });
  }
}

export const directoryFiguresRefresh = defineJob({
  queue: 'brands-directory-figures',
  handler: DirectoryFiguresJob,
  schedule: { id: 'refresh-directory-figures', repeat: { every: 60_000 } },
  jobOptions: { attempts: 1, removeOnComplete: 10, removeOnFail: 50 },
});
