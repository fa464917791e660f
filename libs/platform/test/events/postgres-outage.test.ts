import { randomUUID } from 'node:crypto';
import { eventEntities, toStreamFields, type EventPublisher } from '@hunted/platform';
import { PostgresProxy, TEST_DATABASE_URL } from '@hunted/platform/testing';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { afterEach, describe, expect, it } from 'vitest';
import { EventBusWorld, pendingCount, userUpdated, waitFor } from './harness.js';

// PostgreSQL is never stopped: each service under test reaches it through a proxy of the test's own, and the
// outage is that proxy cutting every connection and refusing new ones.
const proxies: PostgresProxy[] = [];
let world: EventBusWorld;
let direct: pg.Client | null = null;
let producerWrites: DataSource | null = null;

async function proxy(): Promise<PostgresProxy> {
  const created = new PostgresProxy(TEST_DATABASE_URL);
  await created.start();
  proxies.push(created);
  return created;
}

afterEach(async () => {
  for (const each of proxies) await each.start();
  await producerWrites?.destroy();
  producerWrites = null;
  await direct?.end();
  direct = null;
  await world.close();
  for (const each of proxies.splice(0)) await each.stop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function count(sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await direct!.query<{ n: number }>(sql, params);
  return rows[0]!.n;
}

/**
 * Another replica of the producer, writing outbox rows straight to PostgreSQL, so events keep being written while
 * the relaying replica (behind a proxy) has lost its database.
 */
async function directPublisher(schema: string, publisher: EventPublisher) {
  producerWrites = new DataSource({ name: `writes-${schema}`, type: 'postgres', url: TEST_DATABASE_URL, schema, entities: eventEntities });
  await producerWrites.initialize();
  const writes = producerWrites;
  return (userId: string) => writes.transaction((manager) => publisher.publish(manager, 'identity.user.updated', userUpdated(userId)));
}

describe('event bus while PostgreSQL is unreachable', () => {
  it(
    'applies every one of 500 events exactly once across a 15 s database outage of the consumer, dead-lettering none',
    async () => {
      world = new EventBusWorld();
      const redis = world.redis();
      const consumerDb = await proxy();
      const relayDb = await proxy();
      const producer = await world.startProducer({}, { databaseUrl: relayDb.url });
      // Real backoff (250 ms doubling to 5 s); poison failures would be re-read every 50 ms and parked on the 5th.
      const consumer = await world.startConsumer({ databaseUrl: consumerDb.url });
      direct = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await direct.connect();
      const publish = await directPublisher(world.producerSchema, producer.publisher);
      const replica = `"${world.consumerSchema}".user_replica`;

      const total = 500;
      const users = Array.from({ length: total }, () => randomUUID());
      const started = Date.now();
      const at = (ms: number) => started + ms;
      const figures: Record<string, number> = {};
      // About 25 events a second for 20 s; the consumer's database goes away from 2 s to 17 s, the relay's
      // from 6 s to 11 s, so events wait in the outbox, in the stream unread, and in hand when the cut comes.
      const publishing = (async () => {
        for (let i = 0; i < total; i++) {
          await publish(users[i]!);
          const next = at(((i + 1) * 20_000) / total);
          if (next > Date.now()) await sleep(next - Date.now());
        }
      })();
      const outages = (async () => {
        await sleep(at(2_000) - Date.now());
        await consumerDb.stop();
        figures.appliedWhenCut = await count(`select count(*)::int as n from ${replica}`);
        await sleep(at(6_000) - Date.now());
        await relayDb.stop();
        await sleep(at(11_000) - Date.now());
        figures.unsentWhenRelayBack = await count(`select count(*)::int as n from "${world.producerSchema}".outbox where published_at is null`);
        await relayDb.start();
        await sleep(at(17_000) - Date.now());
        figures.appliedBeforeBack = await count(`select count(*)::int as n from ${replica}`);
        figures.onStreamBeforeBack = await redis.xlen(world.stream());
        await consumerDb.start();
        figures.backAt = Date.now();
      })();
      await Promise.all([publishing, outages]);

      await waitFor(
        'all 500 events applied',
        async () => (await count(`select count(*)::int as n from ${replica}`)) === total,
        60_000,
      );
      figures.drainMs = Date.now() - figures.backAt!;
      await waitFor('every outbox row published', async () => (await count(`select count(*)::int as n from "${world.producerSchema}".outbox where published_at is null`)) === 0);
      await waitFor('nothing left pending', async () => (await pendingCount(redis, world.stream(), 'reviews')) === 0);

      const deadLetters = `${world.prefix}events:dead-letter:reviews`;
      console.log(
        `postgres outage: ${total} events, consumer database cut 15 s (relay's 5 s, ${figures.unsentWhenRelayBack} left in its outbox); applied when cut ${figures.appliedWhenCut}, ` +
          `still ${figures.appliedBeforeBack} when back with ${figures.onStreamBeforeBack} on the stream; all applied ${figures.drainMs} ms after; ` +
          `dead letters ${await redis.xlen(deadLetters)}; stream entries ${await redis.xlen(world.stream())}`,
      );
      // The outage really stopped the consumer, and events really flowed through it.
      expect(figures.appliedBeforeBack).toBe(figures.appliedWhenCut);
      expect(figures.onStreamBeforeBack! - figures.appliedBeforeBack!).toBeGreaterThan(100);
      // The relay lost its database while events were being written, and sent them all once it was back.
      expect(figures.unsentWhenRelayBack).toBeGreaterThan(50);
      expect(await redis.xlen(deadLetters)).toBe(0);
      const { rows } = await direct.query<{ applied_count: number; n: number }>(
        `select applied_count, count(*)::int as n from ${replica} group by applied_count`,
      );
      expect(rows).toEqual([{ applied_count: 1, n: total }]);
      expect(await count(`select count(*)::int as n from "${world.consumerSchema}".inbox`)).toBe(total);
      expect(consumer.consumer).not.toBeNull();
    },
    150_000,
  );

  it('applies every event exactly once while the consumer\'s sessions are terminated every 150 ms (pg_terminate_backend)', async () => {
    world = new EventBusWorld();
    const redis = world.redis();
    const consumerDb = await proxy();
    const producer = await world.startProducer();
    await world.startConsumer({ databaseUrl: consumerDb.url, consumer: { transientRetryBaseMs: 50, transientRetryMaxMs: 400 } });
    direct = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await direct.connect();
    const replica = `"${world.consumerSchema}".user_replica`;

    const total = 300;
    let terminated = 0;
    let killing = true;
    // Only this test's sessions: those PostgreSQL sees coming from the proxy's own sockets. A termination can land
    // anywhere: between statements, inside the handler, or on the commit (whose outcome the consumer never hears).
    const killer = (async () => {
      while (killing) {
        const ports = consumerDb.upstreamPorts();
        if (ports.length > 0) {
          const { rows } = await direct!.query<{ n: number }>(
            `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
              where client_addr = '127.0.0.1' and client_port = any($1::int[]) and pid <> pg_backend_pid()`,
            [ports],
          );
          terminated += rows[0]!.n;
        }
        await sleep(150);
      }
    })();
    for (let i = 0; i < total; i++) {
      await producer.publishUserUpdated(randomUUID());
      if (i % 10 === 9) await sleep(150);
    }
    await waitFor('events flowing during the terminations', async () => (await count(`select count(*)::int as n from ${replica}`)) >= total / 2, 30_000);
    killing = false;
    await killer;

    await waitFor('all events applied', async () => (await count(`select count(*)::int as n from ${replica}`)) === total, 30_000);
    await waitFor('nothing left pending', async () => (await pendingCount(redis, world.stream(), 'reviews')) === 0);
    console.log(`terminations: ${total} events, ${terminated} consumer sessions terminated, dead letters ${await redis.xlen(`${world.prefix}events:dead-letter:reviews`)}`);
    expect(terminated).toBeGreaterThan(5);
    const { rows } = await direct.query<{ applied_count: number; n: number }>(`select applied_count, count(*)::int as n from ${replica} group by applied_count`);
    expect(rows).toEqual([{ applied_count: 1, n: total }]);
    expect(await redis.xlen(`${world.prefix}events:dead-letter:reviews`)).toBe(0);
  }, 90_000);

  it('stops promptly while waiting out a database outage, leaving the event pending for the next consumer', async () => {
    world = new EventBusWorld();
    const redis = world.redis();
    const consumerDb = await proxy();
    const producer = await world.startProducer();
    const consumer = await world.startConsumer({ databaseUrl: consumerDb.url });
    await waitFor('the consumer reading', async () => ((await redis.call('XINFO', 'GROUPS', world.stream()).catch(() => [])) as unknown[]).length === 1);
    await consumerDb.stop();
    const userId = randomUUID();
    await producer.publishUserUpdated(userId);
    await waitFor('the event in hand', async () => (await pendingCount(redis, world.stream(), 'reviews')) === 1);
    await sleep(1_000);

    const started = Date.now();
    await world.closeApp(consumer.app);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(await pendingCount(redis, world.stream(), 'reviews')).toBe(1);

    await consumerDb.start();
    const next = await world.startConsumer({ databaseUrl: consumerDb.url });
    await waitFor('the pending event taken over and applied', async () => {
      const [row] = await next.dataSource.query('select count(*)::int as n from user_replica where user_id = $1', [userId]);
      return row.n === 1 && (await pendingCount(redis, world.stream(), 'reviews')) === 0;
    });
  }, 60_000);

  it('keeps the entries a replica holds through its outage without raising their delivery count, while a healthy replica carries on', async () => {
    world = new EventBusWorld();
    const redis = world.redis();
    const cutDb = await proxy();
    const producer = await world.startProducer();
    // claimIdleMs 1.5 s: without re-claiming, the healthy replica would take the stuck entries within two seconds.
    const stuck = await world.startConsumer({ databaseUrl: cutDb.url, consumer: { claimIdleMs: 1_500, transientRetryMaxMs: 2_000 } });
    await waitFor('the replica reading', async () => ((await redis.call('XINFO', 'GROUPS', world.stream()).catch(() => [])) as unknown[]).length === 1);
    await cutDb.stop();
    const held = [randomUUID(), randomUUID(), randomUUID()];
    // Added in one MULTI, so the replica's blocked read takes all three as one batch: one in the handler, two waiting.
    const batch = redis.multi();
    for (const user of held) {
      batch.xadd(world.stream(), '*', ...toStreamFields({ id: randomUUID(), type: 'identity.user.updated', version: 1, occurredAt: new Date().toISOString(), data: userUpdated(user) }));
    }
    await batch.exec();
    await waitFor('the cut replica holding all three', async () => (await pendingCount(redis, world.stream(), 'reviews')) === 3);

    const healthy = await world.startConsumer({ consumer: { claimIdleMs: 1_500 } });
    const later = Array.from({ length: 20 }, () => randomUUID());
    for (const user of later) await producer.publishUserUpdated(user);
    await waitFor('the healthy replica applying every later event', async () => {
      const [row] = await healthy.dataSource.query('select count(*)::int as n from user_replica where user_id = any($1::uuid[])', [later]);
      return row.n === later.length;
    });
    await sleep(4_000);
    const pending = (await redis.call('XPENDING', world.stream(), 'reviews', '-', '+', 100)) as [string, string, number, number][];
    expect(pending.map(([, owner, , deliveries]) => [owner, deliveries])).toEqual(held.map(() => [stuck.consumer!.consumerName, 1]));

    await cutDb.start();
    await waitFor('the held events applied once the replica is back', async () => (await pendingCount(redis, world.stream(), 'reviews')) === 0, 10_000);
    const { rows } = await healthy.dataSource.query('select applied_count, count(*)::int as n from user_replica group by applied_count').then((r: unknown) => ({ rows: r as { applied_count: number; n: number }[] }));
    expect(rows).toEqual([{ applied_count: 1, n: held.length + later.length }]);
    expect(await redis.xlen(`${world.prefix}events:dead-letter:reviews`)).toBe(0);
  }, 60_000);

  it('still dead-letters a poison event after five failures on a healthy database, even across an outage', async () => {
    world = new EventBusWorld();
    const redis = world.redis();
    const consumerDb = await proxy();
    const producer = await world.startProducer();
    const consumer = await world.startConsumer({ databaseUrl: consumerDb.url, consumer: { retryDelayMs: 300, transientRetryMaxMs: 500 } });
    const poisonUser = randomUUID();
    world.probe.alwaysFailFor.add(poisonUser);

    await consumerDb.stop();
    const poison = await producer.publishUserUpdated(poisonUser);
    await waitFor('the poison event on the stream', async () => (await redis.xlen(world.stream())) === 1);
    // Failures while the database is away are transient: they neither park the event nor count towards it.
    await sleep(2_500);
    const deadLetters = `${world.prefix}events:dead-letter:reviews`;
    expect(await redis.xlen(deadLetters)).toBe(0);
    expect(world.probe.handled).toEqual([]);
    await consumerDb.start();

    await waitFor('the poison event dead-lettered', async () => (await redis.xlen(deadLetters)) === 1);
    expect(world.probe.handled.filter((id) => id === poison.id)).toHaveLength(5);
    const [[, fields]] = (await redis.xrange(deadLetters, '-', '+')) as [string, string[]][];
    expect(fields[fields.indexOf('deliveries') + 1]).toBe('5');
    expect(fields[fields.indexOf('error') + 1]).toBe(`replica rejects user ${poisonUser}`);
    const good = randomUUID();
    await producer.publishUserUpdated(good);
    await waitFor('a later event applied', async () => {
      const [row] = await consumer.dataSource.query('select count(*)::int as n from user_replica where user_id = $1', [good]);
      return row.n === 1;
    });
  }, 60_000);
});
