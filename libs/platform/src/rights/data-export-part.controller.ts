import { Controller, Get, NotFoundException, Param, type Type } from '@nestjs/common';
import type { DataExportPart, DataExportService } from '@hunted/contracts';
import { CurrentUser, SignedIn } from '../auth/access.decorators.js';
import type { AuthenticatedUser } from '../auth/internal-token.js';
import { DataExportParts } from './data-export-parts.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const DATA_EXPORT_PART_NOT_FOUND = 'We could not find that export';

/**
 * `GET /api/account/data-exports/{id}/parts/<service>`: the service's stored part, for its owner only (404 for
 * anyone else, as for an unknown id). The gateway reads it with the member's own signed identity when it puts the
 * archive together; the browser never needs it.
 */
export function dataExportPartController(service: DataExportService): Type {
  @Controller('api/account/data-exports')
  class DataExportPartController {
    constructor(readonly parts: DataExportParts) {}

    @Get(`:exportId/parts/${service}`)
    @SignedIn()
    async part(@CurrentUser() caller: AuthenticatedUser, @Param('exportId') exportId: string): Promise<DataExportPart> {
      const files = UUID.test(exportId) ? await this.parts.read(exportId, caller.id) : null;
      if (!files) throw new NotFoundException(DATA_EXPORT_PART_NOT_FOUND);
      return {
        exportId,
        service,
        files: files.map((file) => ({ path: file.path, contentType: file.contentType, base64: file.bytes.toString('base64') })),
      };
    }
  }
  return DataExportPartController;
}
