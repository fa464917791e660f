import type { IntegrationEvent } from '@hunted/contracts';
import type { EntityManager } from 'typeorm';
import type { BookingQuestion } from '../../conversations/booking-question/booking-question.js';
import type { ConversationRepository } from '../../conversations/conversation.repository.js';
import type { HunterCopies } from '../hunter-copies.js';

/**
 * A hunter created or updated: the copy takes it; when it brings the hunter's approval, or a member claiming an
 * approved hunter, the conversations of their clients that were held back while the copy said otherwise are opened,
 * with the questions of those clients' bookings in them, in the same inbox transaction.
 */
export async function applyHunter(
  manager: EntityManager,
  event: IntegrationEvent<'hunters.hunter.created' | 'hunters.hunter.updated'>,
  hunters: HunterCopies,
  conversations: ConversationRepository,
  questions: BookingQuestion,
): Promise<void> {
  const { applied, previousStatus, previousUserId } = await hunters.apply(manager, event.data, event.occurredAt);
  if (!applied || event.data.status !== 'approved') return;
  const approved = previousStatus !== 'approved';
  const claimed = previousUserId === null && event.data.userId !== null;
  if (approved || claimed) {
    await conversations.openHeldBack(manager, event.data.hunterId);
    await questions.postHeldBack(manager, event.data.hunterId);
  }
}
