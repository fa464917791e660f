import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Currency, HunterPayout, PayoutStatus } from '@hunted/contracts';
import { DataSource, type EntityManager } from 'typeorm';

/** A payout of a connected account to its bank, as a `payout.*` event reports it. */
export interface PayoutReport {
  id: string;
  accountId: string;
  amountPence: number;
  currency: string;
  status: PayoutStatus;
  /** Unix seconds. */
  arrivalDate: number;
  created: number;
}

/**
 * The one owner of hunter_payouts: the connected accounts' payouts (stripe mode), kept from Connect's `payout.*`
 * events. Each row keeps its reporting event's `created` (`state_at`): a replayed or older event never takes a
 * payout back to an earlier status.
 */
@Injectable()
export class HunterPayoutsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async record(manager: EntityManager, payout: PayoutReport, stateAt: Date): Promise<void> {
    await manager.query(
      `insert into hunter_payouts as p (id, account_id, amount_pence, currency, status, arrival_date, created, state_at)
       values ($1, $2, $3, $4, $5, to_timestamp($6), to_timestamp($7), $8)
       on conflict (id) do update set amount_pence = excluded.amount_pence, status = excluded.status,
         arrival_date = excluded.arrival_date, state_at = excluded.state_at, updated_at = now()
       where p.state_at <= excluded.state_at`,
      [
        payout.id,
        payout.accountId,
        payout.amountPence,
        payout.currency,
        payout.status,
        payout.arrivalDate,
        payout.created,
        stateAt,
      ],
    );
  }

  /** The account's payouts arriving between two London dates (inclusive), newest first. */
  async ofAccount(accountId: string, from: string, to: string): Promise<HunterPayout[]> {
    const rows = await this.dataSource.query<
      { id: string; amountPence: number; currency: string; status: PayoutStatus; arrivalDate: Date; createdAt: Date }[]
    >(
      `select id, amount_pence as "amountPence", currency, status, arrival_date as "arrivalDate", created as "createdAt"
       from hunter_payouts
       where account_id = $1 and (arrival_date at time zone 'Europe/London')::date between $2::date and $3::date
       order by arrival_date desc, id`,
      [accountId, from, to],
    );
    return rows.map((row) => ({
      id: row.id,
      amountPence: row.amountPence,
      // Stripe reports it lower case; an unknown one (a payout made in the dashboard) shows as it is.
      currency: row.currency.toUpperCase() as Currency,
      status: row.status,
      arrivalDate: new Date(row.arrivalDate).toISOString(),
      createdAt: new Date(row.createdAt).toISOString(),
    }));
  }

  /** Every payout of the accounts, newest first (a member's export). */
  async ofAccounts(manager: EntityManager, accountIds: readonly string[]): Promise<HunterPayout[]> {
    if (accountIds.length === 0) return [];
    const rows = await manager.query<
      { id: string; amountPence: number; currency: string; status: PayoutStatus; arrivalDate: Date; createdAt: Date }[]
    >(
      `select id, amount_pence as "amountPence", currency, status, arrival_date as "arrivalDate", created as "createdAt"
         from hunter_payouts where account_id = any($1::text[]) order by arrival_date desc, id`,
      [accountIds],
    );
    return rows.map((row) => ({
      id: row.id,
      amountPence: row.amountPence,
      // Stripe reports it lower case; an unknown one (a payout made in the dashboard) shows as it is.
      currency: row.currency.toUpperCase() as Currency,
      status: row.status,
      arrivalDate: new Date(row.arrivalDate).toISOString(),
      createdAt: new Date(row.createdAt).toISOString(),
    }));
  }

  /** How many of the accounts' payouts are still on their way to the bank (a deletion waits for them). */
  async onTheirWay(manager: EntityManager, accountIds: readonly string[]): Promise<number> {
    if (accountIds.length === 0) return 0;
    const [row] = await manager.query<{ n: number }[]>(
      `select count(*)::int as n from hunter_payouts where account_id = any($1::text[]) and status in ('pending', 'in_transit')`,
      [accountIds],
    );
    return row?.n ?? 0;
  }
}
