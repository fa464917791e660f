import { randomUUID } from 'node:crypto';
import { eventEntities, toStreamFields, type EventPublisher } from '@hunted/platform';
import { PostgresProxy, TEST_DATABASE_URL } from '@hunted/platform/testing';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { Logger } from '@nestjs/common';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
  vi.restoreAllMocks();
  for (const each of proxies) await each.start();
  await producerWrites?.destroy();
  producerWrites = null;
  await direct?.end();
  direct = null;
  await world.close();
  for (const each of proxies.splice(0)) await each.stop();
});

async function count(sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await direct!.query<{ n: number }>(sql, params);
  return rows[0]!.n;
}

/**
 * Cuts a proxy and waits until PostgreSQL has ended every session that came through it, so whatever those
 * sessions were committing has committed or rolled back before the test counts what was applied.
 */
async function cut(db: PostgresProxy): Promise<void> {
  const ports = db.upstreamPorts();
  await db.stop();
  await waitFor('the cut sessions ended', async () => {
    const left = await count(
      `select count(*)::int as n from pg_stat_activity where client_addr = '127.0.0.1' and client_port = any($1::int[])`,
      [ports],
    );
    return left === 0;
  });
}

/**
 * The messages a spy on a level of Nest's Logger was given since it was set (whatever the apps print), only those
 * of loggers named `context` if given (every service here has a relay: "OutboxRelay:identity" is the producer's).
 */
function messages(spy: { mock: { calls: unknown[][]; contexts: unknown[] } }, context?: string): string[] {
  return spy.mock.calls
    .filter((_, i) => context === undefined || (spy.mock.contexts[i] as { context?: string } | undefined)?.context === context)
    .map((call) => String(call[0]));
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
    'applies every one of 500 events exactly once across a database outage of the consumer that outlasts its claim window, dead-lettering none',
    async () => {
      world = new EventBusWorld();
      const redis = world.redis();
      const consumerDb = await proxy();
      const relayDb = await proxy();
      const producer = await world.startProducer({}, { databaseUrl: relayDb.url });
      // Real backoff (250 ms doubling to 5 s); poison failures would be re-read every 50 ms and parked on the 5th.
      const consumer = await world.startConsumer({ databaseUrl: consumerDb.url });
      // Each try to apply an event is one transaction: counted, they say how long the consumer has waited it out.
      const consumerTries = vi.spyOn(consumer.dataSource, 'transaction');
      const warnings = vi.spyOn(Logger.prototype, 'warn');
      direct = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await direct.connect();
      const publish = await directPublisher(world.producerSchema, producer.publisher);
      const replica = `"${world.consumerSchema}".user_replica`;
      const applied = () => count(`select count(*)::int as n from ${replica}`);
      const unsent = () => count(`select count(*)::int as n from "${world.producerSchema}".outbox where published_at is null`);

      const total = 500;
      const users = Array.from({ length: total }, () => randomUUID());
      let published = 0;
      const publishUpTo = async (n: number) => {
        while (published < n) await publish(users[published++]!);
      };
      const figures: Record<string, number> = {};
      // Each step waits for the state the next one needs, so events are in hand when the consumer's database
      // goes, in the relay's outbox while its database is away, and unread on the stream when the consumer's
      // comes back, however fast or slow the machine is.
      const flowing = publishUpTo(200);
      await waitFor('events flowing to the consumer', async () => (await applied()) >= 20);
      await cut(consumerDb);
      const triesAtCut = consumerTries.mock.calls.length;
      figures.appliedWhenCut = await applied();
      await flowing;
      await waitFor('the first 200 events on the stream', async () => (await unsent()) === 0);

      await relayDb.stop();
      await publishUpTo(300);
      await waitFor('the relay failing against its missing database', () =>
        messages(warnings, 'OutboxRelay:identity').some((message) => message.startsWith('outbox relay failed (attempt 1)')),
      );
      figures.unsentWhenRelayBack = await unsent();
      await relayDb.start();
      await publishUpTo(total);
      await waitFor('every event on the stream', async () => (await unsent()) === 0, 30_000);

      // Six tries are five backoff waits (at least 3.9 s with the jitter): the entries in hand sat out more than
      // maxAttempts claim windows (5 x 500 ms), long enough to be redelivered and parked were they not kept.
      await waitFor('the consumer waiting out its outage past the claim window', () => consumerTries.mock.calls.length - triesAtCut >= 6, 30_000);
      figures.triesInOutage = consumerTries.mock.calls.length - triesAtCut;
      figures.appliedBeforeBack = await applied();
      figures.onStreamBeforeBack = await redis.xlen(world.stream());
      await consumerDb.start();
      const backAt = Date.now();

      await waitFor('all 500 events applied', async () => (await applied()) === total, 60_000);
      const drainMs = Date.now() - backAt;
      await waitFor('nothing left pending', async () => (await pendingCount(redis, world.stream(), 'reviews')) === 0);

      const deadLetters = `${world.prefix}events:dead-letter:reviews`;
      console.log(
        `postgres outage: ${total} events, consumer database cut for ${figures.triesInOutage} tries (relay's left ${figures.unsentWhenRelayBack} in its outbox); applied when cut ${figures.appliedWhenCut}, ` +
          `still ${figures.appliedBeforeBack} when back with ${figures.onStreamBeforeBack} on the stream; all applied ${drainMs} ms after; ` +
          `dead letters ${await redis.xlen(deadLetters)}; stream entries ${await redis.xlen(world.stream())}`,
      );
      // The outage really stopped the consumer, and events really flowed through it.
      expect(figures.appliedBeforeBack).toBe(figures.appliedWhenCut);
      expect(figures.onStreamBeforeBack! - figures.appliedBeforeBack!).toBeGreaterThan(100);
      // The relay lost its database while events were being written, and sent them all once it was back.
      expect(figures.unsentWhenRelayBack).toBe(100);
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

  it('applies every event exactly once while the consumer\'s sessions are terminated again and again (pg_terminate_backend)', async () => {
    world = new EventBusWorld();
    const redis = world.redis();
    const consumerDb = await proxy();
    const producer = await world.startProducer();
    await world.startConsumer({ databaseUrl: consumerDb.url, consumer: { transientRetryBaseMs: 50, transientRetryMaxMs: 400 } });
    direct = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await direct.connect();
    const replica = `"${world.consumerSchema}".user_replica`;
    const applied = () => count(`select count(*)::int as n from ${replica}`);

    const total = 300;
    let terminated = 0;
    let killing = true;
    // Only this test's sessions: those PostgreSQL sees coming from the proxy's own sockets. A termination can land
    // anywhere: between statements, inside the handler, or on the commit (whose outcome the consumer never hears).
    // Each round waits for the consumer to have come back and applied a few more events, so the terminations
    // land on a working consumer however fast it works, and it is seen to progress between them.
    const killer = (async () => {
      while (killing) {
        const before = await applied();
        const ports = consumerDb.upstreamPorts();
        if (ports.length > 0) {
          const { rows } = await direct!.query<{ n: number }>(
            `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
              where client_addr = '127.0.0.1' and client_port = any($1::int[]) and pid <> pg_backend_pid()`,
            [ports],
          );
          terminated += rows[0]!.n;
        }
        await waitFor('the consumer applying events between terminations', async () => !killing || (await applied()) >= Math.min(total, before + 5), 30_000);
      }
    })();
    for (let i = 0; i < total; i++) await producer.publishUserUpdated(randomUUID());
    await waitFor('events flowing during the terminations', async () => (await applied()) >= total / 2, 30_000);
    killing = false;
    await killer;

    await waitFor('all events applied', async () => (await applied()) === total, 30_000);
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
    // A first backoff wait of 30 to 60 s, past the test's own timeout: the stop has to cut it short to finish.
    const consumer = await world.startConsumer({
      databaseUrl: consumerDb.url,
      consumer: { transientRetryBaseMs: 60_000, transientRetryMaxMs: 60_000 },
    });
    const warnings = vi.spyOn(Logger.prototype, 'warn');
    await waitFor('the consumer reading', async () => ((await redis.call('XINFO', 'GROUPS', world.stream()).catch(() => [])) as unknown[]).length === 1);
    await consumerDb.stop();
    const userId = randomUUID();
    const event = await producer.publishUserUpdated(userId);
    await waitFor('the event in hand', async () => (await pendingCount(redis, world.stream(), 'reviews')) === 1);
    await waitFor('the consumer waiting out the outage', () =>
      messages(warnings).some((message) => message.startsWith(`identity.user.updated ${event.id} hit a transient failure`)),
    );

    await world.closeApp(consumer.app);
    // Promptly: the wait was cut short, not the shutdown timeout (10 s) run out with the connections cut.
    expect(messages(warnings).filter((message) => message.includes('did not stop within'))).toEqual([]);
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
    const heldSince = Date.now();

    // Every look the healthy replica takes for entries idle past claimIdleMs (XAUTOCLAIM), with when it took it.
    const looks: { consumer: string; at: number }[] = [];
    const call = Redis.prototype.call;
    vi.spyOn(Redis.prototype, 'call').mockImplementation(function (this: Redis, ...args: unknown[]) {
      if (args[0] === 'XAUTOCLAIM') looks.push({ consumer: String(args[3]), at: Date.now() });
      return (call as (...callArgs: unknown[]) => Promise<unknown>).apply(this, args);
    } as typeof call);
    const healthy = await world.startConsumer({ consumer: { claimIdleMs: 1_500 } });
    const later = Array.from({ length: 20 }, () => randomUUID());
    for (const user of later) await producer.publishUserUpdated(user);
    await waitFor('the healthy replica applying every later event', async () => {
      const [row] = await healthy.dataSource.query('select count(*)::int as n from user_replica where user_id = any($1::uuid[])', [later]);
      return row.n === later.length;
    });
    // Looks taken once the held entries, had they not been kept, would have been idle twice claimIdleMs: they
    // would have been taken then. What is shown is that the looks came and found nothing, not that time passed.
    await waitFor('the healthy replica looking for idle entries long after the held ones would have gone idle', () => {
      const late = looks.filter(({ consumer, at }) => consumer === healthy.consumer!.consumerName && at >= heldSince + 2 * 1_500);
      return late.length >= 3;
    });
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
    // Each try to apply the event is one transaction.
    const tries = vi.spyOn(consumer.dataSource, 'transaction');
    const poisonUser = randomUUID();
    world.probe.alwaysFailFor.add(poisonUser);

    await consumerDb.stop();
    const poison = await producer.publishUserUpdated(poisonUser);
    await waitFor('the poison event on the stream', async () => (await redis.xlen(world.stream())) === 1);
    // Failures while the database is away are transient: they neither park the event nor count towards it. More
    // of them than maxAttempts (5) would have parked it, were they counted.
    await waitFor('six failed tries while the database is away', () => tries.mock.calls.length >= 6);
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
