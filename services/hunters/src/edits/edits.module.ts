import { Module } from '@nestjs/common';
import { HuntersModule } from '../hunters/hunters.module.js';
import { ClientSessionsRepository } from './client-sessions.repository.js';
import { HunterEditRepository } from './hunter-edit.repository.js';
import { HunterEditsController } from './hunter-edits.controller.js';
import { HunterEditsService } from './hunter-edits.service.js';

/**
 * Hunter Edits (issue 25) and the held-sessions copy they are sent for. ClientSessionsRepository is exported for
 * the bookings event handlers, which write the copy in their inbox transactions.
 */
@Module({
  imports: [HuntersModule],
  controllers: [HunterEditsController],
  providers: [ClientSessionsRepository, HunterEditRepository, HunterEditsService],
  exports: [ClientSessionsRepository],
})
export class EditsModule {}
