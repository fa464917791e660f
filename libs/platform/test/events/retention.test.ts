import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { toStreamFields } from '@hunted/platform';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appliedCount, EventBusWorld, userUpdated, waitFor } from './harness.js';

const DAY = 24 * 3_600_000;
let world: EventBusWorld;

afterEach(async () => {
  vi.restoreAllMocks();
  await world.close();
});

function fieldsOf(userId: string): string[] {
  return toStreamFields({ id: randomUUID(), type: 'identity.user.updated', version: 1, occurredAt: new Date().toISOString(), data: userUpdated(userId) });
}

describe('streams, inboxes and dead letters are bounded by EVENT_RETENTION_DAYS', () => {
  it('trims the publisher\'s stream to the retention, an idle stream too, so no email outlives it', async () => {
    world = new EventBusWorld();
    const redis = world.redis();
    const now = Date.now();
    // Entries as a week and a day of traffic would have left them: 150 from 8 days ago, one from yesterday.
    for (let i = 0; i < 150; i++) await redis.xadd(world.stream(), `${now - 8 * DAY}-${i}`, ...fieldsOf(randomUUID()));
    const recent = await redis.xadd(world.stream(), `${now - DAY}-0`, ...fieldsOf(randomUUID()));

    // The relay's periodic prune trims exactly, without any new event being published.
    await world.startProducer({ retentionMs: 7 * DAY });
    await waitFor('the stream trimmed to the retention', async () => (await redis.xlen(world.stream())) === 1);
    expect((await redis.xrange(world.stream(), '-', '+')).map(([id]) => id)).toEqual([recent]);
  });

  it('passes MINID on every XADD, so a busy stream stays bounded between prunes', async () => {
    world = new EventBusWorld();
    const redis = world.redis();
    const now = Date.now();
    for (let i = 0; i < 300; i++) await redis.xadd(world.stream(), `${now - 8 * DAY}-${i}`, ...fieldsOf(randomUUID()));
    // A prune interval longer than the test: only the XADDs can trim.
    const producer = await world.startProducer({ retentionMs: 7 * DAY, pruneIntervalMs: 3_600_000 });
    await producer.publishUserUpdated(randomUUID());
    await waitFor('whole old nodes dropped by XADD … MINID ~', async () => (await redis.xlen(world.stream())) < 300);
  });

  it('prunes inbox rows and dead letters older than the retention, and keeps younger ones', async () => {
    world = new EventBusWorld();
    const redis = world.redis();
    const migrated = await world.startConsumer({ consume: false });
    const oldEvent = randomUUID();
    const youngEvent = randomUUID();
    await migrated.dataSource.query(
      `insert into inbox (event_id, type, processed_at) values ($1, 'identity.user.updated', now() - interval '8 days'),
                                                          ($2, 'identity.user.updated', now() - interval '1 day')`,
      [oldEvent, youngEvent],
    );
    const deadLetters = `${world.prefix}events:dead-letter:reviews`;
    const now = Date.now();
    // The age that counts is the event's time in Redis (sourceId), not when it was parked.
    const expired = await redis.xadd(deadLetters, '*', ...fieldsOf(randomUUID()), 'sourceStream', world.stream(), 'sourceId', `${now - 8 * DAY}-0`);
    const kept = await redis.xadd(deadLetters, '*', ...fieldsOf(randomUUID()), 'sourceStream', world.stream(), 'sourceId', `${now - DAY}-0`);
    await world.closeApp(migrated.app);

    const consumer = await world.startConsumer({ consumer: { retentionMs: 7 * DAY, pruneIntervalMs: 200 } });
    await waitFor('the old inbox row pruned', async () => {
      const rows: { event_id: string }[] = await consumer.dataSource.query('select event_id from inbox');
      return rows.length === 1 && rows[0]!.event_id === youngEvent;
    });
    await waitFor('the expired dead letter pruned', async () => (await redis.xlen(deadLetters)) === 1);
    expect((await redis.xrange(deadLetters, '-', '+')).map(([id]) => id)).toEqual([kept]);
    expect(expired).not.toBe(kept);
  });

  it('caps the dead-letter stream and warns when the cap is reached', async () => {
    world = new EventBusWorld();
    const redis = world.redis();
    const warnings: string[] = [];
    vi.spyOn(Logger.prototype, 'warn').mockImplementation((message: unknown) => void warnings.push(String(message)));
    const deadLetters = `${world.prefix}events:dead-letter:reviews`;
    for (let i = 0; i < 250; i++) await redis.xadd(deadLetters, '*', 'error', 'old', 'sourceStream', world.stream(), 'sourceId', `${Date.now()}-${i}`);
    const producer = await world.startProducer();
    await world.startConsumer({ consumer: { deadLetterMaxLength: 100 } });
    const poison = randomUUID();
    world.probe.alwaysFailFor.add(poison);
    const event = await producer.publishUserUpdated(poison);

    await waitFor('the poison event parked', async () => {
      const [last] = await redis.xrevrange(deadLetters, '+', '-', 'COUNT', 1);
      return last?.[1].includes(event.id) ?? false;
    });
    // MAXLEN ~ drops whole nodes (100 entries each), so the length lands near the cap, never far above it.
    const length = await redis.xlen(deadLetters);
    expect(length).toBeLessThan(251);
    expect(length).toBeGreaterThanOrEqual(100);
    expect(warnings.some((line) => line.includes(`${deadLetters} holds`) && line.includes('its cap (100)'))).toBe(true);
  });

  it('removes consumers that died without leaving once they hold nothing, after their entries are taken over', async () => {
    world = new EventBusWorld();
    const redis = world.redis();
    const stream = world.stream();
    await redis.xgroup('CREATE', stream, 'reviews', '0', 'MKSTREAM');
    const held = randomUUID();
    await redis.xadd(stream, '*', ...fieldsOf(randomUUID()));
    await redis.xadd(stream, '*', ...fieldsOf(held));
    // Two processes killed with SIGKILL: one after acknowledging what it read, one holding an entry.
    const [[, [[emptyId]]]] = (await redis.xreadgroup('GROUP', 'reviews', 'killed-empty', 'COUNT', 1, 'STREAMS', stream, '>')) as [string, [string, string[]][]][];
    await redis.xack(stream, 'reviews', emptyId!);
    await redis.xreadgroup('GROUP', 'reviews', 'killed-holding', 'COUNT', 1, 'STREAMS', stream, '>');

    const { consumer, dataSource } = await world.startConsumer({ consumer: { pruneIntervalMs: 200, deadConsumerIdleMs: 300 } });
    const names = async () => ((await redis.call('XINFO', 'CONSUMERS', stream, 'reviews')) as string[][]).map((info) => info[1]);
    await waitFor('both gone consumers removed', async () => {
      const left = await names();
      return left.length === 1 && left[0] === consumer!.consumerName;
    });
    // The holding one went only after its entry was taken over and applied: nothing was dropped with it.
    expect(await appliedCount(dataSource, held)).toBe(1);
  });
});
