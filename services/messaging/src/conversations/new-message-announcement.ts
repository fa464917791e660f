import type { ConversationMessage, UnreadCount } from '@hunted/contracts';
import type { LiveDelivery } from '../live/live-delivery.js';

/**
 * A new message to every tab of both people. The receiver's copy carries their unread totals as the message's
 * transaction left them (the header's badge), so a message costs no count over the receiver's conversations and no
 * second broadcast; the sender's copy carries none (another member's totals are not theirs to see).
 */
export function announceNewMessage(live: LiveDelivery, message: ConversationMessage, receiverTotals: UnreadCount): void {
  live.emit([message.receiverId], 'message:new', { ...message, unread: receiverTotals });
  live.emit([message.senderId], 'message:new', message);
}
