import { CREATE_USERS_COPY_TABLE } from '@hunted/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** This service's copy of identity's users (names and pictures), written only by the platform's UserCopies. */
export class CreateUsersCopy1764460800000 implements MigrationInterface {
  name = 'CreateUsersCopy1764460800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(CREATE_USERS_COPY_TABLE);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`drop table users`);
  }
}
