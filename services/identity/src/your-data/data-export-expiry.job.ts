import { Injectable, Logger } from '@nestjs/common';
import { defineJob, type JobHandler } from '@hunted/platform';
import { DataExportsService } from './data-exports.service.js';

export const DATA_EXPORT_EXPIRY_QUEUE = 'identity-data-export-expiry';
export const DATA_EXPORT_EXPIRY_SCHEDULER = 'expire-data-exports';
const EVERY_HOUR = 60 * 60 * 1000;

/**
 * Every hour, ready exports past their seven days are marked expired, identity's part deleted and
 * `identity.data-export.expired` published so every service deletes its own (issue 36, item 7). A scheduler
 * rather than a timer, so one replica runs it per turn; each export expires once (its row's state says so).
 */
@Injectable()
export class DataExportExpiryJob implements JobHandler {
  private readonly logger = new Logger(DataExportExpiryJob.name);

  constructor(private readonly exports: DataExportsService) {}

  async run(): Promise<{ expired: number }> {
    const expired = await this.exports.expireDue();
    if (expired > 0) this.logger.log(`expired ${expired} data export(s)`);
    return { expired };
  }
}

export const dataExportExpiry = defineJob({
  queue: DATA_EXPORT_EXPIRY_QUEUE,
  handler: DataExportExpiryJob,
  schedule: { id: DATA_EXPORT_EXPIRY_SCHEDULER, repeat: { every: EVERY_HOUR } },
  jobOptions: { removeOnComplete: 24, removeOnFail: 100 },
});
