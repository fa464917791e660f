import { CREATE_UPLOAD_QUOTA_TABLE } from '@hunted/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Brand images stored by brands itself (decision 0093): an upload, or a link fetched once server-side behind the
 * address guard, kept cleaned (re-encoded, metadata dropped) and served from `/api/media/brand-images/{id}`, so the
 * browser never loads a brand's picture from wherever its link pointed.
 *
 * - `brand_images`: the bytes; `source_url` is the link it was fetched from (null for an upload), `uploaded_by` the
 *   member whose form brought it (null when the directory's own job fetched it).
 * - `upload_quota_days`: the daily allowance's ledger (decision 0091), as every service taking uploads has.
 * - `brand_image_fetches`: the brands whose image is still a link to somewhere else (every such brand now: the
 *   migration lists them), for the fetch job to bring in once. A brand leaves it when its image is fetched, when
 *   fetching it was refused (the brand then shows the placeholder), or when it is given another image.
 */
export class BrandImages1797800000000 implements MigrationInterface {
  name = 'BrandImages1797800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      create table brand_images (
        id uuid primary key,
        content_type text not null,
        bytes bytea not null,
        source_url text,
        uploaded_by text,
        created_at timestamptz not null default now()
      )`);
    await queryRunner.query(CREATE_UPLOAD_QUOTA_TABLE);
    await queryRunner.query(`
      create table brand_image_fetches (
        brand_id integer primary key references brands (id) on delete cascade,
        source_url text not null,
        attempts integer not null default 0,
        last_error text,
        queued_at timestamptz not null default now()
      )`);
    await queryRunner.query(`
      insert into brand_image_fetches (brand_id, source_url)
      select id, image_url from brands where image_url ~* '^https?://'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('drop table brand_image_fetches');
    await queryRunner.query('drop table upload_quota_days');
    await queryRunner.query('drop table brand_images');
  }
}
