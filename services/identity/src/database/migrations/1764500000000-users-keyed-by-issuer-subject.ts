import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A person is who their provider says (issuer + subject), not an email address: addresses change hands and
 * providers let people change them. Rows from before this have no subject; each is linked once, at its owner's
 * next sign-in with a verified address (see UsersService.signIn). Email stays unique: one account per address.
 */
export class UsersKeyedByIssuerSubject1764500000000 implements MigrationInterface {
  name = 'UsersKeyedByIssuerSubject1764500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      alter table users
        add column issuer text,
        add column subject text,
        add constraint users_issuer_subject_key unique (issuer, subject),
        add constraint users_issuer_subject_together check ((issuer is null) = (subject is null))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      alter table users
        drop constraint users_issuer_subject_together,
        drop constraint users_issuer_subject_key,
        drop column subject,
        drop column issuer`);
  }
}
