import type { MigrationInterface, QueryRunner } from 'typeorm';

// Unqualified table names: every connection of the service pins search_path to its own schema.
export class CreateUsersSessionsImages1732320000000 implements MigrationInterface {
  name = 'CreateUsersSessionsImages1732320000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      create table users (
        id text primary key,
        email text not null,
        first_name text,
        last_name text,
        profile_image_url text,
        instagram_url varchar(500),
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        constraint users_email_key unique (email),
        constraint users_email_lower_case check (email = lower(email))
      )`);
    await queryRunner.query(`
      create table sessions (
        sid varchar(64) primary key,
        sess jsonb not null,
        expire timestamptz not null
      )`);
    await queryRunner.query(`create index sessions_expire_idx on sessions (expire)`);
    await queryRunner.query(`
      create table images (
        id uuid primary key,
        user_id text not null references users (id) on delete cascade,
        content_type text not null,
        bytes bytea not null,
        created_at timestamptz not null default now()
      )`);
    await queryRunner.query(`create index images_user_id_idx on images (user_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`drop table images`);
    await queryRunner.query(`drop table sessions`);
    await queryRunner.query(`drop table users`);
  }
}
