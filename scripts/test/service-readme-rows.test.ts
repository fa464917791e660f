import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EVENT_VERSIONS, RIGHTS_SERVICES } from '@hunted/contracts';
import { describe, expect, it } from 'vitest';
import { proseLines, readDoc, ROOT } from './docs/markdown-docs.js';

/**
 * What each service owns, publishes and consumes, as its README and the map (docs/architecture.md) say it, against
 * the code:
 * - owns: the tables its migrations leave in its schema (each `up()` in order: `create table`, `drop table`,
 *   `alter table … rename to`, and the platform's `CREATE_USERS_COPY_TABLE`, `CREATE_BOOKING_COPIES_TABLE`,
 *   `CREATE_UPLOAD_QUOTA_TABLE` and `CREATE_DATA_EXPORT_FILES_TABLE` for its copies, upload ledger and export parts, and the
 *   moderation kit's `createModerationTables` for its reports, cases and decisions); the platform's own
 *   `outbox`, `inbox` and `migrations` are in every schema and not listed;
 * - publishes: the event types of its own name that its code writes ('bookings.booking.confirmed' as a string in
 *   services/<name>/src, outside specs and comments: an `EventPublisher.publish` call or an outbox insert in a
 *   migration), and its `<name>.data-export.part-ready` and `<name>.user-data.erased` when it lists `RIGHTS_HANDLERS`;
 * - consumes: the types its event handlers take (`readonly type = '…'`), identity's user events when it lists the
 *   platform's `USER_COPY_HANDLERS`, bookings' outcome events when it lists `BOOKING_COPY_HANDLERS`, and identity's
 *   export and deletion events when it lists `RIGHTS_HANDLERS` (which publish `<service>.data-export.part-ready` and
 *   `<service>.user-data.erased`);
 * - features (the map only): the folders of services/<name>/src but `database/`.
 * A row is `| owns | `a`, `b` |`: every name in backticks, written out in full.
 */

const SERVICES = readdirSync(join(ROOT, 'services'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

type Row = 'owns' | 'publishes' | 'consumes' | 'features';

/** The TypeScript sources of a folder, specs and tests left out, with their comment lines blanked. */
function sources(dir: string): { file: string; code: string }[] {
  const found: { file: string; code: string }[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.ts$/.test(entry.name) && !/\.(spec|test)\.ts$/.test(entry.name)) {
        const code = readFileSync(path, 'utf8')
          .split('\n')
          .map((line) => (/^\s*(\/\/|\/\*|\*)/.test(line) ? '' : line))
          .join('\n');
        found.push({ file: path, code });
      }
    }
  };
  walk(dir);
  return found;
}

/** The tables a service's migrations leave in its schema, applied in order. */
export function tablesOf(service: string): string[] {
  const folder = join(ROOT, 'services', service, 'src/database/migrations');
  const tables = new Set<string>();
  const statement =
    /\bcreate\s+table\s+(?:if\s+not\s+exists\s+)?"?(\w+)"?|\bdrop\s+table\s+(?:if\s+exists\s+)?"?(\w+)"?|\balter\s+table\s+(?:if\s+exists\s+)?"?(\w+)"?\s+rename\s+to\s+"?(\w+)"?|\bCREATE_USERS_COPY_TABLE\b|\bCREATE_BOOKING_COPIES_TABLE\b|\bCREATE_UPLOAD_QUOTA_TABLE\b|\bCREATE_DATA_EXPORT_FILES_TABLE\b|\bcreateModerationTables\b/gi;
  for (const name of readdirSync(folder)
    .filter((file) => /^\d+-.*\.ts$/.test(file))
    .sort()) {
    const text = readFileSync(join(folder, name), 'utf8');
    const up = text.slice(
      text.indexOf('async up('),
      text.includes('async down(') ? text.indexOf('async down(') : undefined,
    );
    for (const match of up.matchAll(statement)) {
      const [whole, created, dropped, renamedFrom, renamedTo] = match;
      if (whole === 'CREATE_USERS_COPY_TABLE') tables.add('users');
      else if (whole === 'CREATE_BOOKING_COPIES_TABLE') tables.add('booking_copies');
      else if (whole === 'CREATE_UPLOAD_QUOTA_TABLE') tables.add('upload_quota_days');
      else if (whole === 'CREATE_DATA_EXPORT_FILES_TABLE') tables.add('data_export_files');
      else if (whole === 'createModerationTables') for (const table of ['content_reports', 'moderation_cases', 'moderation_decisions']) tables.add(table);
      else if (created) tables.add(created);
      else if (dropped) tables.delete(dropped);
      else if (renamedFrom && renamedTo) {
        tables.delete(renamedFrom);
        tables.add(renamedTo);
      }
    }
  }
  return [...tables].sort();
}

const EVENT_TYPES = new Set(Object.keys(EVENT_VERSIONS));

/** The event types of its own that a service's code writes. */
export function publishedBy(service: string): string[] {
  const types = new Set<string>();
  for (const { code } of sources(join(ROOT, 'services', service, 'src'))) {
    for (const match of code.matchAll(/'([a-z-]+\.[a-z-]+\.[a-z-]+)'/g)) {
      if (match[1]!.startsWith(`${service}.`) && EVENT_TYPES.has(match[1]!)) types.add(match[1]!);
    }
    // The platform's rights handlers answer under the service's own name.
    if (/\bRIGHTS_HANDLERS\b/.test(code)) for (const type of [`${service}.data-export.part-ready`, `${service}.user-data.erased`]) types.add(type);
  }
  return [...types].sort();
}

const HANDLER_TYPE = /readonly type = '([a-z-]+\.[a-z-]+\.[a-z-]+)'/g;
/** A handler class made per rights service by a factory: `readonly type = \`${service}.user-data.erased\``. */
const PER_SERVICE_HANDLER_TYPE = /readonly type = `\$\{service\}\.([a-z-]+\.[a-z-]+)`/g;

/** The event types a service's handlers take. */
export function consumedBy(service: string): string[] {
  const types = new Set<string>();
  const userCopyTypes = [
    ...readFileSync(join(ROOT, 'libs/platform/src/users/user-copy-handlers.ts'), 'utf8').matchAll(HANDLER_TYPE),
  ].map((m) => m[1]!);
  const bookingCopyTypes = [
    ...readFileSync(join(ROOT, 'libs/platform/src/bookings/booking-copy-handlers.ts'), 'utf8').matchAll(HANDLER_TYPE),
  ].map((m) => m[1]!);
  const rightsTypes = [
    ...readFileSync(join(ROOT, 'libs/platform/src/rights/rights-handlers.ts'), 'utf8').matchAll(HANDLER_TYPE),
  ].map((m) => m[1]!);
  for (const { code } of sources(join(ROOT, 'services', service, 'src'))) {
    for (const match of code.matchAll(HANDLER_TYPE)) types.add(match[1]!);
    if (/\bRIGHTS_SERVICES\.map\(/.test(code)) {
      for (const match of code.matchAll(PER_SERVICE_HANDLER_TYPE)) for (const each of RIGHTS_SERVICES) types.add(`${each}.${match[1]!}`);
    }
    if (/\bRIGHTS_HANDLERS\b/.test(code)) for (const type of rightsTypes) types.add(type);
    if (/\bUSER_COPY_HANDLERS\b/.test(code)) for (const type of userCopyTypes) types.add(type);
    if (/\bBOOKING_COPY_HANDLERS\b/.test(code)) for (const type of bookingCopyTypes) types.add(type);
  }
  return [...types].sort();
}

/** The feature folders of a service: every folder of its src/ but database/. */
export function featuresOf(service: string): string[] {
  return readdirSync(join(ROOT, 'services', service, 'src'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'database')
    .map((entry) => entry.name)
    .sort();
}

/** The owns/publishes/consumes/features rows of a doc's tables (outside code blocks), each as its backticked names. */
export function rowsOf(lines: readonly string[]): Partial<Record<Row, string[]>> {
  const rows: Partial<Record<Row, string[]>> = {};
  for (const line of lines) {
    const match = /^\|\s*(owns|publishes|consumes|features)\s*\|(.*)\|\s*$/.exec(line);
    if (!match) continue;
    const row = match[1] as Row;
    if (rows[row]) throw new Error(`two "${row}" rows in one table`);
    rows[row] = [...match[2]!.matchAll(/`([^`]+)`/g)].map((name) => name[1]!.replace(/\/$/, '')).sort();
  }
  return rows;
}

/** The lines of the map's section on one service: from its `### <service>` heading to the next heading. */
function mapSectionOf(service: string): string[] {
  const lines = proseLines(readDoc('docs/architecture.md'));
  const start = lines.findIndex((line) => new RegExp(`^###\\s+\`?${service}\`?\\s*$`).test(line));
  if (start === -1) return [];
  const end = lines.findIndex((line, index) => index > start && /^#{1,3}\s/.test(line));
  return lines.slice(start + 1, end === -1 ? undefined : end);
}

function codeRows(service: string): Record<Row, string[]> {
  return {
    owns: tablesOf(service),
    publishes: publishedBy(service),
    consumes: consumedBy(service),
    features: featuresOf(service),
  };
}

describe('what each service owns, publishes and consumes, as the docs say it', () => {
  it('reads the code: tables from the migrations, events from the publish calls and the handlers', () => {
    expect(SERVICES).toEqual(['bookings', 'brands', 'hunters', 'identity', 'messaging', 'reviews']);
    expect(tablesOf('identity')).toEqual([
      'account_deletion_services',
      'account_deletions',
      'data_export_files',
      'data_export_part_reports',
      'data_exports',
      'images',
      'sessions',
      'terms_acceptances',
      'upload_quota_days',
      'users',
    ]);
    // board_items was created, then dropped by a later migration.
    expect(tablesOf('brands')).not.toContain('board_items');
    expect(tablesOf('brands')).toContain('brands');
    expect(publishedBy('identity')).toEqual(expect.arrayContaining(['identity.user.deleted', 'identity.user.registered', 'identity.user.updated']));
    // Identity's part-ready and erased handlers are made per service by a factory: all five of each are read.
    expect(consumedBy('identity')).toEqual(expect.arrayContaining(['bookings.user-deletion.cleared', 'brands.user-data.erased', 'messaging.data-export.part-ready']));
    expect(consumedBy('reviews')).toEqual(expect.arrayContaining(['identity.user.registered', 'brands.brand.deleted']));
  });

  it.each(SERVICES)('services/%s/README.md has owns, publishes and consumes rows that match the code', (service) => {
    const rows = rowsOf(proseLines(readDoc(`services/${service}/README.md`)));
    const code = codeRows(service);
    expect({ owns: rows.owns, publishes: rows.publishes, consumes: rows.consumes }).toEqual({
      owns: code.owns,
      publishes: code.publishes,
      consumes: code.consumes,
    });
  });

  it.each(SERVICES)("docs/architecture.md's table for %s matches the code, features included", (service) => {
    const rows = rowsOf(mapSectionOf(service));
    expect(rows).toEqual(codeRows(service));
  });

  it('reads a row as its backticked names only', () => {
    expect(
      rowsOf(['| owns | `users`, `sessions` (sign-in) |', '| consumes | — |', '| features | `auth/`, `users/` |']),
    ).toEqual({
      owns: ['sessions', 'users'],
      consumes: [],
      features: ['auth', 'users'],
    });
  });
});
