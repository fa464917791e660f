import { randomUUID } from 'node:crypto';
import { EventConsumer } from '@hunted/platform';
import { afterEach, describe, expect, it } from 'vitest';
import { appliedCount, echoCount, EventBusWorld, pendingCount, UserUpdatedRecorder, waitFor } from './harness.js';

let world: EventBusWorld;

afterEach(async () => {
  await world.close();
});

describe('event bus over Redis Streams with outbox and inbox', () => {
  it('(a) applies an event written while its consumer was stopped once the consumer starts', async () => {
    world = new EventBusWorld();
    const redis = world.redis();
    const producer = await world.startProducer();
    const userId = randomUUID();

    await producer.dataSource.transaction(async (manager) => {
      await producer.publisher.publish(manager, 'identity.user.updated', {
        userId, email: 'a@example.test', firstName: 'Grace', lastName: null, profileImageUrl: null, instagramUrl: null,
      });
      // An event the consumer does not handle shares the stream and must not block it.
      await producer.publisher.publish(manager, 'identity.user.registered', {
        userId, email: 'a@example.test', firstName: 'Grace', lastName: null, profileImageUrl: null,
      });
    });
    await waitFor('both events on the stream', async () => (await redis.xlen(world.stream())) === 2);
    // The relay marks rows published in the transaction that follows its XADDs.
    await waitFor('both outbox rows marked published', async () => {
      const [row] = await producer.dataSource.query('select count(*)::int as n from outbox where published_at is null');
      return row.n === 0;
    });

    const consumer = await world.startConsumer();
    await waitFor('the update applied', async () => (await appliedCount(consumer.dataSource, userId)) === 1);
    await waitFor('both entries acknowledged', async () => (await pendingCount(redis, world.stream(), 'reviews')) === 0);
    const [replica] = await consumer.dataSource.query('select first_name from user_replica where user_id = $1', [userId]);
    expect(replica.first_name).toBe('Grace');
  });

  it('(b) changes state once when the same event is delivered twice', async () => {
    world = new EventBusWorld();
    const redis = world.redis();
    const producer = await world.startProducer();
    const consumer = await world.startConsumer();
    const userId = randomUUID();

    const event = await producer.publishUserUpdated(userId);
    await waitFor('the first delivery applied', async () => (await appliedCount(consumer.dataSource, userId)) === 1);

    // What a relay crash between XADD and its commit leaves behind: the row unsent, so it is sent again.
    await producer.dataSource.query('update outbox set published_at = null where id = $1', [event.id]);
    await waitFor('the event on the stream twice', async () => (await redis.xlen(world.stream())) === 2);
    await waitFor('the second delivery acknowledged', async () => {
      const info = (await redis.call('XINFO', 'GROUPS', world.stream())) as unknown[][];
      const group = info[0] as unknown[];
      const lastDelivered = group[group.indexOf('last-delivered-id') + 1];
      const [, second] = await redis.xrange(world.stream(), '-', '+');
      return lastDelivered === second?.[0] && (await pendingCount(redis, world.stream(), 'reviews')) === 0;
    });

    const entries = await redis.xrange(world.stream(), '-', '+');
    expect(entries.map(([, fields]) => fields[1])).toEqual([event.id, event.id]);
    expect(await appliedCount(consumer.dataSource, userId)).toBe(1);
    expect(world.probe.handled).toEqual([event.id]);
    const inbox = await consumer.dataSource.query('select event_id from inbox');
    expect(inbox).toEqual([{ event_id: event.id }]);
  });

  it('(c) never publishes an event written in a rolled-back transaction', async () => {
    world = new EventBusWorld();
    const redis = world.redis();
    const producer = await world.startProducer();
    const consumer = await world.startConsumer();
    const rolledBackUser = randomUUID();
    const committedUser = randomUUID();

    let rolledBackId = '';
    await expect(
      producer.dataSource.transaction(async (manager) => {
        rolledBackId = (await producer.publisher.publish(manager, 'identity.user.updated', { ...userUpdatedData(rolledBackUser) })).id;
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const committed = await producer.publishUserUpdated(committedUser);

    await waitFor('the committed event applied', async () => (await appliedCount(consumer.dataSource, committedUser)) === 1);
    expect(rolledBackId).not.toBe('');
    expect(await producer.dataSource.query('select id from outbox')).toEqual([{ id: committed.id }]);
    const entries = await redis.xrange(world.stream(), '-', '+');
    expect(entries.map(([, fields]) => fields[1])).toEqual([committed.id]);
    expect(await appliedCount(consumer.dataSource, rolledBackUser)).toBe(0);
  });

  it('(d) does not apply twice when a consumer dies between applying and acknowledging', async () => {
    world = new EventBusWorld();
    const redis = world.redis();
    const producer = await world.startProducer();
    const userId = randomUUID();
    const event = await producer.publishUserUpdated(userId);
    await waitFor('the event on the stream', async () => (await redis.xlen(world.stream())) === 1);

    // The consumer that dies: it takes delivery, applies and commits with the real consumer code, and never acknowledges.
    const migrated = await world.startConsumer({ consume: false });
    await redis.xgroup('CREATE', world.stream(), 'reviews', '0', 'MKSTREAM');
    const delivered = (await redis.call('XREADGROUP', 'GROUP', 'reviews', 'dying-consumer', 'COUNT', 1, 'STREAMS', world.stream(), '>')) as [string, [string, string[]][]][];
    expect(delivered[0]![1]).toHaveLength(1);
    const dying = new EventConsumer(
      migrated.dataSource,
      { service: 'reviews', redisUrl: world.redisUrl, redisPrefix: world.prefix },
      [new UserUpdatedRecorder(world.probe)],
    );
    expect(await dying.apply(event)).toBe(true);
    await world.closeApp(migrated.app);
    expect(await pendingCount(redis, world.stream(), 'reviews')).toBe(1);

    const survivor = await world.startConsumer({ consumer: { claimIdleMs: 300 } });
    await waitFor('the orphaned entry reclaimed and acknowledged', async () => (await pendingCount(redis, world.stream(), 'reviews')) === 0);

    expect(await appliedCount(survivor.dataSource, userId)).toBe(1);
    expect(world.probe.handled).toEqual([event.id]);
    // The survivor goes on applying new events normally.
    const next = randomUUID();
    await producer.publishUserUpdated(next);
    await waitFor('a later event applied', async () => (await appliedCount(survivor.dataSource, next)) === 1);
  });

  it('moves an event that fails five times to the dead-letter stream and goes on with the next', async () => {
    world = new EventBusWorld();
    const redis = world.redis();
    const producer = await world.startProducer();
    const consumer = await world.startConsumer();
    const rejectedUser = randomUUID();
    const goodUser = randomUUID();
    world.probe.alwaysFailFor.add(rejectedUser);

    const rejected = await producer.publishUserUpdated(rejectedUser);
    const good = await producer.publishUserUpdated(goodUser);

    const deadLetters = `${world.prefix}events:dead-letter:reviews`;
    await waitFor('the failing event dead-lettered', async () => (await redis.xlen(deadLetters)) === 1);
    await waitFor('the next event applied', async () => (await appliedCount(consumer.dataSource, goodUser)) === 1);
    await waitFor('nothing left pending', async () => (await pendingCount(redis, world.stream(), 'reviews')) === 0);

    expect(world.probe.handled.filter((id) => id === rejected.id)).toHaveLength(5);
    const [entry] = await redis.xrange(deadLetters, '-', '+');
    const fields = entry?.[1] ?? [];
    const parked: Record<string, string> = {};
    for (let i = 0; i + 1 < fields.length; i += 2) parked[fields[i]!] = fields[i + 1]!;
    expect(parked).toMatchObject({
      id: rejected.id,
      type: 'identity.user.updated',
      version: '1',
      deliveries: '5',
      sourceStream: world.stream(),
      error: `replica rejects user ${rejectedUser}`,
    });
    expect(JSON.parse(parked.data!)).toMatchObject({ userId: rejectedUser });
    expect(await appliedCount(consumer.dataSource, rejectedUser)).toBe(0);
    const inbox: { event_id: string }[] = await consumer.dataSource.query('select event_id from inbox');
    expect(inbox.map((row) => row.event_id)).toEqual([good.id]);
  });

  it('applies every handler of a type once, in one transaction: a throw in the second rolls back the first', async () => {
    world = new EventBusWorld();
    const redis = world.redis();
    const producer = await world.startProducer();
    const consumer = await world.startConsumer({ secondHandler: true });
    const bothApply = randomUUID();
    const secondRefuses = randomUUID();
    world.probe.secondFailsFor.add(secondRefuses);

    const refused = await producer.publishUserUpdated(secondRefuses);
    const applied = await producer.publishUserUpdated(bothApply);
    const deadLetters = `${world.prefix}events:dead-letter:reviews`;
    await waitFor('the refused event dead-lettered', async () => (await redis.xlen(deadLetters)) === 1);
    await waitFor('the other event applied', async () => (await echoCount(consumer.dataSource, bothApply)) === 1);

    // Delivered again (a relay crash between XADD and its commit): the inbox row stops both handlers.
    await producer.dataSource.query('update outbox set published_at = null where id = $1', [applied.id]);
    await waitFor('the redelivery acknowledged', async () => {
      const [, second] = await redis.xrange(world.stream(), '-', '+').then((entries) => entries.filter(([, f]) => f[1] === applied.id));
      return second !== undefined && (await pendingCount(redis, world.stream(), 'reviews')) === 0;
    });

    expect(await appliedCount(consumer.dataSource, bothApply)).toBe(1);
    expect(await echoCount(consumer.dataSource, bothApply)).toBe(1);
    // The first handler ran on each of the five deliveries of the refused event, and none of its writes stayed.
    expect(world.probe.handled.filter((id) => id === refused.id)).toHaveLength(5);
    expect(await appliedCount(consumer.dataSource, secondRefuses)).toBe(0);
    expect(await echoCount(consumer.dataSource, secondRefuses)).toBe(0);
    const inbox: { event_id: string }[] = await consumer.dataSource.query('select event_id from inbox');
    expect(inbox.map((row) => row.event_id)).toEqual([applied.id]);
  });

  it('sends an event as soon as its transaction commits, not at the next poll', async () => {
    world = new EventBusWorld();
    const redis = world.redis();
    const producer = await world.startProducer({ pollIntervalMs: 60_000 });
    // The first event, sent whether by the relay's first look at start or by its commit, leaves the relay asleep
    // for its 60 s poll; only the second one's commit can wake it before then (and before the test's timeout).
    await producer.publishUserUpdated(randomUUID());
    await waitFor('the first event sent and its row marked published', async () => {
      const [row] = await producer.dataSource.query('select count(*)::int as n from outbox where published_at is null');
      return row.n === 0 && (await redis.xlen(world.stream())) === 1;
    });
    await producer.publishUserUpdated(randomUUID());
    await waitFor('the second event on the stream', async () => (await redis.xlen(world.stream())) === 2);
  });

  it('refuses to publish outside a transaction, or another service\'s event', async () => {
    world = new EventBusWorld();
    const producer = await world.startProducer();
    await expect(producer.publisher.publish(producer.dataSource.manager, 'identity.user.updated', userUpdatedData(randomUUID()))).rejects.toThrow(
      /inside a transaction/,
    );
    const consumer = await world.startConsumer({ consume: false });
    const { EventPublisher } = await import('@hunted/platform');
    const reviewsPublisher = consumer.app.get(EventPublisher);
    await expect(
      consumer.dataSource.transaction((manager) => reviewsPublisher.publish(manager, 'identity.user.updated', userUpdatedData(randomUUID()))),
    ).rejects.toThrow(/only identity publishes/);
  });
});

function userUpdatedData(userId: string) {
  return { userId, email: `${userId}@example.test`, firstName: 'Ada', lastName: null, profileImageUrl: null, instagramUrl: null };
}
