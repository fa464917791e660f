import type { IntegrationEvent } from '@hunted/contracts';
import type { EntityManager } from 'typeorm';
import type { ConversationRepository } from '../../conversations/conversation.repository.js';
import type { HunterCopies } from '../hunter-copies.js';

/**
 * A hunter created or updated: the copy takes it; when it brings the hunter's approval, the conversations of their
 * clients that were held back while the copy said otherwise are opened, in the same inbox transaction.
 */
export async function applyHunter(
  manager: EntityManager,
  event: IntegrationEvent<'hunters.hunter.created' | 'hunters.hunter.updated'>,
  hunters: HunterCopies,
  conversations: ConversationRepository,
): Promise<void> {
  const { applied, previousStatus } = await hunters.apply(manager, event.data, event.occurredAt);
  if (applied && event.data.status === 'approved' && previousStatus !== 'approved') {
    await conversations.openForApproved(manager, event.data.hunterId);
  }
}
