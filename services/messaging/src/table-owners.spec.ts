import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The rule of messaging's tables: each has one repository, and SQL on it sits there and nowhere else in
 * `services/messaging/src` (migrations excepted, which create them). A repository may read another owner's table in
 * a join where one statement needs both (listed below with the reason); it never writes one.
 */

const SRC = fileURLToPath(new URL('.', import.meta.url));

const OWNERS = {
  conversations: 'conversations/conversation.repository.ts',
  messages: 'conversations/message.repository.ts',
  outbound_emails: 'booking-emails/outbound-emails.repository.ts',
  contact_submissions: 'contact/contact-submission.repository.ts',
} as const;
type Table = keyof typeof OWNERS;

/** Reads of a table by another owner's repository, in statements that need both tables. */
const JOINED_BY: Partial<Record<Table, { file: string; why: string }[]>> = {
  conversations: [
    {
      file: OWNERS.messages,
      why: "a thread page is kept to the conversation's two people, and the unread-message email reads its message with the conversation's client",
    },
  ],
  messages: [{ file: OWNERS.conversations, why: "the unread-message sweep finds each side's first unread message" }],
};

/** A table's name as SQL names it (its own sequences too), not a longer identifier that begins with it. */
const named = (table: string) => `(?:\\w+\\.)?${table}(?:_id_seq)?(?![\\w])`;
const writes = (table: string) =>
  new RegExp(
    `\\b(?:insert\\s+into|update|delete\\s+from|truncate(?:\\s+table)?|alter\\s+table)\\s+${named(table)}`,
    'i',
  );
const reads = (table: string) => new RegExp(`\\b(?:from|join)\\s+${named(table)}`, 'i');

/** What a file does on `table` that it may not: 'writes' or 'reads', or nothing. */
export function breachOf(file: string, text: string, table: Table): 'writes' | 'reads' | null {
  if (file === OWNERS[table]) return null;
  if (writes(table).test(text)) return 'writes';
  const joins = JOINED_BY[table]?.some((reader) => reader.file === file) ?? false;
  if (!joins && reads(table).test(text)) return 'reads';
  return null;
}

/** The service's application sources (no specs, no migrations), relative to its src/. */
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
  return files.filter((file) => !file.startsWith('database/migrations/'));
}

describe("messaging's tables and their owners", () => {
  it('finds SQL on each table only in its repository', () => {
    const files = sources();
    for (const owner of Object.values(OWNERS)) expect(files, owner).toContain(owner);
    const breaches: string[] = [];
    for (const file of files) {
      const text = readFileSync(join(SRC, file), 'utf8');
      for (const table of Object.keys(OWNERS) as Table[]) {
        const breach = breachOf(file, text, table);
        if (breach) breaches.push(`${file} ${breach} ${table} (owner: ${OWNERS[table]})`);
      }
    }
    expect(breaches).toEqual([]);
  });

  it('each owner does write its table', () => {
    for (const [table, owner] of Object.entries(OWNERS)) {
      expect(writes(table).test(readFileSync(join(SRC, owner), 'utf8')), owner).toBe(true);
    }
  });

  it('catches a statement outside the owner, and lets a listed join read but not write', () => {
    expect(
      breachOf(
        'contact/contact.service.ts',
        'select last_value + 1 from contact_submissions_id_seq',
        'contact_submissions',
      ),
    ).toBe('reads');
    expect(
      breachOf(
        'conversations/message-nudge.job.ts',
        'update conversations c set client_nudged_at = now()',
        'conversations',
      ),
    ).toBe('writes');
    expect(breachOf('x.ts', 'INSERT INTO outbound_emails (id) values (1)', 'outbound_emails')).toBe('writes');
    expect(breachOf('x.ts', 'select 1 from messages m join conversations c on true', 'messages')).toBe('reads');
    expect(
      breachOf(OWNERS.messages, 'select 1 from messages m join conversations c on true', 'conversations'),
    ).toBeNull();
    expect(breachOf(OWNERS.messages, 'update conversations set hunter_unread = 0', 'conversations')).toBe('writes');
    expect(breachOf('x.ts', 'select * from messages_archive', 'messages')).toBeNull();
  });
});
