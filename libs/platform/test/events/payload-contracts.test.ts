import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { appliedCount, EventBusWorld, pendingCount, userUpdated, waitFor } from './harness.js';

let world: EventBusWorld;

afterEach(async () => {
  await world.close();
});

describe('events: payloads are checked against their contracts when consumed', () => {
  it('parks an entry whose payload breaks its contract at once, without applying it, and applies the next', async () => {
    world = new EventBusWorld();
    const redis = world.redis();
    const producer = await world.startProducer();
    const consumer = await world.startConsumer();
    const forgedUser = randomUUID();
    // A well-formed envelope on the right stream, but its payload is not a UserUpdatedV1 (firstName a number,
    // email missing): what a buggy or forged publisher could write.
    const { email: _email, ...payload } = userUpdated(forgedUser);
    const forgedId = await redis.xadd(world.stream(), '*',
      'id', randomUUID(), 'type', 'identity.user.updated', 'version', '1', 'occurredAt', new Date().toISOString(),
      'data', JSON.stringify({ ...payload, firstName: 7 }));
    const validUser = randomUUID();
    await producer.publishUserUpdated(validUser, 'Grace');

    await waitFor('the valid event applied', async () => (await appliedCount(consumer.dataSource, validUser)) === 1);
    const deadLetters = `${world.prefix}events:dead-letter:reviews`;
    const parked = (await redis.xrange(deadLetters, '-', '+')).map(([, fields]) => Object.fromEntries(fields.flatMap((_, i) => (i % 2 ? [] : [[fields[i], fields[i + 1]]]))));
    expect(parked).toHaveLength(1);
    expect(parked[0]).toMatchObject({ sourceId: forgedId, deliveries: '1', type: 'identity.user.updated' });
    expect(parked[0]!.error).toMatch(/payload does not match its contract: email: .*; firstName: .*string/);
    // Never given to the handler, never written to the replica; nothing left pending.
    expect(world.probe.handled).toHaveLength(1);
    expect(await appliedCount(consumer.dataSource, forgedUser)).toBe(0);
    expect(await pendingCount(redis, world.stream(), 'reviews')).toBe(0);
  });
});
