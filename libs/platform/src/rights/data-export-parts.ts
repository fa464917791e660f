import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { ExportFile } from './export-files.js';

/**
 * The table every service keeps its stored export parts in, created by the service's own migration with this SQL
 * (unqualified: the connection's search_path is the service's schema). One row per file; a part is all the rows
 * of an export id, written in one transaction, so it is there whole or not at all.
 */
export const CREATE_DATA_EXPORT_FILES_TABLE = `
  create table data_export_files (
    export_id uuid not null,
    user_id text not null,
    path text not null,
    content_type text not null,
    bytes bytea not null,
    created_at timestamptz not null default now(),
    primary key (export_id, path)
  )`;
export const CREATE_DATA_EXPORT_FILES_USER_INDEX = `create index data_export_files_user_idx on data_export_files (user_id)`;
export const DROP_DATA_EXPORT_FILES_TABLE = `drop table data_export_files`;

/** The owner of `data_export_files`: stores a part, reads it back for its owner, deletes it. */
@Injectable()
export class DataExportParts {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Replaces the export's part with `files` (a redelivered request builds the same part again). */
  async save(manager: EntityManager, exportId: string, userId: string, files: ExportFile[]): Promise<void> {
    await manager.query('delete from data_export_files where export_id = $1', [exportId]);
    for (const file of files) {
      await manager.query(
        'insert into data_export_files (export_id, user_id, path, content_type, bytes) values ($1, $2, $3, $4, $5)',
        [exportId, userId, file.path, file.contentType, file.bytes],
      );
    }
  }

  /** The part of `exportId` when `userId` owns it; null for anyone else's, an unknown id or one already deleted. */
  async read(exportId: string, userId: string): Promise<ExportFile[] | null> {
    const rows: { path: string; contentType: string; bytes: Buffer }[] = await this.dataSource.query(
      `select path, content_type as "contentType", bytes from data_export_files
        where export_id = $1 and user_id = $2 order by path`,
      [exportId, userId],
    );
    return rows.length > 0 ? rows : null;
  }

  async deleteExport(manager: EntityManager, exportId: string): Promise<void> {
    await manager.query('delete from data_export_files where export_id = $1', [exportId]);
  }

  async deleteForUser(manager: EntityManager, userId: string): Promise<void> {
    await manager.query('delete from data_export_files where user_id = $1', [userId]);
  }
}
