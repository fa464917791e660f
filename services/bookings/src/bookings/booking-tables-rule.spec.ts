import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The rule that keeps each of bookings' tables with its one owner: no SQL on `hunter_bookings` (read or write)
 * outside `BookingRepository`, the state machine, and no write of `booking_refunds` outside
 * `BookingRefundsRepository`. Migrations create and fill the tables and are left out; tests may do as they like.
 */

const SRC = fileURLToPath(new URL('../', import.meta.url));

const RULES = [
  {
    table: 'hunter_bookings',
    owner: 'bookings/booking.repository.ts',
    sql: /\b(insert\s+into|update|delete\s+from|from|join)\s+hunter_bookings\b/i,
  },
  {
    table: 'booking_refunds',
    owner: 'bookings/booking-refunds.repository.ts',
    sql: /\b(insert\s+into|update|delete\s+from)\s+booking_refunds\b/i,
  },
];

/** The source files of bookings' `src/` (no specs, no migrations), relative to it. */
function sources(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts')) files.push(relative(SRC, path));
    }
  };
  walk(SRC);
  return files.filter((path) => !path.startsWith('database/migrations/'));
}

/** 'file:line: table' for every statement on a table outside its owner. */
function breachesOf(path: string, text: string): string[] {
  const found: string[] = [];
  // Statements span lines: look at each line with the next two, and report the line the table is named on.
  const lines = text.split('\n');
  lines.forEach((line, index) => {
    const window = [lines[index - 2] ?? '', lines[index - 1] ?? '', line].join(' ');
    for (const { table, owner, sql } of RULES) {
      if (path === owner || !line.includes(table)) continue;
      if (sql.test(window)) found.push(`${path}:${index + 1}: ${table}`);
    }
  });
  return found;
}

describe("bookings' tables have one owner each", () => {
  it('finds no SQL on hunter_bookings outside BookingRepository, and no write of booking_refunds outside its repository', () => {
    const files = sources();
    expect(files).toContain('bookings/booking.repository.ts');
    expect(files.some((path) => path.startsWith('database/'))).toBe(false);
    const breaches = files.flatMap((path) => breachesOf(path, readFileSync(join(SRC, path), 'utf8')));
    expect(breaches).toEqual([]);
  });

  it('sees a statement on the table wherever it is written, and not the table named in prose', () => {
    expect(breachesOf('x.ts', "query(`update hunter_bookings set status = 'expired'`)")).toEqual([
      'x.ts:1: hunter_bookings',
    ]);
    expect(breachesOf('x.ts', '`select id\n   from hunter_bookings b where id = $1`')).toEqual([
      'x.ts:2: hunter_bookings',
    ]);
    expect(breachesOf('x.ts', '`select 1 from hunters h join hunter_bookings b on b.hunter_id = h.id`')).toHaveLength(
      1,
    );
    expect(breachesOf('x.ts', '`insert into booking_refunds (id) values ($1)`')).toEqual(['x.ts:1: booking_refunds']);
    expect(breachesOf('x.ts', '/** the active rows of hunter_bookings (through their owner) */')).toEqual([]);
    expect(breachesOf('bookings/booking.repository.ts', '`delete from hunter_bookings`')).toEqual([]);
  });
});
