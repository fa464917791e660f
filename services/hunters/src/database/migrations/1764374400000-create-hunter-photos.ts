import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Uploaded hunter photos, stored once and served by URL (`/api/media/hunter-photos/{id}`); lists carry the URL. */
export class CreateHunterPhotos1764374400000 implements MigrationInterface {
  name = 'CreateHunterPhotos1764374400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      create table hunter_photos (
        id uuid primary key,
        bytes bytea not null,
        created_at timestamptz not null default now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`drop table hunter_photos`);
  }
}
