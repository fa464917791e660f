import { describe, expect, it } from 'vitest';
import type { ConversationRow } from './conversation-sql.js';
import { toConversationSummary, toHunterConversationSummary } from './conversation-views.js';
import { resolveReceiver } from './conversations.service.js';
import { sendMessageBody, threadQuery } from './dto/conversation-bodies.dto.js';

const conversation = { id: 'c1', client_user_id: 'u-client', hunter_id: 41, hunter_user_id: 'u-hunter' };

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
    const parsed = sendMessageBody.parse({ content: '  Hi\u0007\nthere\t!  ', receiverId: 41 });
    expect(parsed).toEqual({ content: 'Hi\nthere\t!', receiverId: '41' });
  });

  it('refuses a thread query asking before and after at once', () => {
    const ids = { before: crypto.randomUUID(), after: crypto.randomUUID() };
    expect(threadQuery.safeParse(ids).success).toBe(false);
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
    });
  });
});
