import type { IntegrationEvent } from '@hunted/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { describe, expect, it } from 'vitest';
import type { EventHandler } from '../event-handler.js';
import { InboxApplier } from './inbox-applier.js';

/**
 * A stand-in for PostgreSQL's transaction, the applier's collaborator: writes made through the manager are kept only
 * when the work resolves, and the inbox refuses an event id it holds. (The real database's behaviour is proved by
 * libs/platform/test/events/event-bus.test.ts.)
 */
class FakeDatabase {
  readonly inbox = new Set<string>();
  readonly committed: string[] = [];

  dataSource(): DataSource {
    return {
      transaction: async <T>(work: (manager: EntityManager) => Promise<T>): Promise<T> => {
        const pendingInbox: string[] = [];
        const pendingWrites: string[] = [];
        const manager = {
          connection: { getMetadata: () => ({ schema: 'reviews', tableName: 'inbox' }) },
          query: async (sql: string, params: unknown[]) => {
            if (sql.startsWith('insert into "reviews"."inbox"')) {
              const id = params[0] as string;
              if (this.inbox.has(id)) return [];
              pendingInbox.push(id);
              return [{ event_id: id }];
            }
            pendingWrites.push(params[0] as string);
            return [];
          },
        } as unknown as EntityManager;
        const result = await work(manager);
        pendingInbox.forEach((id) => this.inbox.add(id));
        this.committed.push(...pendingWrites);
        return result;
      },
    } as unknown as DataSource;
  }
}

/** A handler of identity.user.updated that writes its name, or throws when told to. */
function writer(name: string, throws = false): EventHandler<'identity.user.updated'> {
  return {
    type: 'identity.user.updated',
    async handle(_event, manager) {
      await manager.query('insert into effects (name) values ($1)', [name]);
      if (throws) throw new Error(`${name} refuses`);
    },
  };
}

const brandDeleted: EventHandler<'brands.brand.deleted'> = { type: 'brands.brand.deleted', handle: async () => undefined };

function userUpdated(id: string): IntegrationEvent {
  return {
    id,
    type: 'identity.user.updated',
    version: 1,
    occurredAt: '2026-01-01T00:00:00.000Z',
    data: { userId: 'u1', email: 'u1@example.test', firstName: 'Ada', lastName: null, profileImageUrl: null, instagramUrl: null },
  } as IntegrationEvent;
}

describe('InboxApplier', () => {
  it('runs every handler of the type, in registration order, once per event', async () => {
    const database = new FakeDatabase();
    const applier = new InboxApplier(database.dataSource(), 'reviews', [writer('copy'), brandDeleted, writer('follow-up')]);

    expect(await applier.apply(userUpdated('e1'))).toBe(true);
    expect(await applier.apply(userUpdated('e1'))).toBe(false);

    expect(database.committed).toEqual(['copy', 'follow-up']);
    expect(database.inbox).toEqual(new Set(['e1']));
  });

  it('applies none of them, nor the inbox row, when a later handler throws', async () => {
    const database = new FakeDatabase();
    const applier = new InboxApplier(database.dataSource(), 'reviews', [writer('copy'), writer('follow-up', true)]);

    await expect(applier.apply(userUpdated('e1'))).rejects.toThrow('follow-up refuses');

    expect(database.committed).toEqual([]);
    expect(database.inbox.size).toBe(0);
  });

  it('reads each stream once however many handlers share its types', () => {
    const applier = new InboxApplier(new FakeDatabase().dataSource(), 'reviews', [writer('a'), writer('b'), brandDeleted]);

    expect(applier.streams()).toEqual(['events:identity', 'events:brands']);
    expect(applier.handles('identity.user.updated')).toBe(true);
    expect(applier.handles('identity.user.registered')).toBe(false);
  });

  it('refuses the same handler registered twice', () => {
    const handler = writer('copy');
    expect(() => new InboxApplier(new FakeDatabase().dataSource(), 'reviews', [handler, handler])).toThrow(
      'is registered twice for identity.user.updated',
    );
  });
});

describe('InboxApplier: private event streams (decision 0097)', () => {
  const joiningHandler = (): EventHandler => ({ type: 'hunters.joining-details.changed', handle: async () => undefined });
  const hunterHandler = (): EventHandler => ({ type: 'hunters.hunter.updated', handle: async () => undefined });
  const dataSource = new FakeDatabase().dataSource();

  it("reads the joining details from their own stream, beside the hunters' one", () => {
    const applier = new InboxApplier(dataSource, 'bookings', [hunterHandler(), joiningHandler()]);
    expect(applier.streams()).toEqual(['events:hunters', 'events:hunters:joining-details']);
  });

  it('refuses at start a service that is not a reader of a private type it handles', () => {
    expect(() => new InboxApplier(dataSource, 'reviews', [joiningHandler()])).toThrow(
      'reviews may not handle hunters.joining-details.changed: only bookings and messaging read events:hunters:joining-details',
    );
  });
});
