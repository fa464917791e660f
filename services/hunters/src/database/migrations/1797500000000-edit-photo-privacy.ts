import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Edit photos are served under their edit's access rule (issue 35, decision 0092), and a client may withdraw the
 * consent that published an edit.
 *
 * - `hunter_photos.kind`: a `profile` photo is public (a profile shows it to everyone); an `edit` photo only to its
 *   uploader, to the hunter and the client of an edit showing it, and to everyone while such an edit is published.
 *   Existing photos: one that a profile shows is `profile`; any other (an edit's, or an upload nothing shows) is
 *   `edit`, the side that shows it to fewer people, which is also the default: a writer that says nothing stores a
 *   photo nobody but its uploader sees.
 * - `hunter_edit_items_photo_idx`: the photo route finds the edits showing a photo on every request.
 * - `withdrawn`: a published edit whose client withdrew consent (`withdrawn_at`); like `declined`, for good.
 */
export class EditPhotoPrivacy1797500000000 implements MigrationInterface {
  name = 'EditPhotoPrivacy1797500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      alter table hunter_photos
        add column kind text not null default 'edit' constraint hunter_photos_kind_check check (kind in ('profile', 'edit'))`);
    await queryRunner.query(`
      update hunter_photos p set kind = 'profile'
       where exists (select 1 from hunters h where h.profile_image_url = '/api/media/hunter-photos/' || p.id::text)`);
    await queryRunner.query(`create index hunter_edit_items_photo_idx on hunter_edit_items (photo_url) where photo_url is not null`);
    await queryRunner.query(`alter table hunter_edits add column withdrawn_at timestamptz`);
    await queryRunner.query(`
      alter table hunter_edits
        drop constraint hunter_edits_publication_check,
        add constraint hunter_edits_publication_check
          check (publication in ('private', 'requested', 'published', 'declined', 'withdrawn')),
        add constraint hunter_edits_withdrawn_check check ((publication = 'withdrawn') = (withdrawn_at is not null))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`update hunter_edits set publication = 'declined' where publication = 'withdrawn'`);
    await queryRunner.query(`
      alter table hunter_edits
        drop constraint hunter_edits_withdrawn_check,
        drop constraint hunter_edits_publication_check,
        add constraint hunter_edits_publication_check check (publication in ('private', 'requested', 'published', 'declined'))`);
    await queryRunner.query(`alter table hunter_edits drop column withdrawn_at`);
    await queryRunner.query(`drop index hunter_edit_items_photo_idx`);
    await queryRunner.query(`alter table hunter_photos drop column kind`);
  }
}
