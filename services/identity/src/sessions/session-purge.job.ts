import { Injectable, Logger } from '@nestjs/common';
import { defineJob, type JobHandler } from '@hunted/platform';
import { SessionStore } from './session.store.js';

export const SESSION_PURGE_QUEUE = 'identity-session-purge';
export const SESSION_PURGE_SCHEDULER = 'purge-expired-sessions';
const EVERY_HOUR = 60 * 60 * 1000;

/**
 * Deletes expired sessions every hour. A job scheduler rather than a timer so that one replica runs it per hour
 * however many are up; the delete is idempotent, so a repeated run is harmless.
 */
@Injectable()
export class SessionPurgeJob implements JobHandler {
  private readonly logger = new Logger(SessionPurgeJob.name);

  constructor(private readonly sessions: SessionStore) {}

  async run(): Promise<{ purged: number }> {
    const purged = await this.sessions.purgeExpired();
    this.logger.log(`purged ${purged} expired session(s)`);
    return { purged };
  }
}

export const sessionPurge = defineJob({
  queue: SESSION_PURGE_QUEUE,
  handler: SessionPurgeJob,
  schedule: { id: SESSION_PURGE_SCHEDULER, repeat: { every: EVERY_HOUR } },
  jobOptions: { removeOnComplete: 24, removeOnFail: 100 },
});
