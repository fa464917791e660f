import type { DeletionBlocker } from '../events/bookings.js';
import type { RightsService } from '../events/rights.js';

/**
 * The member's rights over their data (decision 0098): identity answers `/api/account/*` (exports and deletion,
 * the admin's view of deletions), each service its own part of an export, and the gateway the archive itself.
 */

/** Every service that holds a part of a member's data: identity and the five others. */
export const DATA_EXPORT_SERVICES = ['identity', 'brands', 'reviews', 'hunters', 'bookings', 'messaging'] as const;
export type DataExportService = (typeof DATA_EXPORT_SERVICES)[number];
export type { RightsService };

/** How long a ready archive can be downloaded. */
export const DATA_EXPORT_TTL_DAYS = 7;

/** Where each service answers with its stored part (`GET`, the part's owner only; JSON `DataExportPart`). */
export function dataExportPartPath(exportId: string, service: DataExportService): string {
  return `/api/account/data-exports/${exportId}/parts/${service}`;
}

/** The archive of a ready export (`GET`, answered by the gateway from the six parts): a zip. */
export function dataExportArchivePath(exportId: string): string {
  return `/api/account/data-exports/${exportId}/archive`;
}

export type DataExportStatus = 'assembling' | 'ready' | 'expired';

/** `GET /api/account/data-exports/current` (`{ export }`), `POST /api/account/data-exports` and `GET .../{id}`. */
export interface DataExportView {
  id: string;
  status: DataExportStatus;
  requestedAt: string;
  readyAt: string | null;
  /** When a ready archive stops being downloadable (and its parts are deleted). */
  expiresAt: string | null;
  /** Which services have stored their part: the progress the member sees. */
  parts: { service: DataExportService; ready: boolean }[];
  /** The archive's path once ready, else null. */
  downloadUrl: string | null;
}

export interface CurrentDataExportResponse {
  export: DataExportView | null;
}

/** One file of a part: its path inside the archive (`<service>/...`), type and bytes (base64). */
export interface DataExportPartFile {
  path: string;
  contentType: string;
  base64: string;
}

/** A service's stored part of an export, as its `parts/<service>` route answers. */
export interface DataExportPart {
  exportId: string;
  service: DataExportService;
  files: DataExportPartFile[];
}

/** Body of `POST /api/account/deletion`: the account's email, typed in by the member to confirm. */
export interface DeleteAccountRequest {
  email: string;
}

export type AccountDeletionStatus = 'checking' | 'refused' | 'erasing' | 'done';

/** What stands in the way, with the sentence the member reads. */
export interface DeletionBlockerView {
  code: DeletionBlocker;
  count: number;
  message: string;
}

/**
 * `GET /api/account/deletion` (`{ deletion }`) and `POST /api/account/deletion`. While 'checking', bookings is
 * asked whether anything is open; 'refused' says why; once cleared the account is gone at once (every session
 * ends, so the member's next call is answered 401) and the services erase what they hold ('erasing' -> 'done').
 */
export interface AccountDeletionView {
  id: string;
  status: AccountDeletionStatus;
  requestedAt: string;
  blockers: DeletionBlockerView[];
}

export interface CurrentAccountDeletionResponse {
  deletion: AccountDeletionView | null;
}

/** `GET /api/admin/deletions`: each deletion's progress per service, newest first. */
export interface AdminDeletionRow {
  id: string;
  /** The erased account's id (a random id, no longer tied to a person once every service is done). */
  userId: string;
  status: AccountDeletionStatus;
  requestedAt: string;
  completedAt: string | null;
  services: { service: RightsService; erasedAt: string | null }[];
  /** How many times an admin re-sent the deletion to the services still pending. */
  retries: number;
}

export interface AdminDeletionsResponse {
  deletions: AdminDeletionRow[];
}
