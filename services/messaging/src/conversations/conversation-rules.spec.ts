import { describe, expect, it } from 'vitest';
import { markReadSchema, sendMessageSchema, threadQuerySchema } from '@hunted/contracts';
import { firstFieldMessage, SchemaPipe } from '@hunted/platform';
import type { ConversationRow } from './conversation.repository.js';
import { isClosed, toConversationSummary, toHunterConversationSummary } from './conversation-views.js';
import { resolveReceiver } from './send-message/send-message.use-case.js';

const conversation = { id: 'c1', client_user_id: 'u-client', hunter_id: 41, hunter_user_id: 'u-hunter', hunter_status: null };

describe('resolveReceiver', () => {
  it("takes the other person's user id from either side", () => {
    expect(resolveReceiver(conversation, 'u-client', 'u-hunter')).toBe('u-hunter');
    expect(resolveReceiver(conversation, 'u-hunter', 'u-client')).toBe('u-client');
  });

  it("takes the hunter's id as text from the client's side only", () => {
    expect(resolveReceiver(conversation, 'u-client', '41')).toBe('u-hunter');
    expect(resolveReceiver(conversation, 'u-hunter', '41')).toBeNull();
  });

  it('refuses oneself and anyone else', () => {
    expect(resolveReceiver(conversation, 'u-client', 'u-client')).toBeNull();
    expect(resolveReceiver(conversation, 'u-client', 'u-mallory')).toBeNull();
    expect(resolveReceiver(conversation, 'u-client', '42')).toBeNull();
  });
});

describe('the message body', () => {
  it('trims, drops control characters but keeps line breaks, and reads a numeric receiver as text', () => {
    const parsed = sendMessageSchema.parse({ content: '  Hi\u0007\nthere\t!  ', receiverId: 41 });
    expect(parsed).toEqual({ content: 'Hi\nthere\t!', receiverId: '41' });
  });

  it('refuses a thread query asking before and after at once', () => {
    const ids = { before: crypto.randomUUID(), after: crypto.randomUUID() };
    expect(threadQuerySchema.safeParse(ids).success).toBe(false);
  });

  /** The 400 a route gives: every field's message, and the first alone as `message`. */
  function refusal(schema: Parameters<typeof SchemaPipe>[0], input: unknown): unknown {
    try {
      new SchemaPipe(schema, { message: firstFieldMessage }).transform(input);
    } catch (error) {
      return (error as { getResponse(): unknown }).getResponse();
    }
    throw new Error('expected a refusal');
  }

  it('answers a bad send with its first problem', () => {
    expect(refusal(sendMessageSchema, {})).toEqual({
      statusCode: 400,
      message: 'Message cannot be empty',
      errors: { content: 'Message cannot be empty', receiverId: 'receiverId must name the person you are writing to' },
    });
    expect(refusal(sendMessageSchema, { content: ' \u0000 ', receiverId: 'u' })).toMatchObject({
      message: 'Message cannot be empty',
    });
    expect(refusal(sendMessageSchema, { content: 'x'.repeat(2001), receiverId: 'u' })).toMatchObject({
      message: 'Messages can be at most 2,000 characters',
    });
  });

  it('reads paging of a thread from the query string, and message ids as UUIDs', () => {
    expect(threadQuerySchema.parse({})).toEqual({ limit: 50 });
    expect(threadQuerySchema.parse({ limit: '100' })).toEqual({ limit: 100 });
    for (const limit of ['0', '101', '1.5', 'ten']) {
      expect(refusal(threadQuerySchema, { limit })).toMatchObject({
        message: 'limit must be a whole number from 1 to 100',
      });
    }
    expect(refusal(markReadSchema, { upTo: 'nope' })).toMatchObject({ errors: { upTo: 'must be the id of a message' } });
    expect(markReadSchema.parse({})).toEqual({});
  });
});

describe('conversation rows as each side sees them', () => {
  const row: ConversationRow = {
    ...conversation,
    last_message_content: 'See you',
    last_message_at: new Date('2026-11-24T10:00:00Z'),
    created_at: new Date('2026-11-20T10:00:00Z'),
    client_unread: 2,
    hunter_unread: 5,
    hunter_name: null,
    hunter_image: null,
    hunter_first_name: 'Sofia',
    hunter_last_name: 'Martinez',
    hunter_user_image: '/avatar/sofia',
    client_first_name: null,
    client_last_name: null,
    client_image: null,
  };

  it("names the hunter from the member when the profile copy has not arrived, and a nameless client 'Hunted member'", () => {
    expect(toConversationSummary(row, 'u-client')).toMatchObject({
      role: 'client',
      hunterName: 'Sofia Martinez',
      hunterProfileImage: '/avatar/sofia',
      otherUserId: 'u-hunter',
      unreadCount: 2,
    });
    expect(toConversationSummary(row, 'u-hunter')).toMatchObject({ role: 'hunter', otherName: 'Hunted member', unreadCount: 5 });
    expect(toHunterConversationSummary(row)).toEqual({
      id: 'c1',
      clientName: 'Hunted member',
      clientAvatar: null,
      lastMessage: 'See you',
      lastMessageTime: '2026-11-24T10:00:00.000Z',
      unreadCount: 5,
      closed: false,
    });
  });

  it('is closed once the hunter is not approved, and open while approved or before their copy arrives', () => {
    expect(isClosed({ hunter_status: null })).toBe(false);
    expect(isClosed({ hunter_status: 'approved' })).toBe(false);
    for (const status of ['suspended', 'rejected', 'pending'] as const) expect(isClosed({ hunter_status: status })).toBe(true);
    const suspended = { ...row, hunter_status: 'suspended' as const };
    expect(toConversationSummary(suspended, 'u-client').closed).toBe(true);
    expect(toHunterConversationSummary(suspended).closed).toBe(true);
  });
});
