import { Inject, Injectable, Logger } from '@nestjs/common';
import { defineJob, now, SERVICE_CONFIG, type JobHandler } from '@hunted/platform';
import type { BrandsConfig } from '../config.js';
import { VotesService } from '../votes/votes.service.js';

export const VOTE_ADDRESS_RETENTION_QUEUE = 'brands-vote-address-retention';
export const VOTE_ADDRESS_RETENTION_SCHEDULER = 'clear-old-vote-addresses';
const DAY_MS = 86_400_000;

/**
 * Retention without a request (issue 36, item 7): a vote keeps the IP address it came from for
 * VOTE_IP_RETENTION_DAYS, then loses it; the vote itself stays counted. Hourly, so an address outlives its days by
 * at most an hour; clearing is idempotent, so a repeated or concurrent run changes nothing more.
 */
@Injectable()
export class VoteAddressRetention implements JobHandler {
  private readonly logger = new Logger(VoteAddressRetention.name);

  constructor(
    private readonly votes: VotesService,
    @Inject(SERVICE_CONFIG) private readonly config: BrandsConfig,
  ) {}

  /** Clears the addresses of the votes cast more than the retention before `at` (the service clock's now). */
  async clearAsOf(at: Date): Promise<number> {
    const cleared = await this.votes.clearAddressesBefore(new Date(at.getTime() - this.config.VOTE_IP_RETENTION_DAYS * DAY_MS));
    if (cleared > 0) this.logger.log(`cleared the IP address of ${cleared} vote(s) older than ${this.config.VOTE_IP_RETENTION_DAYS} days`);
    return cleared;
  }

  run(): Promise<number> {
    return this.clearAsOf(now());
  }
}

export const voteAddressRetention = defineJob({
  queue: VOTE_ADDRESS_RETENTION_QUEUE,
  handler: VoteAddressRetention,
  schedule: { id: VOTE_ADDRESS_RETENTION_SCHEDULER, repeat: { every: 3_600_000 } },
  jobOptions: { attempts: 3, backoff: { type: 'exponential', delay: 60_000 }, removeOnComplete: 10, removeOnFail: 50 },
});
