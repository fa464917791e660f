import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Announces every brand once more as `brands.brand.updated`, with its image and value tags (issue 25). Hunters'
 * copy of the directory (`brand_copies`) starts empty and learns brands only from events, but the stream keeps only
 * EVENT_RETENTION_DAYS of them: the brands created before that are no longer there to read. One row per brand goes
 * into this service's outbox in the migration's transaction, exactly as `EventPublisher.publish` writes one (a new
 * id, the type's version 1, occurred now, the payload of `brandEventOf`), in id order, and the relay sends them on.
 * Consumers that already hold a brand (reviews keeps only ids and has no handler for updates) are not harmed: an
 * update is an upsert in hunters and is skipped by reviews. The hunters service must start (and make its consumer
 * group, which reads the stream from its beginning) within EVENT_RETENTION_DAYS of this migration.
 */
export class RepublishBrands1796200060000 implements MigrationInterface {
  name = 'RepublishBrands1796200060000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      insert into outbox (id, type, version, occurred_at, data)
      select gen_random_uuid(), 'brands.brand.updated', 1, now(),
             jsonb_build_object('brandId', b.id, 'name', b.name, 'imageUrl', b.image_url, 'tags', to_jsonb(b.tags))
      from brands b
      order by b.id`);
  }

  // The events are facts already sent (or on their way): nothing to take back.
  async down(): Promise<void> {}
}
