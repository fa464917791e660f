import { Inject, Injectable, Optional } from '@nestjs/common';
import type { IntegrationEvent, UserRegisteredV1 } from '@hunted/contracts';
import type { EntityManager } from 'typeorm';
import type { EventHandler } from '../events/event-handler.js';
import type { UserFacts } from './user-copies.js';

/** Writes identity's facts about a user into a service's users copy (UserCopies, or a service's own that adds columns). */
export interface UserCopyWriter {
  /**
   * Must keep the copy's rule: an event older than what the copy holds changes nothing. `timeZone` is in updates
   * since issue 38 (absent from registrations and older updates); a writer that keeps it leaves it as it is then.
   */
  apply(manager: EntityManager, user: UserFacts & { email: string; timeZone?: string | null }, occurredAt: string): Promise<void>;
}

/** What else a registration means to a service, done in the same inbox transaction as the copy. */
export interface UserRegisteredFollowUp {
  userRegistered(manager: EntityManager, user: UserRegisteredV1): Promise<void>;
}

export const USER_COPY_WRITER = Symbol('USER_COPY_WRITER');
export const USER_REGISTERED_FOLLOW_UP = Symbol('USER_REGISTERED_FOLLOW_UP');

@Injectable()
export class UserRegisteredCopyHandler implements EventHandler<'identity.user.registered'> {
  readonly type = 'identity.user.registered' as const;

  constructor(
    @Inject(USER_COPY_WRITER) private readonly users: UserCopyWriter,
    @Optional() @Inject(USER_REGISTERED_FOLLOW_UP) private readonly followUp?: UserRegisteredFollowUp,
  ) {}

  async handle(event: IntegrationEvent<'identity.user.registered'>, manager: EntityManager): Promise<void> {
    await this.users.apply(manager, event.data, event.occurredAt);
    await this.followUp?.userRegistered(manager, event.data);
  }
}

@Injectable()
export class UserUpdatedCopyHandler implements EventHandler<'identity.user.updated'> {
  readonly type = 'identity.user.updated' as const;

  constructor(@Inject(USER_COPY_WRITER) private readonly users: UserCopyWriter) {}

  async handle(event: IntegrationEvent<'identity.user.updated'>, manager: EntityManager): Promise<void> {
    await this.users.apply(manager, event.data, event.occurredAt);
  }
}

/** The two handlers a service keeping a users copy lists in `EventsModule.forService({ consumes })`. */
export const USER_COPY_HANDLERS = [UserRegisteredCopyHandler, UserUpdatedCopyHandler] as const;
