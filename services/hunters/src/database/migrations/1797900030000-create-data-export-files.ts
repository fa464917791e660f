import { CREATE_DATA_EXPORT_FILES_TABLE, CREATE_DATA_EXPORT_FILES_USER_INDEX, DROP_DATA_EXPORT_FILES_TABLE } from '@hunted/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 36 (decision 0098): hunters' stored parts of members' data exports, one row per file, written by the
 * platform's DataExportParts when `identity.data-export.requested` arrives and deleted when the export expires or
 * its owner is erased. The user index serves the erasure's delete of a member's parts.
 */
export class CreateDataExportFiles1797900030000 implements MigrationInterface {
  name = 'CreateDataExportFiles1797900030000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(CREATE_DATA_EXPORT_FILES_TABLE);
    await queryRunner.query(CREATE_DATA_EXPORT_FILES_USER_INDEX);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(DROP_DATA_EXPORT_FILES_TABLE);
  }
}
