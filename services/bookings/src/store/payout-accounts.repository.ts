import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { PAYOUT_COUNTRY_NAMES, type PayoutAccount } from '@hunted/contracts';
import { EventPublisher, now } from '@hunted/platform';
import { DataSource, type EntityManager } from 'typeorm';

export type PayoutMode = 'simulated' | 'stripe';

export interface PayoutAccountRow {
  hunterId: number;
  userId: string | null;
  accountId: string;
  mode: PayoutMode;
  /** The ISO country the account was created in (Stripe fixes it at creation). */
  country: string;
  detailsSubmitted: boolean;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  requirementsDue: string[];
  disabledReason: string | null;
  stateAt: Date | null;
  /** When Stripe was last asked for the account (`accounts.retrieve`) or an `account.updated` applied: the cache's age. */
  stateReadAt: Date | null;
  updatedAt: Date;
}

/** An account's state as Connect reports it (`account.updated`, or the create call's answer). */
export interface PayoutAccountState {
  detailsSubmitted: boolean;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  requirementsDue: string[];
  disabledReason: string | null;
}

const columnsOf = (t: string) => `${t}.hunter_id as "hunterId", ${t}.user_id as "userId",
  ${t}.account_id as "accountId", ${t}.mode, ${t}.country, ${t}.details_submitted as "detailsSubmitted",
  ${t}.charges_enabled as "chargesEnabled", ${t}.payouts_enabled as "payoutsEnabled",
  ${t}.requirements_due as "requirementsDue", ${t}.disabled_reason as "disabledReason", ${t}.state_at as "stateAt",
  ${t}.state_read_at as "stateReadAt", ${t}.updated_at as "updatedAt"`;
const COLUMNS = columnsOf('a');

export const ENABLED_SIMULATED_STATE: PayoutAccountState = {
  detailsSubmitted: true,
  chargesEnabled: true,
  payoutsEnabled: true,
  requirementsDue: [],
  disabledReason: null,
};

/** The simulated connected account of a hunter (simulated mode: no Stripe keys). */
export const simulatedAccountIdOf = (hunterId: number) => `sim_acct_${hunterId}`;

/**
 * What `GET /api/hunter-payouts/account` answers for the row (or for no row yet): `country` is the account's, or the
 * one 'Get paid' would create it in (null: none this platform pays out to).
 */
export function payoutAccountOf(
  mode: PayoutMode,
  row: PayoutAccountRow | null,
  country: string | null = row?.country ?? null,
  location: string | null = null,
): PayoutAccount {
  const shown = row?.country ?? country;
  return {
    mode,
    connected: row !== null,
    accountId: row?.accountId ?? null,
    detailsSubmitted: row?.detailsSubmitted ?? false,
    chargesEnabled: row?.chargesEnabled ?? false,
    payoutsEnabled: row?.payoutsEnabled ?? false,
    requirementsDue: row?.requirementsDue ?? [],
    disabledReason: row?.disabledReason ?? null,
    updatedAt: row ? new Date(row.updatedAt).toISOString() : null,
    country: shown,
    countryName: shown === null ? location : (PAYOUT_COUNTRY_NAMES[shown] ?? shown),
    payoutsAvailable: shown !== null,
  };
}

/**
 * The one owner of hunter_payout_accounts: each hunter's one connected account (the unique `hunter_id` makes a
 * second creation, a double click, find the first) and its state as Connect last reported it. Every write that
 * changes the account's enabled flags publishes `bookings.payout-account.updated` in the same transaction (hunters
 * copies `payoutsEnabled` into `takesPaidBookings`).
 */
@Injectable()
export class PayoutAccountsRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly events: EventPublisher,
  ) {}

  async findByHunter(
    hunterId: number,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<PayoutAccountRow | null> {
    const rows = await manager.query<PayoutAccountRow[]>(
      `select ${COLUMNS} from hunter_payout_accounts a where hunter_id = $1`,
      [hunterId],
    );
    return rows[0] ?? null;
  }

  async findByAccount(
    accountId: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<PayoutAccountRow | null> {
    const rows = await manager.query<PayoutAccountRow[]>(
      `select ${COLUMNS} from hunter_payout_accounts a where account_id = $1`,
      [accountId],
    );
    return rows[0] ?? null;
  }

  /**
   * Records the hunter's account once: a second call (a double click, a retry whose Stripe call was answered from
   * the same idempotency key) finds the first row and answers it. Publishes the flags when the row is new and
   * enabled (a demo hunter's simulated account).
   */
  async insertOnce(
    account: { hunterId: number; userId: string | null; accountId: string; mode: PayoutMode; country?: string },
    state: PayoutAccountState,
  ): Promise<PayoutAccountRow> {
    return this.dataSource.transaction((manager) => this.insertOnceIn(manager, account, state));
  }

  async insertOnceIn(
    manager: EntityManager,
    account: { hunterId: number; userId: string | null; accountId: string; mode: PayoutMode; country?: string },
    state: PayoutAccountState,
  ): Promise<PayoutAccountRow> {
    const inserted = await manager.query<PayoutAccountRow[]>(
      `insert into hunter_payout_accounts as a (hunter_id, user_id, account_id, mode, details_submitted, charges_enabled,
         payouts_enabled, requirements_due, disabled_reason, country)
       values ($1, $2, $3, $4, $5, $6, $7, $8::text[], $9, $10)
       on conflict (hunter_id) do nothing
       returning ${COLUMNS}`,
      [
        account.hunterId,
        account.userId,
        account.accountId,
        account.mode,
        state.detailsSubmitted,
        state.chargesEnabled,
        state.payoutsEnabled,
        state.requirementsDue,
        state.disabledReason,
        account.country ?? 'GB',
      ],
    );
    const row = inserted[0];
    if (row) {
      if (row.chargesEnabled || row.payoutsEnabled) await this.publish(manager, row);
      return row;
    }
    return (await this.findByHunter(account.hunterId, manager))!;
  }

  /**
   * Applies a reported state to the account, unless a newer report was applied already (`state_at` is the
   * reporting event's `created`; a replay or an older event arriving late changes nothing). The row is the
   * account's cached state: an applied report dates it fresh (`state_read_at`, the services' clock). Publishes
   * `bookings.payout-account.updated` when the enabled flags changed. Null when the account is unknown or the
   * report is older than the stored state.
   */
  async applyState(
    manager: EntityManager,
    accountId: string,
    state: PayoutAccountState,
    stateAt: Date | null,
  ): Promise<PayoutAccountRow | null> {
    // An UPDATE answers [rows, count] through TypeORM's PostgreSQL driver.
    const [rows] = await manager.query<[(PayoutAccountRow & { wasCharges: boolean; wasPayouts: boolean })[], number]>(
      `update hunter_payout_accounts a
         set details_submitted = $2, charges_enabled = $3, payouts_enabled = $4, requirements_due = $5::text[],
             disabled_reason = $6, state_at = coalesce($7::timestamptz, a.state_at), state_read_at = $8,
             updated_at = now()
       from (select account_id, charges_enabled, payouts_enabled from hunter_payout_accounts
             where account_id = $1 for update) prev
       where a.account_id = prev.account_id
         and ($7::timestamptz is null or a.state_at is null or a.state_at <= $7::timestamptz)
       returning ${COLUMNS}, prev.charges_enabled as "wasCharges",
         prev.payouts_enabled as "wasPayouts"`,
      [
        accountId,
        state.detailsSubmitted,
        state.chargesEnabled,
        state.payoutsEnabled,
        state.requirementsDue,
        state.disabledReason,
        stateAt,
        now(),
      ],
    );
    const row = rows[0];
    if (!row) return null;
    const { wasCharges, wasPayouts, ...after } = row;
    if (wasCharges !== after.chargesEnabled || wasPayouts !== after.payoutsEnabled) await this.publish(manager, after);
    return after;
  }

  /**
   * The state as Stripe answers it now (an API read). Events carry whole seconds: the read is dated the second
   * before this one, so an event of this very second, which may be newer than the read, still applies after it.
   */
  async applyStateNow(accountId: string, state: PayoutAccountState): Promise<PayoutAccountRow | null> {
    const readAt = new Date((Math.floor(Date.now() / 1000) - 1) * 1000);
    return this.dataSource.transaction(async (manager) => {
      await this.applyState(manager, accountId, state, readAt);
      // Asked even when a newer event had the last word: the cached state is fresh either way.
      await manager.query(`update hunter_payout_accounts set state_read_at = $2 where account_id = $1`, [
        accountId,
        now(),
      ]);
      return this.findByAccount(accountId, manager);
    });
  }

  /**
   * The hunter is sent to Stripe's onboarding: what the account needs is about to change, so the next read asks
   * Stripe whatever the cache's age.
   */
  async forgetStateRead(accountId: string): Promise<void> {
    await this.dataSource.query(`update hunter_payout_accounts set state_read_at = null where account_id = $1`, [
      accountId,
    ]);
  }

  /** Simulated mode's one click: the simulated account becomes enabled (published when that changed its flags). */
  async enableSimulated(accountId: string, state: PayoutAccountState): Promise<PayoutAccountRow> {
    return this.dataSource.transaction(async (manager) => {
      await this.applyState(manager, accountId, state, null);
      return (await this.findByAccount(accountId, manager))!;
    });
  }

  private async publish(manager: EntityManager, row: PayoutAccountRow): Promise<void> {
    await this.events.publish(manager, 'bookings.payout-account.updated', {
      hunterId: row.hunterId,
      hunterUserId: row.userId,
      chargesEnabled: row.chargesEnabled,
      payoutsEnabled: row.payoutsEnabled,
    });
  }

  // ---- A member's erasure (issue 36) -------------------------------------------------------------------------

  /** The connected accounts of the member's hunter profiles (or recorded with their id), for their export. */
  async ofMember(manager: EntityManager, userId: string, hunterIds: readonly number[]): Promise<PayoutAccountRow[]> {
    return manager.query<PayoutAccountRow[]>(
      `select ${COLUMNS} from hunter_payout_accounts a where a.user_id = $1 or a.hunter_id = any($2::int[])
       order by a.hunter_id`,
      [userId, hunterIds],
    );
  }

  /**
   * The erased member's accounts: the row names them no more (`user_id` null; the account id stays, the record of
   * where their earnings went), and each account is recorded to be deleted at Stripe (payout_account_closures) by
   * the closure job after the commit. A second run finds the closures recorded already. Returns the accounts.
   */
  async releaseForErasure(
    manager: EntityManager,
    userId: string,
    hunterIds: readonly number[],
  ): Promise<{ accountId: string; mode: PayoutMode }[]> {
    const [accounts] = await manager.query<[{ accountId: string; mode: PayoutMode }[], number]>(
      `update hunter_payout_accounts set user_id = null, updated_at = now()
        where user_id = $1 or hunter_id = any($2::int[])
       returning account_id as "accountId", mode`,
      [userId, hunterIds],
    );
    for (const account of accounts) {
      await manager.query(
        `insert into payout_account_closures (account_id, mode) values ($1, $2) on conflict (account_id) do nothing`,
        [account.accountId, account.mode],
      );
    }
    return accounts;
  }

  /** Closures not done yet of accounts of `mode` (the closure job's sweep), oldest first, at most `batch`. */
  async closuresDue(mode: PayoutMode, batch: number): Promise<string[]> {
    const rows = await this.dataSource.query<{ accountId: string }[]>(
      `select account_id as "accountId" from payout_account_closures where closed_at is null and mode = $1
        order by requested_at, account_id limit $2`,
      [mode, batch],
    );
    return rows.map(({ accountId }) => accountId);
  }

  async closure(accountId: string): Promise<PayoutAccountClosure | null> {
    const rows = await this.dataSource.query<PayoutAccountClosure[]>(
      `select account_id as "accountId", mode, requested_at as "requestedAt", closed_at as "closedAt", attempts,
              last_error as "lastError"
         from payout_account_closures where account_id = $1`,
      [accountId],
    );
    return rows[0] ?? null;
  }

  /** The account is gone at Stripe (or was never there: simulated): the closure is done, once. */
  async recordClosed(accountId: string): Promise<void> {
    await this.dataSource.query(
      `update payout_account_closures set closed_at = now() where account_id = $1 and closed_at is null`,
      [accountId],
    );
  }

  /** Asking Stripe failed: one attempt more and why (the job retries; an admin reads the error). */
  async recordClosureFailed(accountId: string, error: string): Promise<number> {
    const [rows] = await this.dataSource.query<[{ attempts: number }[], number]>(
      `update payout_account_closures set attempts = attempts + 1, last_error = left($2, 500)
        where account_id = $1 and closed_at is null returning attempts`,
      [accountId, error],
    );
    return rows[0]?.attempts ?? 0;
  }
}

/** A connected account of an erased hunter to delete at Stripe (`accounts.del`). */
export interface PayoutAccountClosure {
  accountId: string;
  mode: PayoutMode;
  requestedAt: Date;
  closedAt: Date | null;
  attempts: number;
  lastError: string | null;
}
