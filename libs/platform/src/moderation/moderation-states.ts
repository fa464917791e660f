import { MODERATION_MESSAGES, type ModerationAction, type ModerationState } from '@hunted/contracts';

/**
 * The moderation kit's state machine (decision 0101), pure so it is tested on its own: what each report, decision
 * and appeal does to a case, or why it does not apply. The store applies the answer inside the transaction that
 * locked the case's row, so two admins deciding at once are decided one after the other against the state the first
 * one left.
 */

/** What an admin asks for on an item. */
export type ModerationCommand = 'hide' | 'restore' | 'dismiss';

export const MODERATION_COMMANDS: readonly ModerationCommand[] = ['hide', 'restore', 'dismiss'];

/** A case's state and whether its author has used their one appeal; a reported item without a case is `null`. */
export interface CaseStanding {
  state: ModerationState;
  appealed: boolean;
}

export type Refusal<Message extends string> = { refused: Message };

/** A decision that applies: the case's next state, the action recorded, and whether the item is hidden after it. */
export interface DecisionStep {
  next: ModerationState;
  action: ModerationAction;
  /** Set when the item's visibility changes: true to hide it, false to show it again. */
  setHidden: boolean | null;
}

/**
 * An admin's command on a case. Hide applies to an open case (reports waiting); restore to a hidden or appealed one
 * (an appeal granted); dismiss to an open case (the reports were wrong: it stays shown) or an appealed one (the
 * appeal is rejected: it stays hidden, and no second appeal may follow). Anything else is nothing to decide.
 */
export function decisionStep(standing: CaseStanding | null, command: ModerationCommand): DecisionStep | Refusal<string> {
  const state = standing?.state ?? null;
  if (command === 'hide' && state === 'open') return { next: 'hidden', action: 'hidden', setHidden: true };
  if (command === 'restore' && (state === 'hidden' || state === 'appealed')) {
    return { next: 'closed', action: 'restored', setHidden: false };
  }
  if (command === 'dismiss' && state === 'open') return { next: 'closed', action: 'dismissed', setHidden: null };
  if (command === 'dismiss' && state === 'appealed') return { next: 'hidden', action: 'appeal-rejected', setHidden: null };
  return { refused: MODERATION_MESSAGES.nothingToDecide };
}

/**
 * A member's report of a shown item: a new or closed case opens (it waits from now); an open one takes one report
 * more and keeps its place in the queue. A hidden item is not there to report (the caller answers 404 before).
 */
export function reportStep(standing: CaseStanding | null): { next: 'open'; startsWaiting: boolean } | Refusal<string> {
  if (standing === null || standing.state === 'closed') return { next: 'open', startsWaiting: true };
  if (standing.state === 'open') return { next: 'open', startsWaiting: false };
  return { refused: MODERATION_MESSAGES.notFound };
}

/** The author's one appeal of a hidden item: back into the queue as `appealed`. */
export function appealStep(standing: CaseStanding | null): { next: 'appealed' } | Refusal<string> {
  if (standing === null || standing.state === 'open' || standing.state === 'closed') return { refused: MODERATION_MESSAGES.notHidden };
  if (standing.appealed) return { refused: MODERATION_MESSAGES.alreadyAppealed };
  return { next: 'appealed' };
}

/** Whether the author may still appeal: hidden, and the one appeal not used. */
export function canAppeal(standing: CaseStanding): boolean {
  return standing.state === 'hidden' && !standing.appealed;
}

export function isRefusal<T extends object>(step: T | Refusal<string>): step is Refusal<string> {
  return 'refused' in step;
}
