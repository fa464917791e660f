import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { PayoutStatus } from '@hunted/contracts';
import type Stripe from 'stripe';
import { DataSource, type EntityManager } from 'typeorm';
import { StripeEventsRepository } from '../payments/stripe-events.repository.js';
import type { WebhookOutcome } from '../payments/stripe-webhook.service.js';
import { accountStateOf } from './connect-client.js';
import { HunterPayoutsRepository } from '../store/hunter-payouts.repository.js';
import { PayoutAccountsRepository } from '../store/payout-accounts.repository.js';

const PAYOUT_STATUSES: readonly PayoutStatus[] = ['pending', 'in_transit', 'paid', 'failed', 'canceled'];

/**
 * Connect's events (of the hunters' connected accounts), each handled once: its id is stored in stripe_events in
 * the transaction that applies it, as the platform webhook does (a replay finds the id and does nothing).
 * - `account.updated`: the account's state, applied only when the event is not older than the stored state
 *   (`state_at` = the event's `created`), so replays and events out of order end in the newest state. An event
 *   about an account bookings does not know (made in the dashboard, another platform's test) is stored (its id)
 *   and ignored: 200, never an error Stripe would retry.
 * - `account.application.deauthorized`: the hunter disconnected the platform; the account takes nothing more.
 * - `payout.created|updated|paid|failed|canceled`: the payout (`event.account` is the connected account) in
 *   hunter_payouts, for the hunter's earnings page.
 */
@Injectable()
export class ConnectWebhookService {
  private readonly logger = new Logger(ConnectWebhookService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly events: StripeEventsRepository,
    private readonly accounts: PayoutAccountsRepository,
    private readonly payouts: HunterPayoutsRepository,
  ) {}

  async handle(event: Stripe.Event): Promise<WebhookOutcome> {
    return this.dataSource.transaction(async (manager) => {
      const first = await this.events.recordOnce(manager, { id: event.id, type: event.type, created: event.created });
      if (!first) return 'replayed' as const;
      await this.dispatch(manager, event);
      return 'handled' as const;
    });
  }

  private async dispatch(manager: EntityManager, event: Stripe.Event): Promise<void> {
    const stateAt = new Date(event.created * 1000);
    switch (event.type) {
      case 'account.updated': {
        const account = event.data.object;
        const applied = await this.accounts.applyState(manager, account.id, accountStateOf(account), stateAt);
        if (!applied && !(await this.accounts.findByAccount(account.id, manager))) {
          this.logger.warn(`account.updated ${event.id}: account ${account.id} is no hunter's; stored and ignored`);
        }
        return;
      }
      case 'account.application.deauthorized': {
        // The hunter disconnected the platform from their account: nothing can be charged to it any more.
        if (!event.account) return;
        await this.accounts.applyState(
          manager,
          event.account,
          {
            detailsSubmitted: false,
            chargesEnabled: false,
            payoutsEnabled: false,
            requirementsDue: [],
            disabledReason: 'deauthorized',
          },
          stateAt,
        );
        return;
      }
      case 'payout.created':
      case 'payout.updated':
      case 'payout.paid':
      case 'payout.failed':
      case 'payout.canceled': {
        const payout = event.data.object;
        const accountId = event.account;
        if (!accountId || !(await this.accounts.findByAccount(accountId, manager))) {
          this.logger.warn(`${event.type} ${event.id}: account ${accountId ?? '(none)'} is no hunter's; ignored`);
          return;
        }
        const status = PAYOUT_STATUSES.find((known) => known === payout.status) ?? 'pending';
        await this.payouts.record(
          manager,
          {
            id: payout.id,
            accountId,
            amountPence: payout.amount,
            currency: payout.currency,
            status,
            arrivalDate: payout.arrival_date,
            created: payout.created,
          },
          stateAt,
        );
        return;
      }
      default:
        return;
    }
  }
}
