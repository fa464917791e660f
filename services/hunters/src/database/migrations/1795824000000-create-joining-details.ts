import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * How each hunter's sessions happen (JoiningDetails): a WhatsApp number per WhatsApp type, a meeting area and address
 * in person. A table of its own, apart from `hunters`, so that no public read of a profile (the listing, a hunter's
 * page, the sitemap) can select them by accident: only the owner's route and the event to bookings carry them. No row
 * is no details yet. The checks repeat the contract's rules (E164_PATTERN, JOINING_LIMITS, both parts or neither).
 */
export class CreateJoiningDetails1795824000000 implements MigrationInterface {
  name = 'CreateJoiningDetails1795824000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      create table hunter_joining_details (
        hunter_id integer primary key references hunters (id) on delete cascade,
        whatsapp_voice_phone text constraint hunter_joining_details_voice_check check (whatsapp_voice_phone ~ '^\\+[1-9][0-9]{7,14}$'),
        whatsapp_video_phone text constraint hunter_joining_details_video_check check (whatsapp_video_phone ~ '^\\+[1-9][0-9]{7,14}$'),
        in_person_area text constraint hunter_joining_details_area_check check (char_length(in_person_area) between 1 and 120),
        in_person_address text constraint hunter_joining_details_address_check check (char_length(in_person_address) between 1 and 300),
        updated_at timestamptz not null default now(),
        constraint hunter_joining_details_in_person_check check ((in_person_area is null) = (in_person_address is null))
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`drop table hunter_joining_details`);
  }
}
