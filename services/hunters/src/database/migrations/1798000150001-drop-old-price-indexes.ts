import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Decision 0105: the listing's price filter and sorts read `price_reference_pence` (the hunter-currencies migration's
 * indexes), so nothing reads `price_per_session` in order any more; its three indexes only cost every write of a
 * hunter. A migration of its own: the hunter-currencies one had already shipped.
 */
export class DropOldPriceIndexes1798000150001 implements MigrationInterface {
  name = 'DropOldPriceIndexes1798000150001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`drop index if exists hunters_price_idx, hunters_price_desc_idx, hunters_location_idx`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const [name, columns] of [
      ['hunters_price_idx', '(price_per_session, id)'],
      ['hunters_price_desc_idx', '(price_per_session desc, id)'],
      ['hunters_location_idx', '(location, price_per_session, id)'],
    ] as const) {
      await queryRunner.query(`create index ${name} on hunters ${columns} where status = 'approved'`);
    }
  }
}
