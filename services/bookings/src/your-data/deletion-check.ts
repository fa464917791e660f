import { Injectable } from '@nestjs/common';
import type { DeletionBlocker } from '@hunted/contracts';
import { EventPublisher, now } from '@hunted/platform';
import type { EntityManager } from 'typeorm';
import { HunterCopies } from '../hunters/hunter-copies.js';
import { SIMULATED_PAYOUT_DELAY_DAYS } from '../payouts/earnings.js';
import { BookingQueries } from '../store/booking-queries.js';
import { ClosingMembersRepository } from '../store/closing-members.repository.js';
import { HunterPayoutsRepository } from '../store/hunter-payouts.repository.js';
import { PayoutAccountsRepository } from '../store/payout-accounts.repository.js';

export type DeletionBlockers = { code: DeletionBlocker; count: number }[];

/**
 * Bookings' answer to `identity.user.deletion-requested` (issue 36, item 4), in the event's inbox transaction: what
 * the member still has open. Refused (`bookings.user-deletion.refused`, a count per blocker) for
 * - `upcoming-booking`: a live hold or a confirmed booking of theirs as client that has not ended;
 * - `upcoming-session-as-hunter`: the same of their hunter profile;
 * - `open-dispute`: a no-show dispute still open on either side;
 * - `payout-owed`: money not settled yet: a refund owed on a booking of theirs (either side) and not yet made,
 *   its retries included; a paid session of theirs as hunter that ended less than SIMULATED_PAYOUT_DELAY_DAYS (2,
 *   Stripe's standard UK schedule) ago, whose money has not reached their bank; a payout of their connected account
 *   still `pending` or `in_transit` (Connect's `payout.*`).
 * Otherwise cleared (`bookings.user-deletion.cleared`) and the member recorded as closing: from then on no hold or
 * free booking by them or of their hunter profile is taken (409 "This account is being deleted."). The member's
 * advisory lock (ClosingMembersRepository) keeps a booking racing with this check from slipping between its count
 * and its record.
 */
@Injectable()
export class DeletionCheck {
  constructor(
    private readonly closing: ClosingMembersRepository,
    private readonly queries: BookingQueries,
    private readonly hunters: HunterCopies,
    private readonly accounts: PayoutAccountsRepository,
    private readonly payouts: HunterPayoutsRepository,
    private readonly events: EventPublisher,
  ) {}

  async check(manager: EntityManager, deletionId: string, userId: string): Promise<DeletionBlockers> {
    await this.closing.lockForCheck(manager, userId);
    const blockers = await this.blockersOf(manager, userId);
    if (blockers.length > 0) {
      await this.events.publish(manager, 'bookings.user-deletion.refused', { deletionId, userId, blockers });
      return blockers;
    }
    await this.closing.record(manager, userId, deletionId);
    await this.events.publish(manager, 'bookings.user-deletion.cleared', { deletionId, userId });
    return [];
  }

  async blockersOf(manager: EntityManager, userId: string): Promise<DeletionBlockers> {
    const hunterIds = await this.hunters.idsOfMember(manager, userId);
    const counts = await this.queries.deletionBlockers(manager, userId, hunterIds, now(), SIMULATED_PAYOUT_DELAY_DAYS);
    const accounts = await this.accounts.ofMember(manager, userId, hunterIds);
    const payoutsOnTheirWay = await this.payouts.onTheirWay(
      manager,
      accounts.map((account) => account.accountId),
    );
    const all: DeletionBlockers = [
      { code: 'upcoming-booking', count: counts.upcomingAsClient },
      { code: 'upcoming-session-as-hunter', count: counts.upcomingAsHunter },
      { code: 'open-dispute', count: counts.openDisputes },
      { code: 'payout-owed', count: counts.refundsOwed + counts.earningsUnpaid + payoutsOnTheirWay },
    ];
    return all.filter((blocker) => blocker.count > 0);
  }
}
