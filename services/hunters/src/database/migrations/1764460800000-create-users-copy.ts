import type { MigrationInterface, QueryRunner } from 'typeorm';

/** This service's copy of identity's users (names and pictures), written only by the platform's UserCopies. */
export class CreateUsersCopy1764460800000 implements MigrationInterface {
  name = 'CreateUsersCopy1764460800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      create table users (
        user_id text primary key,
        first_name text,
        last_name text,
        profile_image_url text,
        updated_at timestamptz not null
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`drop table users`);
  }
}
