import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AccountDeletionStatus, DeletionBlocker, RightsService } from '@hunted/contracts';
import { DataSource, type EntityManager } from 'typeorm';

/** A row of `account_deletions`, named as the code names it. */
export interface AccountDeletionRecord {
  id: string;
  userId: string;
  status: AccountDeletionStatus;
  requestedAt: Date;
  decidedAt: Date | null;
  blockers: { code: DeletionBlocker; count: number }[];
  completedAt: Date | null;
  retries: number;
}

/** A deletion with each service's progress, as the admins' list shows it. */
export interface AccountDeletionProgress extends AccountDeletionRecord {
  /** Each service's erasure, `erasedAt` as JSON gives it (ISO text) or null while it is pending. */
  services: { service: RightsService; erasedAt: string | null }[];
}

const DELETION_COLUMNS = `
  d.id, d.user_id as "userId", d.status, d.requested_at as "requestedAt", d.decided_at as "decidedAt", d.blockers,
  d.completed_at as "completedAt", d.retries`;

const PROGRESS_SELECT = `
  select ${DELETION_COLUMNS},
         coalesce((select json_agg(json_build_object('service', s.service, 'erasedAt', s.erased_at) order by s.service)
                     from account_deletion_services s where s.deletion_id = d.id), '[]'::json) as services
    from account_deletions d`;

async function deletionsOf(manager: EntityManager, where: string, params: unknown[], suffix = ''): Promise<AccountDeletionRecord[]> {
  return manager.query(`select ${DELETION_COLUMNS} from account_deletions d where ${where} ${suffix}`, params);
}

/**
 * The owner of `account_deletions` (a member's request to delete their account, and where it stands) and
 * `account_deletion_services` (which services have erased what they hold): the erasure saga's ledger. Neither
 * names the person beyond the account's random id, which no row elsewhere at identity holds once it is erased.
 */
@Injectable()
export class AccountDeletionLedger {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Serialises one member's deletion requests until the caller's transaction ends. */
  async lockMember(manager: EntityManager, userId: string): Promise<void> {
    await manager.query(`select pg_advisory_xact_lock(hashtext('identity.account-deletions'), hashtext($1))`, [userId]);
  }

  /** The member's deletion under way ('checking' or 'erasing'), if any. */
  async runningOf(manager: EntityManager, userId: string): Promise<AccountDeletionRecord | null> {
    const [row] = await deletionsOf(manager, `d.user_id = $1 and d.status in ('checking', 'erasing')`, [userId]);
    return row ?? null;
  }

  async insert(manager: EntityManager, id: string, userId: string): Promise<AccountDeletionRecord> {
    await manager.query('insert into account_deletions (id, user_id) values ($1, $2)', [id, userId]);
    const [row] = await deletionsOf(manager, 'd.id = $1', [id]);
    if (!row) throw new Error(`deletion ${id} vanished in its own transaction`);
    return row;
  }

  /** The deletion, locked until the caller's transaction ends (saga steps of one deletion run one at a time). */
  async lock(manager: EntityManager, id: string): Promise<AccountDeletionRecord | null> {
    const [row] = await deletionsOf(manager, 'd.id = $1', [id], 'for update');
    return row ?? null;
  }

  async refuse(manager: EntityManager, id: string, blockers: { code: DeletionBlocker; count: number }[]): Promise<void> {
    await manager.query(
      `update account_deletions set status = 'refused', decided_at = now(), blockers = $2::jsonb where id = $1 and status = 'checking'`,
      [id, JSON.stringify(blockers)],
    );
  }

  /** The account is gone: each of `services` is now to erase what it holds. */
  async startErasing(manager: EntityManager, id: string, services: readonly RightsService[]): Promise<void> {
    await manager.query(`update account_deletions set status = 'erasing', decided_at = now() where id = $1 and status = 'checking'`, [id]);
    for (const service of services) {
      await manager.query(
        'insert into account_deletion_services (deletion_id, service) values ($1, $2) on conflict do nothing',
        [id, service],
      );
    }
  }

  /** `service` reported its erasure; answers how many services are still to report. */
  async markErased(manager: EntityManager, id: string, service: RightsService): Promise<number> {
    await manager.query(
      'update account_deletion_services set erased_at = now() where deletion_id = $1 and service = $2 and erased_at is null',
      [id, service],
    );
    const [row]: { n: number }[] = await manager.query(
      'select count(*)::int as n from account_deletion_services where deletion_id = $1 and erased_at is null',
      [id],
    );
    return row?.n ?? 0;
  }

  async complete(manager: EntityManager, id: string): Promise<void> {
    await manager.query(`update account_deletions set status = 'done', completed_at = now() where id = $1 and status = 'erasing'`, [id]);
  }

  async countRetry(manager: EntityManager, id: string): Promise<void> {
    await manager.query('update account_deletions set retries = retries + 1 where id = $1', [id]);
  }

  /** The member's latest deletion, whatever its state. */
  async latestOf(userId: string): Promise<AccountDeletionRecord | null> {
    const [row] = await deletionsOf(this.dataSource.manager, 'd.user_id = $1', [userId], 'order by d.requested_at desc, d.id desc limit 1');
    return row ?? null;
  }

  /** The newest `limit` deletions with each service's progress. */
  newest(limit: number): Promise<AccountDeletionProgress[]> {
    return this.dataSource.query(`${PROGRESS_SELECT} order by d.requested_at desc, d.id desc limit $1`, [limit]);
  }

  async progressOf(id: string): Promise<AccountDeletionProgress | null> {
    const rows: AccountDeletionProgress[] = await this.dataSource.query(`${PROGRESS_SELECT} where d.id = $1`, [id]);
    return rows[0] ?? null;
  }
}
