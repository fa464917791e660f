import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { appliedCount, EventBusWorld, pendingCount, PrivateRedis, waitFor } from './harness.js';

// Never the machine's shared Redis: this test stops and restarts a redis-server of its own.
const redisServer = new PrivateRedis();
let world: EventBusWorld;

beforeAll(async () => {
  await redisServer.start();
});

beforeEach(() => {
  world = new EventBusWorld(redisServer.url);
});

afterEach(async () => {
  vi.restoreAllMocks();
  if (redisServer.port) await redisServer.start();
  await world.close();
});

afterAll(async () => {
  await redisServer.destroy();
});

describe('event bus while Redis is unavailable', () => {
  it('(e) delays events written during a Redis outage but loses none', async () => {
    const producer = await world.startProducer();
    const consumer = await world.startConsumer();
    const before = randomUUID();
    await producer.publishUserUpdated(before);
    await waitFor('the event before the outage applied', async () => (await appliedCount(consumer.dataSource, before)) === 1);

    await redisServer.stop();
    const during = [randomUUID(), randomUUID(), randomUUID()];
    for (const userId of during) await producer.publishUserUpdated(userId);

    // The relay keeps trying, failing, and keeping the rows, for as long as Redis is away.
    await waitFor('the relay to fail three times against the stopped Redis', async () => {
      const [row] = await producer.dataSource.query(
        'select max(attempts)::int as attempts from outbox where published_at is null and last_error is not null',
      );
      return (row.attempts ?? 0) >= 3;
    });
    const [unsent] = await producer.dataSource.query('select count(*)::int as n from outbox where published_at is null');
    expect(unsent.n).toBe(3);
    for (const userId of during) expect(await appliedCount(consumer.dataSource, userId)).toBe(0);

    await redisServer.start();
    await waitFor(
      'every event written during the outage applied',
      async () => (await Promise.all(during.map((userId) => appliedCount(consumer.dataSource, userId)))).every((n) => n === 1),
      20_000,
    );

    const redis = world.redis();
    await waitFor('every outbox row marked published', async () => {
      const [row] = await producer.dataSource.query('select count(*)::int as n from outbox where published_at is null');
      return row.n === 0;
    });
    // The event from before the outage survived the restart (append-only file) and was not applied again.
    expect(await redis.xlen(world.stream())).toBe(4);
    expect(await appliedCount(consumer.dataSource, before)).toBe(1);
    await waitFor('everything acknowledged', async () => (await pendingCount(redis, world.stream(), 'reviews')) === 0);
  });

  it('stops its relay and consumer promptly while Redis is away, keeping unsent events', async () => {
    const producer = await world.startProducer();
    const consumer = await world.startConsumer();
    await redisServer.stop();
    const event = await producer.publishUserUpdated(randomUUID());
    await waitFor('the relay to have failed', async () => {
      const [row] = await producer.dataSource.query('select attempts from outbox where id = $1', [event.id]);
      return row.attempts >= 1;
    });

    // Promptly: neither waits for Redis to return (it does not, until both are closed), and the consumer does not
    // run out its shutdown timeout (10 s) and cut its connections, which it says when it does.
    const warnings = vi.spyOn(Logger.prototype, 'warn');
    await world.closeApp(consumer.app);
    await world.closeApp(producer.app);
    expect(warnings.mock.calls.map((call) => String(call[0])).filter((message) => message.includes('did not stop within'))).toEqual([]);

    await redisServer.start();
    // A new producer process sends what the old one could not.
    const restarted = await world.startProducer();
    const redis = world.redis();
    await waitFor('the kept event sent after restart', async () => {
      const entries = await redis.xrange(world.stream(), '-', '+');
      return entries.some(([, fields]) => fields[1] === event.id);
    });
    await waitFor('the kept event marked published', async () => {
      const [row] = await restarted.dataSource.query('select published_at from outbox where id = $1', [event.id]);
      return row.published_at !== null;
    });
  });
});
