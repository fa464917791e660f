import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { SITE_TIME_ZONE } from '@hunted/contracts';
import { defineJob, type JobHandler } from '@hunted/platform';
import { HunterPicksService } from './hunter-picks.service.js';

/**
 * Chooses the day's Hunter's Pick hunter at 00:00 Europe/London through a job scheduler (one replica a day), and once
 * at start when today has nobody yet (a missed midnight, a new database): brands' featured pick's pattern. The
 * choice is idempotent, so a repeated or concurrent run changes nothing.
 */
@Injectable()
export class HunterPickJob implements JobHandler, OnApplicationBootstrap {
  private readonly logger = new Logger(HunterPickJob.name);

  constructor(private readonly picks: HunterPicksService) {}

  /** Needs only PostgreSQL; a failure must not stop the service (/today simply shows no pick). */
  async onApplicationBootstrap(): Promise<void> {
    await this.picks.chooseToday().catch((error: Error) => this.logger.error(`hunter pick choice at start failed: ${error.message}`));
  }

  async run(): Promise<number | null> {
    const hunterId = await this.picks.chooseToday();
    this.logger.log(hunterId === null ? 'no approved hunter on the pick rota' : `hunter ${hunterId} picks today`);
    return hunterId;
  }
}

export const hunterPickChoice = defineJob({
  queue: 'hunters-pick-choice',
  handler: HunterPickJob,
  schedule: { id: 'choose-pick-hunter', repeat: { pattern: '0 0 * * *', tz: SITE_TIME_ZONE } },
  jobOptions: { attempts: 5, backoff: { type: 'exponential', delay: 10_000 }, removeOnComplete: 30, removeOnFail: 100 },
});
