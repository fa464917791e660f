import { Module } from '@nestjs/common';
import { DataExportParts, dataExportPartController, JobsModule } from '@hunted/platform';
import { SessionsModule } from '../sessions/sessions.module.js';
import { UsersModule } from '../users/users.module.js';
import { AccountDeletionLedger } from './account-deletion-ledger.js';
import { AccountDeletionsService } from './account-deletions.service.js';
import { DataExportExpiryJob, dataExportExpiry } from './data-export-expiry.job.js';
import { DataExportLedger } from './data-export-ledger.js';
import { DataExportsService } from './data-exports.service.js';
import { IdentityExportContributor } from './identity-export.contributor.js';
import { AccountDeletionController, AdminDeletionsController, DataExportsController } from './your-data.controller.js';

/**
 * Identity's side of the people's-rights sagas (decision 0098): it starts both, keeps their ledgers, stores its
 * own part of an export (its part route is the platform's) and erases the account itself. Not the platform's
 * RightsModule: identity erases on bookings' clearance, not on `identity.user.deleted`, which it publishes.
 */
@Module({
  imports: [UsersModule, SessionsModule, JobsModule.forFeature([dataExportExpiry])],
  controllers: [DataExportsController, dataExportPartController('identity'), AccountDeletionController, AdminDeletionsController],
  providers: [
    DataExportParts,
    DataExportLedger,
    AccountDeletionLedger,
    IdentityExportContributor,
    DataExportsService,
    AccountDeletionsService,
    DataExportExpiryJob,
  ],
  exports: [DataExportsService, AccountDeletionsService],
})
export class YourDataModule {}
