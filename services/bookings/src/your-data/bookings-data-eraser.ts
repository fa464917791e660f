import { Injectable, Logger } from '@nestjs/common';
import { AfterCommit, forgetUploadQuotaOf, InjectJobQueue, JobQueue, now, UserCopies, type UserDataEraser } from '@hunted/platform';
import type { EntityManager } from 'typeorm';
import { HunterCopies } from '../hunters/hunter-copies.js';
import { BookingPhotosRepository } from '../photos/booking-photos.repository.js';
import { BookingRepository } from '../store/booking.repository.js';
import { ClosingMembersRepository } from '../store/closing-members.repository.js';
import { PayoutAccountsRepository } from '../store/payout-accounts.repository.js';
import { payoutAccountClosures, type PayoutAccountClosureData } from './payout-account-closures.job.js';

/**
 * Erases a deleted member from bookings' schema (`identity.user.deleted`, in its inbox transaction; the table is
 * services/bookings/README.md, "## Your data"):
 * - bookings without a payment, as client or hunter: deleted; with one: kept until `keep_until` (six years after the
 *   end of the UK tax year of the session) with nothing that names the member (BookingRepository.eraseMember);
 * - their booking photos: deleted (and those of their deleted bookings);
 * - their hunter profile's copy: 'Former member', no member, suspended; its joining details and hours deleted;
 * - their connected accounts: the rows name them no more, and each is recorded to be deleted at Stripe by the
 *   closure job once this transaction has committed (never a Stripe call inside it);
 * - the users copy's row, the upload ledger's days and the closing mark: deleted.
 * Everything is keyed by the member's id, so a second delivery finds nothing left and changes nothing.
 */
@Injectable()
export class BookingsDataEraser implements UserDataEraser {
  private readonly logger = new Logger(BookingsDataEraser.name);

  constructor(
    private readonly bookings: BookingRepository,
    private readonly photos: BookingPhotosRepository,
    private readonly hunters: HunterCopies,
    private readonly accounts: PayoutAccountsRepository,
    private readonly closing: ClosingMembersRepository,
    private readonly users: UserCopies,
    private readonly afterCommit: AfterCommit,
    @InjectJobQueue(payoutAccountClosures) private readonly closures: JobQueue<PayoutAccountClosureData>,
  ) {}

  async erase(manager: EntityManager, userId: string): Promise<void> {
    const hunterIds = await this.hunters.idsOfMember(manager, userId);
    const bookings = await this.bookings.bookingsOfMember(manager, userId, hunterIds);
    const goes = bookings.filter((booking) => !booking.kept).map((booking) => booking.id);
    const photos = await this.photos.deleteForErasure(manager, userId, goes);
    const { deleted, keptAsClient, keptAsHunter } = await this.bookings.eraseMember(manager, userId, hunterIds, now());
    const accounts = await this.accounts.releaseForErasure(manager, userId, hunterIds);
    for (const { accountId } of accounts) {
      this.afterCommit.enqueue(manager, this.closures, { accountId }, { jobId: `close-${accountId}` });
    }
    await this.hunters.eraseProfiles(manager, hunterIds);
    await this.users.forget(manager, userId);
    await forgetUploadQuotaOf(manager, userId);
    await this.closing.remove(manager, userId);
    this.logger.log(
      `member erased: ${deleted} booking(s) deleted, ${keptAsClient + keptAsHunter} kept anonymised, ${photos} photo(s) deleted, ${accounts.length} connected account(s) to close`,
    );
  }
}
