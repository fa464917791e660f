import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { defineJob, now, type JobHandler } from '@hunted/platform';
import { DataSource } from 'typeorm';
import type { MessagingConfig } from '../config.js';
import { BookingEmailPlanner } from './booking-email-planner.js';

const EVERY_5_MINUTES = 5 * 60 * 1000;
const BATCH = 500;

/**
 * The review request sweep: every five minutes, once across replicas, writes a 'How was your session?' email for
 * each booking that ended two hours ago (on the clock of session rules, `now()`, which an end-to-end test may move;
 * a move runs the sweep at once) and queues it as any booking email. It reads the booking copies as they stand, so a
 * booking moved later is asked about at its new end, and one cancelled or marked a no-show is not asked at all.
 */
@Injectable()
export class ReviewRequestSweepJob implements JobHandler {
  private readonly logger = new Logger(ReviewRequestSweepJob.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly planner: BookingEmailPlanner,
  ) {}

  async run(): Promise<{ requested: number }> {
    let requested = 0;
    for (;;) {
      const written = await this.planner.reviewRequests(this.dataSource.manager, now(), BATCH);
      requested += written;
      if (written < BATCH) break;
    }
    if (requested > 0) this.logger.log(`asked ${requested} client(s) to review their session`);
    return { requested };
  }
}

export const reviewRequestSweep = defineJob<undefined, MessagingConfig>({
  queue: 'messaging-review-requests',
  handler: ReviewRequestSweepJob,
  schedule: { id: 'review-request-sweep', repeat: { every: EVERY_5_MINUTES } },
  jobOptions: { attempts: 1, removeOnComplete: 24, removeOnFail: 100 },
});
