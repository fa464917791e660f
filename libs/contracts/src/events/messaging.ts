/** Events the messaging service publishes (on `events:messaging`). */

/** A message was stored (published in the same transaction). The content is not carried: readers ask messaging. */
export interface MessageSentV1 {
  messageId: string;
  conversationId: string;
  senderId: string;
  receiverId: string;
  createdAt: string;
}
