import { Inject, Injectable } from '@nestjs/common';
import type { EventType, IntegrationEvent, RightsService } from '@hunted/contracts';
import type { EntityManager } from 'typeorm';
import type { EventHandler } from '../events/event-handler.js';
import { EventPublisher } from '../events/event-publisher.js';
import { SERVICE_NAME } from '../tokens.js';
import { DataExportParts } from './data-export-parts.js';
import {
  DATA_EXPORT_CONTRIBUTOR,
  USER_DATA_ERASER,
  type DataExportContributor,
  type UserDataEraser,
} from './rights-contributors.js';

/** The event a service answers an export request with, under its own name. */
function partReadyType(service: string): EventType {
  return `${service as RightsService}.data-export.part-ready`;
}

/** The event a service reports an erasure with, under its own name. */
function erasedType(service: string): EventType {
  return `${service as RightsService}.user-data.erased`;
}

/** Builds the service's part of an export and stores it; reports `<service>.data-export.part-ready`. */
@Injectable()
export class DataExportRequestedHandler implements EventHandler<'identity.data-export.requested'> {
  readonly type = 'identity.data-export.requested' as const;

  constructor(
    @Inject(SERVICE_NAME) private readonly service: string,
    @Inject(DATA_EXPORT_CONTRIBUTOR) private readonly contributor: DataExportContributor,
    private readonly parts: DataExportParts,
    private readonly events: EventPublisher,
  ) {}

  async handle(event: IntegrationEvent<'identity.data-export.requested'>, manager: EntityManager): Promise<void> {
    const { exportId, userId } = event.data;
    const files = await this.contributor.collect(manager, userId);
    await this.parts.save(manager, exportId, userId, files);
    const bytes = files.reduce((sum, file) => sum + file.bytes.length, 0);
    await this.events.publish(manager, partReadyType(this.service) as 'brands.data-export.part-ready', {
      exportId,
      userId,
      files: files.length,
      bytes,
    });
  }
}

/** An export's seven days are over: its stored part goes. */
@Injectable()
export class DataExportExpiredHandler implements EventHandler<'identity.data-export.expired'> {
  readonly type = 'identity.data-export.expired' as const;

  constructor(private readonly parts: DataExportParts) {}

  async handle(event: IntegrationEvent<'identity.data-export.expired'>, manager: EntityManager): Promise<void> {
    await this.parts.deleteExport(manager, event.data.exportId);
  }
}

/** Erases what the service holds about a deleted member (and any export part of theirs); reports it. */
@Injectable()
export class UserDeletedHandler implements EventHandler<'identity.user.deleted'> {
  readonly type = 'identity.user.deleted' as const;

  constructor(
    @Inject(SERVICE_NAME) private readonly service: string,
    @Inject(USER_DATA_ERASER) private readonly eraser: UserDataEraser,
    private readonly parts: DataExportParts,
    private readonly events: EventPublisher,
  ) {}

  async handle(event: IntegrationEvent<'identity.user.deleted'>, manager: EntityManager): Promise<void> {
    const { deletionId, userId } = event.data;
    await this.eraser.erase(manager, userId);
    await this.parts.deleteForUser(manager, userId);
    await this.events.publish(manager, erasedType(this.service) as 'brands.user-data.erased', { deletionId, userId });
  }
}

/** The three handlers a service holding member data lists in `EventsModule.forService({ consumes })`. */
export const RIGHTS_HANDLERS = [DataExportRequestedHandler, DataExportExpiredHandler, UserDeletedHandler] as const;
