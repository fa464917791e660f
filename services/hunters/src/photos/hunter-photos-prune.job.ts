import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { defineJob, type JobHandler } from '@hunted/platform';
import { DataSource } from 'typeorm';
import { pruneUnattachedPhotos } from '../store/hunter-photos.js';

const EVERY_HOUR = 3_600_000;

/**
 * Hourly, once across replicas: deletes the uploads no profile shows and no edit names a day after their upload,
 * by the service clock (store/hunter-photos.ts `pruneUnattachedPhotos`). Idempotent: a second run finds nothing.
 */
@Injectable()
export class HunterPhotosPruneJob implements JobHandler {
  private readonly logger = new Logger(HunterPhotosPruneJob.name);

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async run(): Promise<{ pruned: number }> {
    const pruned = await pruneUnattachedPhotos(this.dataSource.manager);
    if (pruned > 0) this.logger.log(`pruned ${pruned} photo upload(s) nothing took within a day`);
    return { pruned };
  }
}

export const hunterPhotosPrune = defineJob({
  queue: 'hunters-photos-prune',
  handler: HunterPhotosPruneJob,
  schedule: { id: 'prune-unattached-photos', repeat: { every: EVERY_HOUR } },
  jobOptions: { attempts: 1, removeOnComplete: true, removeOnFail: { count: 100 } },
});
