import { Module, type DynamicModule, type ModuleMetadata, type Type } from '@nestjs/common';
import { DEFAULT_REPORTS_PER_DAY, type ReportableKind } from '@hunted/contracts';
import { z } from 'zod';
import { SERVICE_CONFIG } from '../tokens.js';
import { MODERATED_KINDS, type ModeratedKind } from './moderated-kind.js';
import { moderationControllers } from './moderation.controllers.js';
import { MODERATION_SETTINGS, ModerationService, type ModerationDecidedEvent, type ModerationSettings } from './moderation.service.js';
import { ModerationStore } from './moderation-store.js';

/** `REPORTS_PER_DAY` for a service's env schema (`...reportsPerDayEnv`): reports one member may make in any 24 hours. */
export const reportsPerDayEnv = {
  REPORTS_PER_DAY: z.coerce.number().int().positive().default(DEFAULT_REPORTS_PER_DAY),
};

export interface ModerationOptions {
  /** The service's kinds, each with the provider that loads and hides its items (exported by one of `imports`). */
  kinds: Partial<Record<ReportableKind, Type<ModeratedKind>>>;
  /** The service's own event for its admins' decisions. */
  decidedEvent: ModerationDecidedEvent;
  /** Modules exporting the kinds' providers. */
  imports?: ModuleMetadata['imports'];
}

/**
 * A service's side of reporting and moderation (decision 0101): the kit's routes for its kinds, its rules
 * (ModerationService, exported for the service's export and erasure) and the owner of its tables (created by the
 * service's migration with createModerationTables). Make it once (`const moderation = ModerationModule.forService(...)`)
 * and put that one value wherever it is imported, so all see the same instance. The daily cap is the service config's
 * `REPORTS_PER_DAY` (spread reportsPerDayEnv into the env schema), DEFAULT_REPORTS_PER_DAY without it.
 */
@Module({})
export class ModerationModule {
  static forService(options: ModerationOptions): DynamicModule {
    const entries = Object.entries(options.kinds) as [ReportableKind, Type<ModeratedKind>][];
    return {
      module: ModerationModule,
      imports: options.imports ?? [],
      controllers: moderationControllers(entries.map(([kind]) => kind)),
      providers: [
        ModerationStore,
        ModerationService,
        {
          provide: MODERATED_KINDS,
          useFactory: (...kinds: ModeratedKind[]) => {
            kinds.forEach((kind, index) => {
              if (kind.kind !== entries[index]![0]) throw new Error(`${entries[index]![1].name} moderates ${kind.kind}, not ${entries[index]![0]}`);
            });
            return kinds;
          },
          inject: entries.map(([, provider]) => provider),
        },
        {
          provide: MODERATION_SETTINGS,
          useFactory: (config: { REPORTS_PER_DAY?: number } | undefined): ModerationSettings => ({
            decidedEvent: options.decidedEvent,
            reportsPerDay: config?.REPORTS_PER_DAY ?? DEFAULT_REPORTS_PER_DAY,
          }),
          inject: [{ token: SERVICE_CONFIG, optional: true }],
        },
      ],
      exports: [ModerationService],
    };
  }
}
