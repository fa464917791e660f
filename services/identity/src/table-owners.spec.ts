import { fileURLToPath } from 'node:url';
import {
  describeBreach,
  ownersWithoutTheirTable,
  PLATFORM_EVENT_TABLES,
  tableBreaches,
  tableBreachesIn,
  type TableOwnership,
} from '@hunted/platform/testing';
import { describe, expect, it } from 'vitest';

/**
 * The rule of identity's tables (issue 20: no SQL on a table outside its repository): each table of its schema, as its
 * migrations create it, has its owner, and SQL on it (insert, update, delete, select from, join) sits there and
 * nowhere else in `services/identity/src`, save the reads listed with their reason. Migrations and tests are left out.
 * The checker is the platform's (`tableBreaches`, libs/platform/src/testing/table-owners.ts).
 */

const SRC = fileURLToPath(new URL('.', import.meta.url));

const TABLES: TableOwnership[] = [
  // The platform's upload ledger (libs/platform/src/media/upload-quota.ts): chargeUploadQuota and pruneUploadQuotaDays
  // write it; no SQL of the service names it (decision 0091).
  { table: 'upload_quota_days', owners: [] },
  { table: 'users', owners: ['users/users.service.ts'] },
  { table: 'images', owners: ['users/users.service.ts'] },
  { table: 'sessions', owners: ['sessions/session.store.ts'] },
  { table: 'terms_acceptances', owners: ['users/terms-acceptances.ts'] },
  // The people's-rights sagas' ledgers (decision 0098), and identity's stored export parts, written by the
  // platform's DataExportParts (libs/platform/src/rights/data-export-parts.ts): no SQL of the service names it.
  { table: 'data_exports', owners: ['your-data/data-export-ledger.ts'] },
  { table: 'data_export_part_reports', owners: ['your-data/data-export-ledger.ts'] },
  { table: 'account_deletions', owners: ['your-data/account-deletion-ledger.ts'] },
  { table: 'account_deletion_services', owners: ['your-data/account-deletion-ledger.ts'] },
  { table: 'data_export_files', owners: [] },
  ...PLATFORM_EVENT_TABLES,
];

describe("identity's tables and their owners", () => {
  it('finds SQL on each table only in its owner', () => {
    expect(tableBreaches(SRC, TABLES).map(describeBreach)).toEqual([]);
  });

  it('each owner does hold SQL on its table', () => {
    expect(ownersWithoutTheirTable(SRC, TABLES)).toEqual([]);
  });

  it('catches a stray statement on a table outside its owner', () => {
    expect(tableBreachesIn('x.ts', '`select *\n  from sessions where true`', TABLES).map(describeBreach)).toEqual([
      'x.ts:2 reads sessions',
    ]);
    expect(tableBreachesIn('x.ts', '`insert into outbox (id) values ($1)`', TABLES).map(describeBreach)).toEqual([
      'x.ts:1 writes outbox',
    ]);
  });
});
