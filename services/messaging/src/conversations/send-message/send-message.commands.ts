import type { ConversationMessage } from '@hunted/contracts';

/** `POST /api/conversations/{id}/messages`: a member writes to the other person of a conversation. */
export interface SendMessageCommand {
  senderId: string;
  conversationId: string;
  /** Already cleaned of control characters and trimmed (sendMessageSchema). */
  content: string;
  /** The other side's user id, or (from the client's side) the hunter's id as text. */
  receiverId: string;
  /** The sender's own id for this message, so a retried send stores it once. */
  clientMessageId?: string;
}

export type SendMessageResult =
  /** Stored and delivered (or, for a retried send, the message the first try stored). */
  | { kind: 'sent'; message: ConversationMessage }
  /** Over MESSAGE_SEND_LIMIT_PER_MINUTE: nothing stored. */
  | { kind: 'too-fast' }
  /** Not a conversation the sender is one of the two people of. */
  | { kind: 'not-found' }
  /** `receiverId` names neither reading of the other person. */
  | { kind: 'wrong-receiver' }
  /** The sender used this `clientMessageId` for a message of another conversation. */
  | { kind: 'client-message-id-taken' }
  /** The conversation's hunter is not approved (suspended): it is closed to new messages from either side. */
  | { kind: 'closed' }
  /** The conversation has had `cap` messages today (London): nothing stored. */
  | { kind: 'day-full'; cap: number };
