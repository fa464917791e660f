import type {
  ConversationMessage,
  ConversationRole,
  ConversationSummary,
  HunterConversationSummary,
  HunterStatus,
} from '@hunted/contracts';
import { FORMER_MEMBER_NAME, isFormerMember } from '../users/former-members.js';
import type { ConversationRow } from './conversation.repository.js';
import type { MessageRow } from './message.repository.js';

/** What a member is called when identity has told us no name. */
const UNNAMED_MEMBER = 'Hunted member';

function nameOf(first: string | null, last: string | null): string | null {
  return [first, last].map((part) => part?.trim()).filter(Boolean).join(' ') || null;
}

/**
 * A conversation is closed to new messages once its hunter is not approved (suspended; or pending or rejected, which
 * only a conversation opened before vetting can meet). A hunter whose copy has not arrived yet is not held against
 * it: the booking that opened the conversation was bookable.
 */
export function isClosed(row: {
  hunter_status: HunterStatus | null;
  client_user_id?: string;
  hunter_user_id?: string;
}): boolean {
  // Nobody can answer a member who deleted their account: the thread stays readable, closed.
  if (isFormerMember(row.client_user_id) || isFormerMember(row.hunter_user_id)) return true;
  return row.hunter_status !== null && row.hunter_status !== 'approved';
}

export function roleIn(row: Pick<ConversationRow, 'client_user_id'>, userId: string): ConversationRole {
  return row.client_user_id === userId ? 'client' : 'hunter';
}

/** The hunter as the profile names them, else as identity does. */
function hunterSide(row: ConversationRow): { name: string; image: string | null } {
  if (isFormerMember(row.hunter_user_id)) return { name: FORMER_MEMBER_NAME, image: null };
  return {
    name: row.hunter_name ?? nameOf(row.hunter_first_name, row.hunter_last_name) ?? UNNAMED_MEMBER,
    image: row.hunter_image ?? row.hunter_user_image,
  };
}

function clientSide(row: ConversationRow): { name: string; image: string | null } {
  if (isFormerMember(row.client_user_id)) return { name: FORMER_MEMBER_NAME, image: null };
  return { name: nameOf(row.client_first_name, row.client_last_name) ?? UNNAMED_MEMBER, image: row.client_image };
}

export function unreadOf(row: Pick<ConversationRow, 'client_user_id' | 'client_unread' | 'hunter_unread'>, userId: string): number {
  return roleIn(row, userId) === 'client' ? row.client_unread : row.hunter_unread;
}

export function toConversationSummary(row: ConversationRow, userId: string): ConversationSummary {
  const role = roleIn(row, userId);
  const hunter = hunterSide(row);
  const other = role === 'client' ? hunter : clientSide(row);
  return {
    id: row.id,
    userId: row.client_user_id,
    hunterId: row.hunter_id,
    hunterName: hunter.name,
    hunterProfileImage: hunter.image,
    lastMessageAt: row.last_message_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    role,
    otherUserId: role === 'client' ? row.hunter_user_id : row.client_user_id,
    otherName: other.name,
    otherImage: other.image,
    lastMessage: row.last_message_content,
    unreadCount: unreadOf(row, userId),
    closed: isClosed(row),
  };
}

export function toHunterConversationSummary(row: ConversationRow): HunterConversationSummary {
  const client = clientSide(row);
  return {
    id: row.id,
    clientName: client.name,
    clientAvatar: client.image,
    lastMessage: row.last_message_content,
    lastMessageTime: row.last_message_at?.toISOString() ?? null,
    unreadCount: row.hunter_unread,
    closed: isClosed(row),
  };
}

export function toMessage(row: MessageRow): ConversationMessage {
  return {
    id: row.id,
    conversationId: row.conversation_id,
    senderId: row.sender_id,
    receiverId: row.receiver_id,
    content: row.content,
    createdAt: row.created_at.toISOString(),
    isRead: row.is_read,
    clientMessageId: row.client_message_id,
    attachments: row.attachments ?? [],
  };
}
