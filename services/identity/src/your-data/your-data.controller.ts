import { Controller, Get, HttpCode, NotFoundException, Param, Post } from '@nestjs/common';
import {
  deleteAccountSchema,
  type AccountDeletionView,
  type AdminDeletionRow,
  type AdminDeletionsResponse,
  type CurrentAccountDeletionResponse,
  type CurrentDataExportResponse,
  type DataExportView,
  type DeleteAccountRequest,
} from '@hunted/contracts';
import { AdminOnly, CurrentUser, SignedIn, ValidBody, type AuthenticatedUser } from '@hunted/platform';
import { AccountDeletionsService, DELETION_NOT_FOUND, deletionView } from './account-deletions.service.js';
import { DataExportsService, viewOf } from './data-exports.service.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const DATA_EXPORT_NOT_FOUND = 'We could not find that download';

/** The member's exports of their data (UK GDPR Art. 15 and 20): start one, follow it, find it. */
@Controller('api/account/data-exports')
export class DataExportsController {
  constructor(private readonly exports: DataExportsService) {}

  /** Starts an export, or answers the one being assembled (200 then, 201 for a new one is not worth the difference). */
  @Post()
  @HttpCode(200)
  @SignedIn()
  async start(@CurrentUser() caller: AuthenticatedUser): Promise<DataExportView> {
    return viewOf(await this.exports.request(caller.id));
  }

  @Get('current')
  @SignedIn()
  async current(@CurrentUser() caller: AuthenticatedUser): Promise<CurrentDataExportResponse> {
    const latest = await this.exports.latest(caller.id);
    return { export: latest ? viewOf(latest) : null };
  }

  /** The caller's own export; 404 for anyone else's, an unknown id or one that is not an id. */
  @Get(':id')
  @SignedIn()
  async one(@CurrentUser() caller: AuthenticatedUser, @Param('id') id: string): Promise<DataExportView> {
    const found = UUID.test(id) ? await this.exports.find(id, caller.id) : null;
    if (!found) throw new NotFoundException(DATA_EXPORT_NOT_FOUND);
    return viewOf(found);
  }
}

/** The member's deletion of their account (UK GDPR Art. 17). */
@Controller('api/account/deletion')
export class AccountDeletionController {
  constructor(private readonly deletions: AccountDeletionsService) {}

  @Post()
  @HttpCode(200)
  @SignedIn()
  async request(
    @CurrentUser() caller: AuthenticatedUser,
    @ValidBody(deleteAccountSchema) body: DeleteAccountRequest,
  ): Promise<AccountDeletionView> {
    return deletionView(await this.deletions.request(caller.id, body.email));
  }

  @Get()
  @SignedIn()
  async current(@CurrentUser() caller: AuthenticatedUser): Promise<CurrentAccountDeletionResponse> {
    const latest = await this.deletions.latest(caller.id);
    return { deletion: latest ? deletionView(latest) : null };
  }
}

/** The admins' view of deletions, each service's progress, and a retry for one still pending somewhere. */
@Controller('api/admin/deletions')
export class AdminDeletionsController {
  constructor(private readonly deletions: AccountDeletionsService) {}

  @Get()
  @AdminOnly()
  async list(): Promise<AdminDeletionsResponse> {
    return { deletions: await this.deletions.newest() };
  }

  @Post(':id/retry')
  @HttpCode(200)
  @AdminOnly()
  async retry(@Param('id') id: string): Promise<AdminDeletionRow> {
    if (!UUID.test(id)) throw new NotFoundException(DELETION_NOT_FOUND);
    return this.deletions.retry(id);
  }
}
