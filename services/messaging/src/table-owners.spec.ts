import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeBreach, tableBreaches, tableBreachesIn, type TableOwnership } from '@hunted/platform/testing';
import { describe, expect, it } from 'vitest';

/**
 * The rule of messaging's tables: each has one repository, and SQL on it sits there and nowhere else in
 * `services/messaging/src` (migrations excepted, which create them). A repository may read another owner's table in
 * a join where one statement needs both (listed below with the reason); it never writes one. The checker is the
 * platform's (`tableBreaches`, libs/platform/src/testing/table-owners.ts).
 */

const SRC = fileURLToPath(new URL('.', import.meta.url));

const OWNERS = {
  conversations: 'conversations/conversation.repository.ts',
  messages: 'conversations/message.repository.ts',
  outbound_emails: 'mail/outbound-emails.repository.ts',
  contact_submissions: 'contact/contact-submission.repository.ts',
  hunter_joining_details: 'hunters/joining/joining-details-copies.ts',
  email_preferences: 'mail/email-preferences.repository.ts',
} as const;

const TABLES: TableOwnership[] = [
  {
    table: 'conversations',
    owners: [OWNERS.conversations],
    readers: [
      {
        file: OWNERS.messages,
        why: "a thread page is kept to the conversation's two people, and the unread-message email reads its message with the conversation's client",
      },
    ],
  },
  { table: 'messages', owners: [OWNERS.messages] },
  // Kept with the conversations' own unread counts, in the same statements' transactions.
  { table: 'member_unread', owners: [OWNERS.conversations] },
  { table: 'outbound_emails', owners: [OWNERS.outbound_emails] },
  { table: 'contact_submissions', owners: [OWNERS.contact_submissions] },
  // Private: only the client's booking emails read it, through its owner.
  { table: 'hunter_joining_details', owners: [OWNERS.hunter_joining_details] },
  // Read by the email job when an optional email is due; written by the preferences routes and the unsubscribe link.
  { table: 'email_preferences', owners: [OWNERS.email_preferences] },
];

const found = (file: string, text: string) => tableBreachesIn(file, text, TABLES).map(describeBreach);

describe("messaging's tables and their owners", () => {
  it('finds SQL on each table only in its repository', () => {
    expect(tableBreaches(SRC, TABLES).map(describeBreach)).toEqual([]);
  });

  it('each owner does write its table', () => {
    for (const { table, owners } of TABLES) {
      const text = readFileSync(join(SRC, owners[0]!), 'utf8');
      const unowned = tableBreachesIn(owners[0]!, text, [{ table, owners: [] }]);
      expect(
        unowned.some((breach) => breach.does === 'writes'),
        owners[0],
      ).toBe(true);
    }
  });

  it('catches a statement outside the owner, and lets a listed join read but not write', () => {
    expect(found('contact/contact.service.ts', 'select last_value + 1 from contact_submissions_id_seq')).toEqual([
      'contact/contact.service.ts:1 reads contact_submissions',
    ]);
    expect(found('conversations/message-nudge-email.ts', 'update conversations c set client_nudged_at = now()')).toEqual([
      'conversations/message-nudge-email.ts:1 writes conversations',
    ]);
    expect(found('x.ts', 'INSERT INTO outbound_emails (id) values (1)')).toEqual(['x.ts:1 writes outbound_emails']);
    expect(found('x.ts', 'select 1 from messages m join conversations c on true')).toHaveLength(2);
    expect(found(OWNERS.messages, 'select 1 from messages m join conversations c on true')).toEqual([]);
    expect(found(OWNERS.messages, 'update conversations set hunter_unread = 0')).toEqual([
      `${OWNERS.messages}:1 writes conversations`,
    ]);
    expect(found('x.ts', 'select * from messages_archive')).toEqual([]);
  });
});
