import { Module, type DynamicModule, type ModuleMetadata, type Type } from '@nestjs/common';
import type { DataExportService } from '@hunted/contracts';
import { dataExportPartController } from './data-export-part.controller.js';
import { DataExportParts } from './data-export-parts.js';
import {
  DATA_EXPORT_CONTRIBUTOR,
  USER_DATA_ERASER,
  type DataExportContributor,
  type UserDataEraser,
} from './rights-contributors.js';

export interface RightsOptions {
  service: DataExportService;
  /** Builds the service's part of a member's archive. */
  contributor: Type<DataExportContributor>;
  /** Erases what the service holds about a deleted member. */
  eraser: Type<UserDataEraser>;
  /** Modules exporting what the contributor and the eraser inject. */
  imports?: ModuleMetadata['imports'];
}

/**
 * A service's side of the people's-rights sagas (decision 0098): its stored export parts and their route, and what
 * RIGHTS_HANDLERS need. Make it once (`const rights = RightsModule.forService({...})`) and put that one value both in
 * the service's features and in `EventsModule.forService({ imports })`, so both see the same instance.
 */
@Module({})
export class RightsModule {
  static forService(options: RightsOptions): DynamicModule {
    return {
      module: RightsModule,
      imports: options.imports ?? [],
      controllers: [dataExportPartController(options.service)],
      providers: [
        DataExportParts,
        options.contributor,
        options.eraser,
        { provide: DATA_EXPORT_CONTRIBUTOR, useExisting: options.contributor },
        { provide: USER_DATA_ERASER, useExisting: options.eraser },
      ],
      exports: [DataExportParts, DATA_EXPORT_CONTRIBUTOR, USER_DATA_ERASER],
    };
  }
}
