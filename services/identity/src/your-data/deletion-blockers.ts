import type { DeletionBlocker, DeletionBlockerView } from '@hunted/contracts';

/** What the member reads for each thing bookings says stands in the way, singular and plural. */
const SENTENCES: Record<DeletionBlocker, (count: number) => string> = {
  'upcoming-booking': (count) =>
    count === 1
      ? 'You have 1 upcoming booking. Cancel it or wait until it has taken place, then try again.'
      : `You have ${count} upcoming bookings. Cancel them or wait until they have taken place, then try again.`,
  'upcoming-session-as-hunter': (count) =>
    count === 1
      ? 'You have 1 upcoming session to host as a hunter. Cancel it or wait until it has taken place, then try again.'
      : `You have ${count} upcoming sessions to host as a hunter. Cancel them or wait until they have taken place, then try again.`,
  'open-dispute': (count) =>
    count === 1
      ? 'A no-show dispute about one of your bookings is still open. Once our team has decided it, try again.'
      : `${count} no-show disputes about your bookings are still open. Once our team has decided them, try again.`,
  'payout-owed': (count) =>
    count === 1
      ? 'You have 1 payout still owed to you. Once it has reached your bank account, try again.'
      : `You have ${count} payouts still owed to you. Once they have reached your bank account, try again.`,
};

/** A blocker as the member sees it: its code and count, with the sentence saying what to do. */
export function blockerView(blocker: { code: DeletionBlocker; count: number }): DeletionBlockerView {
  return { code: blocker.code, count: blocker.count, message: SENTENCES[blocker.code](blocker.count) };
}
