import { Injectable, Logger } from '@nestjs/common';
import { defineJob, type JobHandler, type JobRun, type PendingJob } from '@hunted/platform';
import type { BookingsConfig } from '../config.js';
import { ConnectClient } from '../payouts/connect-client.js';
import { PayoutAccountsRepository } from '../store/payout-accounts.repository.js';

export interface PayoutAccountClosureData {
  accountId: string;
}

const SWEEP_BATCH = 50;

/**
 * Deletes an erased hunter's connected account at Stripe, as Stripe documents for accounts the platform manages
 * (Express: `DELETE /v1/accounts/:id`, `stripe.accounts.del`; allowed in live mode once the account's balances are
 * zero, which the deletion check waited for: no payout owed). Asked after the erasure committed, never inside its
 * transaction; idempotent: a closure already done is skipped, and an account Stripe no longer knows
 * (`resource_missing`: deleted by an earlier attempt whose answer was lost, or in the dashboard) counts as closed.
 * Any other refusal (a balance not yet zero, Stripe away) is recorded on the closure (`attempts`, `last_error`) and
 * thrown, so BullMQ tries again with backoff; the sweep finds closures Redis lost. A simulated account
 * (`sim_acct_…`) has nothing at Stripe: closed at once. A stripe-mode account is only closed by an instance with
 * Stripe keys (the sweep of a simulated one leaves it).
 */
@Injectable()
export class PayoutAccountClosureJob implements JobHandler<PayoutAccountClosureData> {
  private readonly logger = new Logger(PayoutAccountClosureJob.name);

  constructor(
    private readonly connect: ConnectClient,
    private readonly accounts: PayoutAccountsRepository,
  ) {}

  async run(job: JobRun<PayoutAccountClosureData>): Promise<'closed' | 'done already' | 'no stripe client'> {
    const closure = await this.accounts.closure(job.data.accountId);
    if (!closure || closure.closedAt) return 'done already';
    if (closure.mode === 'simulated') {
      await this.accounts.recordClosed(closure.accountId);
      return 'closed';
    }
    const stripe = this.connect.stripe;
    if (!stripe) return 'no stripe client';
    try {
      await stripe.accounts.del(closure.accountId);
    } catch (error) {
      if ((error as { code?: string }).code !== 'resource_missing') {
        const attempts = await this.accounts.recordClosureFailed(closure.accountId, String((error as Error).message));
        this.logger.warn(`connected account ${closure.accountId} not deleted yet (attempt ${attempts}): ${String(error)}`);
        throw error;
      }
    }
    await this.accounts.recordClosed(closure.accountId);
    this.logger.log(`connected account ${closure.accountId} deleted at Stripe`);
    return 'closed';
  }

  async pending(): Promise<PendingJob<PayoutAccountClosureData>[]> {
    const ids = await this.accounts.closuresDue(this.connect.mode, SWEEP_BATCH);
    return ids.map((accountId) => ({ jobId: `close-${accountId}`, data: { accountId } }));
  }
}

export const payoutAccountClosures = defineJob<PayoutAccountClosureData, BookingsConfig>({
  queue: 'bookings-payout-account-closures',
  handler: PayoutAccountClosureJob,
  // A balance reaching zero can take days (a payout in flight): retries up to a day apart, then the hourly sweep.
  jobOptions: {
    attempts: 8,
    backoff: { type: 'exponential', delay: 60_000 },
    removeOnComplete: true,
    removeOnFail: { age: 7 * 24 * 3600 },
  },
  sweepEveryMs: 3_600_000,
});
