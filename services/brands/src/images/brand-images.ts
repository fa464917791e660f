import { randomUUID } from 'node:crypto';
import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  BRAND_IMAGE_MEDIA_PATH,
  MAX_BRAND_IMAGE_BYTES,
  isSiteImagePath,
  isStoredBrandImagePath,
  type FieldErrorsResponse,
} from '@hunted/contracts';
import {
  chargeUploadQuota,
  dailyUploadQuota,
  fetchImageOnce,
  now,
  pruneUploadQuotaDays,
  readImageUpload,
  SERVICE_CONFIG,
  type DailyUploadQuota,
  type ImageFetchRules,
  type PreparedStatement,
} from '@hunted/platform';
import { DataSource, type EntityManager } from 'typeorm';
import type { BrandsConfig } from '../config.js';

/** The bytes of the brand image whose id is `$1`, as the media route (BrandImageMediaController) reads them. */
export const BRAND_IMAGE_BYTES: PreparedStatement = {
  name: 'brand-images.bytes',
  text: 'select bytes from brand_images where id = $1',
};

export const BRAND_IMAGE_MESSAGES = {
  tooLarge: 'Please choose an image smaller than 5MB',
  notAnImage: 'Please choose an image file (PNG, JPEG, GIF or WebP)',
  notStored: 'This image is no longer on the site; please upload it again',
} as const;

/** An image a form brought: a picture the site already serves, or a new one to store. */
export type BrandImageIntake =
  { kind: 'site'; imageUrl: string } | { kind: 'new'; contentType: string; bytes: Buffer; sourceUrl: string | null };

/** The 400 of a brand form whose image was refused, on its `imageUrl` field, as the form shows field errors. */
function imageRefused(message: string, field = 'imageUrl'): BadRequestException {
  return new BadRequestException({
    statusCode: 400,
    message,
    errors: { [field]: message },
  } satisfies FieldErrorsResponse);
}

/**
 * Brand images (decision 0093): the one place a brand's picture comes in. An upload is cleaned as every upload is;
 * a link is fetched once by the guarded fetcher (public addresses only, checked at connection, redirects re-checked,
 * size and time bounded) and cleaned the same way; either is stored here and served from the site. A brand never
 * keeps a link to an image elsewhere, so the site's CSP can keep `img-src` to itself (and Stripe).
 */
@Injectable()
export class BrandImages {
  readonly rules: ImageFetchRules;
  private readonly quota: DailyUploadQuota;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(SERVICE_CONFIG) config: BrandsConfig,
  ) {
    this.rules = {
      maxBytes: MAX_BRAND_IMAGE_BYTES,
      tooLarge: () => BRAND_IMAGE_MESSAGES.tooLarge,
      notAnImage: BRAND_IMAGE_MESSAGES.notAnImage,
      timeoutMs: config.BRAND_IMAGE_FETCH_TIMEOUT_MS,
      maxRedirects: 3,
      // The test-only allowance is honoured under NODE_ENV=test alone (and production refuses the variable).
      allowHosts: config.NODE_ENV === 'test' ? config.BRAND_IMAGE_FETCH_ALLOW_HOSTS : [],
    };
    this.quota = dailyUploadQuota(
      'brand-images',
      'brand images',
      config.BRAND_IMAGES_PER_DAY,
      config.BRAND_IMAGES_MB_PER_DAY,
    );
  }

  /**
   * What a brand form's `imageUrl` brings, before any transaction (a fetch takes seconds): a picture the site serves
   * (a stored one must still be there), or a link, fetched now. A refusal is the form's 400 on `imageUrl`.
   */
  async fromForm(imageUrl: string): Promise<BrandImageIntake> {
    if (isStoredBrandImagePath(imageUrl)) {
      const rows = await this.dataSource.query<unknown[]>('select 1 from brand_images where id = $1', [
        imageUrl.split('/').pop(),
      ]);
      if (rows.length === 0) throw imageRefused(BRAND_IMAGE_MESSAGES.notStored);
      return { kind: 'site', imageUrl };
    }
    if (isSiteImagePath(imageUrl)) return { kind: 'site', imageUrl };
    return this.fromLink(imageUrl, 'imageUrl');
  }

  /** A link fetched once behind the guard; refused with the fetcher's words on `field`. */
  async fromLink(link: string, field = 'url'): Promise<BrandImageIntake> {
    const fetched = await fetchImageOnce(link, this.rules);
    if (!fetched.ok) throw imageRefused(fetched.message, field);
    return { kind: 'new', contentType: fetched.contentType, bytes: fetched.bytes, sourceUrl: link };
  }

  /** An inline upload (`data:image/...;base64,`), cleaned as every upload is (decision 0091). */
  async fromUpload(dataUrl: string): Promise<BrandImageIntake> {
    const image = await readImageUpload(dataUrl, this.rules);
    if (!image.ok) throw imageRefused(image.message, 'image');
    return { kind: 'new', contentType: image.contentType, bytes: image.bytes, sourceUrl: null };
  }

  /**
   * Stores a new image in the caller's transaction and answers the URL the brand shows; a site picture is answered
   * as it is. A member's image is charged to their daily allowance first (429 over it, and nothing is stored);
   * `userId` null is the directory's own fetch job, which no member asked for.
   */
  async store(manager: EntityManager, intake: BrandImageIntake, userId: string | null): Promise<string> {
    if (intake.kind === 'site') return intake.imageUrl;
    if (userId !== null)
      await chargeUploadQuota(manager, userId, this.quota, { uploads: 1, bytes: intake.bytes.length });
    const id = randomUUID();
    // Dated by the service clock, which the prune compares with (a test moves it).
    await manager.query(
      `insert into brand_images (id, content_type, bytes, source_url, uploaded_by, created_at)
       values ($1, $2, $3, $4, $5, $6)`,
      [id, intake.contentType, intake.bytes, intake.sourceUrl, userId, now()],
    );
    return `${BRAND_IMAGE_MEDIA_PATH}/${id}`;
  }

  /**
   * Deletes the stored images no brand shows that are a day old on the service clock (a form's upload never saved,
   * a brand's image replaced), and forgets the allowance's days before yesterday. Answers how many images went.
   */
  async pruneUnused(): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const [, count] = await manager.query<[unknown[], number]>(
        `delete from brand_images i
         where i.created_at < $1::timestamptz - interval '1 day'
           and not exists (select 1 from brands b where b.image_url = $2 || i.id::text)`,
        [now(), `${BRAND_IMAGE_MEDIA_PATH}/`],
      );
      await pruneUploadQuotaDays(manager);
      return count;
    });
  }

  /** A brand given an image of its own no longer waits for its old link to be fetched. */
  async forgetQueuedFetch(manager: EntityManager, brandId: number): Promise<void> {
    await manager.query('delete from brand_image_fetches where brand_id = $1', [brandId]);
  }

  /** Brands whose image is a link (a CSV row's) are fetched later by the job; until then they show the placeholder. */
  async queueFetches(manager: EntityManager, queued: readonly { brandId: number; sourceUrl: string }[]): Promise<void> {
    if (queued.length === 0) return;
    await manager.query(
      `insert into brand_image_fetches (brand_id, source_url)
       select * from unnest($1::int[], $2::text[])
       on conflict (brand_id) do update set source_url = excluded.source_url, attempts = 0, last_error = null`,
      [queued.map((entry) => entry.brandId), queued.map((entry) => entry.sourceUrl)],
    );
  }

  /** The oldest queued fetches (read outside any transaction: fetching them takes seconds each). */
  queuedFetches(limit: number): Promise<{ brandId: number; sourceUrl: string; attempts: number }[]> {
    return this.dataSource.query(
      `select brand_id as "brandId", source_url as "sourceUrl", attempts from brand_image_fetches
       order by queued_at, brand_id limit $1`,
      [limit],
    );
  }

  /**
   * Takes a queued fetch off the queue in the caller's transaction, if it is still the one that was fetched (the
   * brand was not given another image meanwhile): whether the caller may go on to change the brand's image.
   */
  async takeQueuedFetch(manager: EntityManager, brandId: number, sourceUrl: string): Promise<boolean> {
    const [, count] = await manager.query<[unknown[], number]>(
      'delete from brand_image_fetches where brand_id = $1 and source_url = $2',
      [brandId, sourceUrl],
    );
    return count > 0;
  }

  /** A failed attempt that may be tried again later. */
  async recordFailedAttempt(manager: EntityManager, brandId: number, error: string): Promise<void> {
    await manager.query('update brand_image_fetches set attempts = attempts + 1, last_error = $2 where brand_id = $1', [
      brandId,
      error,
    ]);
  }

  /**
   * Every image the member's forms brought (their export): its bytes, the link it was fetched from, and the brands
   * that show it now.
   */
  uploadedBy(manager: EntityManager, userId: string): Promise<MemberBrandImage[]> {
    return manager.query(
      `select i.id, i.content_type as "contentType", i.bytes, i.source_url as "sourceUrl", i.created_at as "storedAt",
              coalesce(array(select b.id from brands b where b.image_url = $2 || i.id::text order by b.id), '{}') as "shownBy"
         from brand_images i where i.uploaded_by = $1 order by i.created_at, i.id`,
      [userId, `${BRAND_IMAGE_MEDIA_PATH}/`],
    );
  }

  /**
   * A deleted member's images: one a brand shows is that brand's picture now and stays, without its uploader or the
   * link it came from; one no brand shows goes now (the prune would take it within a day anyway).
   */
  async forgetUploader(manager: EntityManager, userId: string): Promise<void> {
    await manager.query(
      `delete from brand_images i
        where i.uploaded_by = $1 and not exists (select 1 from brands b where b.image_url = $2 || i.id::text)`,
      [userId, `${BRAND_IMAGE_MEDIA_PATH}/`],
    );
    await manager.query('update brand_images set uploaded_by = null, source_url = null where uploaded_by = $1', [userId]);
  }
}

/** One stored image a member's form brought. */
export interface MemberBrandImage {
  id: string;
  contentType: string;
  bytes: Buffer;
  sourceUrl: string | null;
  storedAt: Date;
  /** The brands showing it now (none: it waits for the prune). */
  shownBy: number[];
}
