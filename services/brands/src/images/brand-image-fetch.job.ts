import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { BRAND_PLACEHOLDER_IMAGE_URL } from '@hunted/contracts';
import { defineJob, EventPublisher, fetchImageOnce, IMAGE_FETCH_MESSAGES, type JobHandler } from '@hunted/platform';
import { DataSource } from 'typeorm';
import { BrandRepository, brandEventOf } from '../brands/brand.repository.js';
import { BrandImages } from './brand-images.js';

/** Tries before a link that keeps failing for a reason that may pass (unreachable, too slow) is given up on. */
export const BRAND_IMAGE_FETCH_ATTEMPTS = 3;
/** Links fetched per run, one after another (each up to BRAND_IMAGE_FETCH_TIMEOUT_MS). */
const FETCHES_PER_RUN = 20;

const MAY_PASS: ReadonlySet<string> = new Set([IMAGE_FETCH_MESSAGES.unreachable, IMAGE_FETCH_MESSAGES.timedOut]);

export interface FetchRun {
  stored: number;
  refused: number;
  retried: number;
  /** Stored images no brand shows any more, deleted a day after they were stored. */
  pruned?: number;
}

/**
 * Brings in, once, the images of brands that still name a link elsewhere: the brands that had one before decision
 * 0093 (its migration queued them) and CSV rows. Each link is fetched behind the same guard as a form's; the brand
 * then shows the stored copy, or the placeholder when the link was refused (or kept failing), and is announced
 * (`brands.brand.updated`) so other services' copies follow. The fetch is outside any transaction; the change is
 * made only if the brand still waits for that link (an admin may have given it another image meanwhile).
 */
@Injectable()
export class BrandImageFetcher {
  private readonly logger = new Logger(BrandImageFetcher.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly images: BrandImages,
    private readonly brands: BrandRepository,
    private readonly events: EventPublisher,
  ) {}

  async fetchQueued(limit = FETCHES_PER_RUN): Promise<FetchRun> {
    const run: FetchRun = { stored: 0, refused: 0, retried: 0 };
    for (const { brandId, sourceUrl, attempts } of await this.images.queuedFetches(limit)) {
      const fetched = await fetchImageOnce(sourceUrl, this.images.rules);
      if (!fetched.ok && MAY_PASS.has(fetched.message) && attempts + 1 < BRAND_IMAGE_FETCH_ATTEMPTS) {
        await this.dataSource.transaction((manager) =>
          this.images.recordFailedAttempt(manager, brandId, fetched.message),
        );
        run.retried++;
        continue;
      }
      const changed = await this.dataSource.transaction(async (manager) => {
        if (!(await this.images.takeQueuedFetch(manager, brandId, sourceUrl))) return false;
        const imageUrl = fetched.ok
          ? await this.images.store(
              manager,
              { kind: 'new', contentType: fetched.contentType, bytes: fetched.bytes, sourceUrl },
              null,
            )
          : BRAND_PLACEHOLDER_IMAGE_URL;
        const brand = await this.brands.update(manager, brandId, { imageUrl });
        await this.events.publish(manager, 'brands.brand.updated', brandEventOf(brand));
        return true;
      });
      if (!changed) continue;
      if (fetched.ok) run.stored++;
      else {
        run.refused++;
        this.logger.warn(
          `brand ${brandId}: its image link was not fetched (${fetched.message}); it shows the placeholder`,
        );
      }
    }
    return run;
  }
}

@Injectable()
export class BrandImageFetchJob implements JobHandler {
  constructor(
    private readonly fetcher: BrandImageFetcher,
    private readonly images: BrandImages,
  ) {}

  /** Each minute: the queued links, then the images no brand shows (a form's upload never saved, a replaced image). */
  async run(): Promise<FetchRun> {
    const run = await this.fetcher.fetchQueued();
    return { ...run, pruned: await this.images.pruneUnused() };
  }
}

export const brandImageFetch = defineJob({
  queue: 'brands-image-fetch',
  handler: BrandImageFetchJob,
  schedule: { id: 'fetch-brand-image-links', repeat: { every: 60_000 } },
  jobOptions: { attempts: 1, removeOnComplete: 10, removeOnFail: 50 },
});
