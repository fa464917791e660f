import { randomUUID } from 'node:crypto';
import {
  BadRequestException,
  ConflictException,
  Injectable,
  Logger,
  NotFoundException,
  UnauthorizedException,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  RIGHTS_SERVICES,
  type AccountDeletionView,
  type AdminDeletionRow,
  type DeletionBlocker,
  type RightsService,
} from '@hunted/contracts';
import { DataExportParts, EventPublisher, forgetUploadQuotaOf } from '@hunted/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { SessionStore } from '../sessions/session.store.js';
import { TermsAcceptances } from '../users/terms-acceptances.js';
import { UsersService } from '../users/users.service.js';
import { AccountDeletionLedger, type AccountDeletionProgress, type AccountDeletionRecord } from './account-deletion-ledger.js';
import { DataExportLedger } from './data-export-ledger.js';
import { blockerView } from './deletion-blockers.js';

export const DELETION_EMAIL_MISMATCH = 'Type the email address of your account exactly as it is shown to confirm.';
export const DELETION_NOT_FOUND = 'We could not find that deletion';
export const RETRY_WHEN_DONE = 'This deletion is complete: every service has already erased what it held. There is nothing to send again.';
export const RETRY_WHEN_CHECKING =
  'This deletion is still being checked for open bookings; nothing has been erased yet, so there is nothing to send again.';
export const RETRY_WHEN_REFUSED = 'This deletion was refused, so nothing was erased and there is nothing to send again.';

/** How many deletions the admins' list shows: the newest. */
export const ADMIN_DELETIONS_PAGE = 50;

export function deletionView(record: AccountDeletionRecord): AccountDeletionView {
  return {
    id: record.id,
    status: record.status,
    requestedAt: record.requestedAt.toISOString(),
    blockers: record.status === 'refused' ? record.blockers.map(blockerView) : [],
  };
}

function adminRow(progress: AccountDeletionProgress): AdminDeletionRow {
  return {
    id: progress.id,
    userId: progress.userId,
    status: progress.status,
    requestedAt: progress.requestedAt.toISOString(),
    completedAt: progress.completedAt?.toISOString() ?? null,
    services: progress.services.map(({ service, erasedAt }) => ({
      service,
      erasedAt: erasedAt === null ? null : new Date(erasedAt).toISOString(),
    })),
    retries: progress.retries,
  };
}

/**
 * The erasure saga's side at identity (decision 0098). A member's request is checked by bookings first (upcoming
 * sessions as client or hunter, open disputes, payouts owed); refused, it says why; cleared, the account is gone
 * at once — every session, the photo, the row, any export — and `identity.user.deleted` asks every service to
 * erase what it holds, each reporting back until the deletion is done. An admin re-sends it to the services still
 * pending.
 */
@Injectable()
export class AccountDeletionsService {
  private readonly logger = new Logger(AccountDeletionsService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly ledger: AccountDeletionLedger,
    private readonly exports: DataExportLedger,
    private readonly parts: DataExportParts,
    private readonly users: UsersService,
    private readonly sessions: SessionStore,
    private readonly events: EventPublisher,
    private readonly termsAcceptances: TermsAcceptances,
  ) {}

  /**
   * Starts the deletion of the member's account once they typed its email (trimmed, any case), or answers the one
   * under way: a second request while one runs is the same deletion.
   */
  async request(userId: string, typedEmail: string): Promise<AccountDeletionRecord> {
    return this.dataSource.transaction(async (manager) => {
      await this.ledger.lockMember(manager, userId);
      const user = await this.users.findIn(manager, userId);
      if (!user) throw new UnauthorizedException('Please sign in to continue');
      if (typedEmail.trim().toLowerCase() !== user.email.toLowerCase()) throw new BadRequestException(DELETION_EMAIL_MISMATCH);
      const running = await this.ledger.runningOf(manager, userId);
      if (running) return running;
      const deletion = await this.ledger.insert(manager, randomUUID(), userId);
      await this.events.publish(manager, 'identity.user.deletion-requested', { deletionId: deletion.id, userId });
      this.logger.log(`deletion ${deletion.id} requested`);
      return deletion;
    });
  }

  latest(userId: string): Promise<AccountDeletionRecord | null> {
    return this.ledger.latestOf(userId);
  }

  /** `bookings.user-deletion.refused`: the deletion stops, with what stands in the way. */
  async refused(
    manager: EntityManager,
    deletionId: string,
    blockers: { code: DeletionBlocker; count: number }[],
  ): Promise<void> {
    const deletion = await this.ledger.lock(manager, deletionId);
    if (deletion?.status !== 'checking') return;
    await this.ledger.refuse(manager, deletionId, blockers);
    this.logger.log(`deletion ${deletionId} refused: ${blockers.map((blocker) => blocker.code).join(', ')}`);
  }

  /**
   * `bookings.user-deletion.cleared`, in its inbox transaction: the account is erased at identity — every session
   * (the gateway's cached answer for a cookie lasts SESSION_CACHE_TTL_MS, seconds), the photo, the row, the
   * member's exports and identity's parts of them, their upload counts — and `identity.user.deleted` is published.
   * A redelivery finds the deletion no longer 'checking' and does nothing.
   */
  async cleared(manager: EntityManager, deletionId: string): Promise<void> {
    const deletion = await this.ledger.lock(manager, deletionId);
    if (deletion?.status !== 'checking') return;
    const { userId } = deletion;
    const sessions = await this.sessions.destroyAllOf(manager, userId);
    await this.parts.deleteForUser(manager, userId);
    await this.exports.deleteAllOf(manager, userId);
    await forgetUploadQuotaOf(manager, userId);
    await this.termsAcceptances.deleteAllOf(manager, userId);
    await this.users.deleteAccount(manager, userId);
    await this.ledger.startErasing(manager, deletionId, RIGHTS_SERVICES);
    await this.events.publish(manager, 'identity.user.deleted', { deletionId, userId });
    this.logger.log(`deletion ${deletionId}: account erased at identity (${sessions} session(s) ended)`);
  }

  /** `<service>.user-data.erased`: that service is done; with the last one the deletion is. */
  async erased(manager: EntityManager, deletionId: string, service: RightsService): Promise<void> {
    const deletion = await this.ledger.lock(manager, deletionId);
    if (deletion?.status !== 'erasing') return;
    const pending = await this.ledger.markErased(manager, deletionId, service);
    if (pending > 0) return;
    await this.ledger.complete(manager, deletionId);
    this.logger.log(`deletion ${deletionId} done: every service has erased what it held`);
  }

  async newest(): Promise<AdminDeletionRow[]> {
    return (await this.ledger.newest(ADMIN_DELETIONS_PAGE)).map(adminRow);
  }

  /**
   * An admin's retry of a deletion some service has not reported: `identity.user.deleted` is published again with
   * the same deletion id (each service applies it idempotently, and answers again).
   */
  async retry(deletionId: string): Promise<AdminDeletionRow> {
    await this.dataSource.transaction(async (manager) => {
      const deletion = await this.ledger.lock(manager, deletionId);
      if (!deletion) throw new NotFoundException(DELETION_NOT_FOUND);
      if (deletion.status === 'done') throw new ConflictException(RETRY_WHEN_DONE);
      if (deletion.status === 'checking') throw new ConflictException(RETRY_WHEN_CHECKING);
      if (deletion.status === 'refused') throw new ConflictException(RETRY_WHEN_REFUSED);
      await this.ledger.countRetry(manager, deletionId);
      await this.events.publish(manager, 'identity.user.deleted', { deletionId, userId: deletion.userId });
    });
    this.logger.log(`deletion ${deletionId} sent again to the services`);
    const progress = await this.ledger.progressOf(deletionId);
    if (!progress) throw new NotFoundException(DELETION_NOT_FOUND);
    return adminRow(progress);
  }
}
