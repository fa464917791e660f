import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module.js';
import { InternalSessionController } from './internal-session.controller.js';
import { SessionPurgeScheduler } from './session-purge.scheduler.js';
import { SessionStore } from './session.store.js';

@Module({
  imports: [UsersModule],
  controllers: [InternalSessionController],
  providers: [SessionStore, SessionPurgeScheduler],
  exports: [SessionStore],
})
export class SessionsModule {}
