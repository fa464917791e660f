import type { EntityManager } from 'typeorm';
import type { ExportFile } from './export-files.js';

/**
 * What a service holds about a member, as files for their archive (UK GDPR Art. 15 and 20): JSON per kind of
 * record plus the photos, and a `README.md` saying what each file is. Runs in the inbox transaction of
 * `identity.data-export.requested`, so it reads a consistent snapshot of the service's own schema.
 */
export interface DataExportContributor {
  collect(manager: EntityManager, userId: string): Promise<ExportFile[]>;
}

/**
 * Erases or anonymises everything the service holds about a deleted member, keeping only what docs/your-data.md
 * says is kept (and no more of it). Runs in the inbox transaction of `identity.user.deleted`: all or nothing, and
 * a second run (a redelivery, an admin's retry) finds nothing left to do.
 */
export interface UserDataEraser {
  erase(manager: EntityManager, userId: string): Promise<void>;
}

export const DATA_EXPORT_CONTRIBUTOR = Symbol('DATA_EXPORT_CONTRIBUTOR');
export const USER_DATA_ERASER = Symbol('USER_DATA_ERASER');
