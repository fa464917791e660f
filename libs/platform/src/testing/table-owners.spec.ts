import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { describeBreach, sqlSourceFiles, tableBreaches, tableBreachesIn, type TableOwnership } from './table-owners.js';

const TABLES: TableOwnership[] = [
  { table: 'hunter_bookings', owners: ['bookings/booking.repository.ts'] },
  { table: 'booking_refunds', owners: ['bookings/booking-refunds.repository.ts'], readers: 'anywhere' },
  {
    table: 'conversations',
    owners: ['conversations/conversation.repository.ts'],
    readers: [{ file: 'conversations/message.repository.ts', why: 'a join' }],
  },
  { table: 'users', owners: [] },
];
const found = (file: string, text: string) => tableBreachesIn(file, text, TABLES).map(describeBreach);

describe('tableBreachesIn', () => {
  it('sees each statement on a table outside its owners, on the line the table is named', () => {
    expect(found('x.ts', "query(`update hunter_bookings set status = 'expired'`)")).toEqual([
      'x.ts:1 writes hunter_bookings',
    ]);
    expect(found('x.ts', '`select id\n   from\n hunter_bookings b where id = $1`')).toEqual([
      'x.ts:3 reads hunter_bookings',
    ]);
    expect(found('x.ts', '`select 1 from hunters h join hunter_bookings b on b.hunter_id = h.id`')).toEqual([
      'x.ts:1 reads hunter_bookings',
    ]);
    expect(found('x.ts', 'INSERT INTO booking_refunds (id) values ($1)')).toEqual(['x.ts:1 writes booking_refunds']);
    expect(found('x.ts', 'delete from users; truncate table users; alter table users add x int')).toEqual([
      'x.ts:1 writes users',
      'x.ts:1 writes users',
      'x.ts:1 writes users',
    ]);
    expect(found('x.ts', 'select last_value + 1 from hunter_bookings_id_seq')).toEqual([
      'x.ts:1 reads hunter_bookings',
    ]);
  });

  it('sees the table behind a schema or in quotes', () => {
    expect(found('x.ts', 'select * from app.users')).toEqual(['x.ts:1 reads users']);
    expect(found('x.ts', 'select * from "users" u')).toEqual(['x.ts:1 reads users']);
    expect(found('x.ts', 'update "reviews".users set x = 1')).toEqual(['x.ts:1 writes users']);
    expect(found('x.ts', 'select 1 from ${schema}.users')).toEqual(['x.ts:1 reads users']);
  });

  it('leaves alone the owner, a listed or free reader, prose, comments and longer names', () => {
    expect(found('bookings/booking.repository.ts', '`delete from hunter_bookings`')).toEqual([]);
    expect(found('x.ts', 'select sum(amount_pence) from booking_refunds')).toEqual([]);
    expect(
      found('conversations/message.repository.ts', 'select 1 from messages m join conversations c on true'),
    ).toEqual([]);
    expect(found('conversations/message.repository.ts', 'update conversations set hunter_unread = 0')).toEqual([
      'conversations/message.repository.ts:1 writes conversations',
    ]);
    expect(found('x.ts', '/** the active rows of hunter_bookings (through their owner) */')).toEqual([]);
    expect(found('x.ts', '  // copied from users by the platform\n   * reads from users')).toEqual([]);
    expect(found('x.ts', 'select * from users_archive; select * from old_users; select x.users from t x')).toEqual([]);
    expect(found('x.ts', "const message = 'Remove from saved brands';")).toEqual([]);
  });
});

describe('tableBreaches', () => {
  const src = mkdtempSync(join(tmpdir(), 'table-owners-'));
  afterAll(() => rmSync(src, { recursive: true, force: true }));
  mkdirSync(join(src, 'bookings'));
  mkdirSync(join(src, 'database/migrations'), { recursive: true });
  writeFileSync(join(src, 'bookings/booking.repository.ts'), '`update hunter_bookings set x = 1`');
  writeFileSync(join(src, 'bookings/booking-refunds.repository.ts'), '`insert into booking_refunds values (1)`');
  writeFileSync(join(src, 'bookings/stray.ts'), '\n`select 1 from hunter_bookings`');
  writeFileSync(join(src, 'bookings/stray.spec.ts'), '`delete from hunter_bookings`');
  writeFileSync(join(src, 'database/migrations/1-create.ts'), '`insert into hunter_bookings values (1)`');

  it("walks the service's sources, not its specs or migrations, and reports what is outside the owners", () => {
    expect(sqlSourceFiles(src)).toEqual([
      'bookings/booking-refunds.repository.ts',
      'bookings/booking.repository.ts',
      'bookings/stray.ts',
    ]);
    expect(tableBreaches(src, TABLES.slice(0, 2))).toEqual([
      { file: 'bookings/stray.ts', line: 2, table: 'hunter_bookings', does: 'reads' },
    ]);
  });

  it('refuses an owner or reader that is not a source file', () => {
    expect(() => tableBreaches(src, [{ table: 'hunter_bookings', owners: ['bookings/gone.ts'] }])).toThrow(
      'hunter_bookings: bookings/gone.ts is not a source file',
    );
  });
});
