import { Injectable, type Type } from '@nestjs/common';
import { RIGHTS_SERVICES, type IntegrationEvent, type RightsService } from '@hunted/contracts';
import type { EventHandler } from '@hunted/platform';
import type { EntityManager } from 'typeorm';
import { AccountDeletionsService } from '../account-deletions.service.js';
import { DataExportsService } from '../data-exports.service.js';

type PartReadyType = `${RightsService}.data-export.part-ready`;
type ErasedType = `${RightsService}.user-data.erased`;

/** A handler class named after its service, so logs and Nest's errors say which one. */
function named<T extends Type>(handler: T, name: string): T {
  Object.defineProperty(handler, 'name', { value: name });
  return handler;
}

function capitalised(service: string): string {
  return service.charAt(0).toUpperCase() + service.slice(1);
}

/** `<service>.data-export.part-ready`: that service's part of an export is stored (the export may now be ready). */
function partReadyHandler(service: RightsService): Type<EventHandler<PartReadyType>> {
  @Injectable()
  class PartReadyHandler implements EventHandler<PartReadyType> {
    readonly type = `${service}.data-export.part-ready` as const;

    constructor(readonly exports: DataExportsService) {}

    async handle(event: IntegrationEvent<PartReadyType>, manager: EntityManager): Promise<void> {
      await this.exports.partReady(manager, service, event.data);
    }
  }
  return named(PartReadyHandler, `${capitalised(service)}PartReadyHandler`);
}

/** `<service>.user-data.erased`: that service erased what it held of a deleted member. */
function erasedHandler(service: RightsService): Type<EventHandler<ErasedType>> {
  @Injectable()
  class UserDataErasedHandler implements EventHandler<ErasedType> {
    readonly type = `${service}.user-data.erased` as const;

    constructor(readonly deletions: AccountDeletionsService) {}

    async handle(event: IntegrationEvent<ErasedType>, manager: EntityManager): Promise<void> {
      await this.deletions.erased(manager, event.data.deletionId, service);
    }
  }
  return named(UserDataErasedHandler, `${capitalised(service)}UserDataErasedHandler`);
}

/** Bookings found nothing open: the account is erased at identity and every service is asked to erase theirs. */
@Injectable()
export class UserDeletionClearedHandler implements EventHandler<'bookings.user-deletion.cleared'> {
  readonly type = 'bookings.user-deletion.cleared' as const;

  constructor(private readonly deletions: AccountDeletionsService) {}

  async handle(event: IntegrationEvent<'bookings.user-deletion.cleared'>, manager: EntityManager): Promise<void> {
    await this.deletions.cleared(manager, event.data.deletionId);
  }
}

/** Bookings found something open: the deletion is refused, saying what. */
@Injectable()
export class UserDeletionRefusedHandler implements EventHandler<'bookings.user-deletion.refused'> {
  readonly type = 'bookings.user-deletion.refused' as const;

  constructor(private readonly deletions: AccountDeletionsService) {}

  async handle(event: IntegrationEvent<'bookings.user-deletion.refused'>, manager: EntityManager): Promise<void> {
    await this.deletions.refused(manager, event.data.deletionId, event.data.blockers);
  }
}

/** Every event of the two sagas identity consumes: the answers of the five other services and of bookings' check. */
export const RIGHTS_SAGA_HANDLERS: Type<EventHandler>[] = [
  ...RIGHTS_SERVICES.map(partReadyHandler),
  ...RIGHTS_SERVICES.map(erasedHandler),
  UserDeletionClearedHandler,
  UserDeletionRefusedHandler,
] as Type<EventHandler>[];
