import { Module } from '@nestjs/common';
import { JobsModule } from '@hunted/platform';
import { UsersModule } from '../users/users.module.js';
import { InternalSessionController } from './internal-session.controller.js';
import { SessionPurgeJob, sessionPurge } from './session-purge.job.js';
import { SessionStore } from './session.store.js';

@Module({
  imports: [UsersModule, JobsModule.forFeature([sessionPurge])],
  controllers: [InternalSessionController],
  providers: [SessionStore, SessionPurgeJob],
  exports: [SessionStore],
})
export class SessionsModule {}
