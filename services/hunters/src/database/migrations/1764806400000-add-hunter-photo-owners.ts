import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each uploaded photo gets its owner, the user who uploaded it, so only they can replace (and so delete) it.
 *
 * Before this, any member could point their own profile at another hunter's photo URL and then drop it, which
 * deleted the photo by id alone. Existing photos are given the owner of the one profile showing them; a photo that
 * several profiles show (someone had copied its URL) or that none shows keeps no owner: nobody can delete it
 * through the API, which is the safe side of not knowing who uploaded it.
 */
export class AddHunterPhotoOwners1764806400000 implements MigrationInterface {
  name = 'AddHunterPhotoOwners1764806400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`alter table hunter_photos add column owner_user_id text`);
    await queryRunner.query(`
      update hunter_photos p set owner_user_id = shown.user_id
      from (
        select substring(h.profile_image_url from '^/api/media/hunter-photos/(.+)$') as photo_id, min(h.user_id) as user_id
        from hunters h
        where h.profile_image_url like '/api/media/hunter-photos/%' and h.user_id is not null
        group by 1
        having count(*) = 1
      ) shown
      where p.id::text = shown.photo_id
        and not exists (
          select 1 from hunters other
          where other.profile_image_url = '/api/media/hunter-photos/' || p.id::text and other.user_id is null
        )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`alter table hunter_photos drop column owner_user_id`);
  }
}
