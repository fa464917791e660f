import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BOOKING_COPY_HANDLERS, BookingCopies, defineJob, JobQueue, USER_COPY_HANDLERS, type JobHandler, type JobRun } from '@hunted/platform';
import { PrivateRedis, TEST_REDIS_URL, testConfig, waitFor } from '@hunted/platform/testing';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appliedCount, EventBusWorld } from '../../../libs/platform/test/events/harness.js';
import { PRIVATE_EVENT_STREAMS, publisherOf, RIGHTS_SERVICES, type EventType } from '@hunted/contracts';
import { aclFile, aclRulesOf, APPS, EVENT_READS, PRIVATE_STREAMS, userNameOf } from '../service-users.mjs';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SERVICES = Object.keys(EVENT_READS);

/** The publishers of the platform's users-copy handlers (identity), which a service lists as USER_COPY_HANDLERS. */
const USER_COPY_PUBLISHERS = USER_COPY_HANDLERS.map((Handler) => new Handler({ apply: () => Promise.resolve() }).type.split('.')[0]!);
/** The publishers of the platform's booking-copy handlers (bookings), which a service lists as BOOKING_COPY_HANDLERS. */
const BOOKING_COPY_PUBLISHERS = BOOKING_COPY_HANDLERS.map((Handler) => new Handler(new BookingCopies()).type.split('.')[0]!);

/**
 * The publishers a service's handlers take events from: `readonly type = 'identity.user.updated'` -> identity,
 * identity for a service that consumes the platform's USER_COPY_HANDLERS, and bookings for BOOKING_COPY_HANDLERS.
 */
function publishersHandledBy(service: string): string[] {
  const publishers = new Set<string>();
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (/\.handlers?\.ts$/.test(entry.name)) {
        const text = readFileSync(path, 'utf8');
        for (const match of text.matchAll(/readonly type = '([a-z]+)\./g)) publishers.add(match[1]!);
        // Handlers made per rights service by a factory (identity's saga handlers: `${service}.data-export.part-ready`).
        if (/readonly type = `\$\{service\}\./.test(text)) for (const publisher of RIGHTS_SERVICES) publishers.add(publisher);
      } else if (entry.name.endsWith('.ts')) {
        const text = readFileSync(path, 'utf8');
        if (/\bUSER_COPY_HANDLERS\b/.test(text)) for (const publisher of USER_COPY_PUBLISHERS) publishers.add(publisher);
        if (/\bBOOKING_COPY_HANDLERS\b/.test(text)) for (const publisher of BOOKING_COPY_PUBLISHERS) publishers.add(publisher);
        // The rights kit's handlers take identity's export and deletion events (decision 0098).
        if (/\bRIGHTS_HANDLERS\b/.test(text)) publishers.add('identity');
      }
    }
  };
  visit(join(REPO_ROOT, 'services', service, 'src'));
  return [...publishers].sort();
}

function client(url: string): Redis {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, lazyConnect: true });
  redis.on('error', () => undefined);
  return redis;
}

describe('Redis users per app: the definition', () => {
  it('has a user for every service folder and the gateway', () => {
    const folders = readdirSync(join(REPO_ROOT, 'services'), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
    expect([...APPS].sort()).toEqual([...folders, 'gateway'].sort());
  });

  it('keeps the private streams of the event contracts, each with its publisher and readers (decision 0097)', () => {
    const fromContracts = Object.fromEntries(
      Object.entries(PRIVATE_EVENT_STREAMS).map(([type, { stream, readers }]) => [stream, { publisher: publisherOf(type as EventType), readers: [...readers] }]),
    );
    expect(PRIVATE_STREAMS).toEqual(fromContracts);
  });

  it('lets each service read exactly the streams its event handlers consume', () => {
    for (const service of SERVICES) expect([...EVENT_READS[service as keyof typeof EVENT_READS]].sort(), service).toEqual(publishersHandledBy(service));
  });
});

/** Users made on the shared test Redis from the same definition, under names and a prefix of this run's own. */
describe('Redis users per app: what each may do (ACL DRYRUN on the real Redis)', () => {
  const run = randomBytes(4).toString('hex');
  const prefix = `test:acl:${run}:`;
  const userPrefix = `test-acl-${run}-`;
  let admin: Redis;

  beforeAll(async () => {
    admin = client(TEST_REDIS_URL);
    await admin.connect();
    for (const app of APPS) await admin.call('ACL', 'SETUSER', userNameOf(app, userPrefix), 'reset', 'on', `>${run}`, ...aclRulesOf(app, prefix));
  });

  afterAll(async () => {
    for (const app of APPS) await admin.call('ACL', 'DELUSER', userNameOf(app, userPrefix));
    admin.disconnect();
  });

  const allowed = async (app: string, ...command: string[]) => (await admin.call('ACL', 'DRYRUN', userNameOf(app, userPrefix), ...command)) === 'OK';

  it("lets a service XADD to its own stream and never to another's, not even one it consumes", async () => {
    for (const writer of SERVICES) {
      for (const owner of SERVICES) {
        expect(await allowed(writer, 'XADD', `${prefix}events:${owner}`, '*', 'type', `${owner}.forged`), `${writer} -> events:${owner}`).toBe(writer === owner);
      }
    }
    expect(await allowed('gateway', 'XADD', `${prefix}events:identity`, '*', 'type', 'identity.user.updated')).toBe(false);
  });

  it('lets a service read, acknowledge and claim, as its group, only the streams it consumes; never trim or delete them', async () => {
    for (const reader of SERVICES) {
      const reads: readonly string[] = EVENT_READS[reader as keyof typeof EVENT_READS];
      for (const owner of SERVICES.filter((service) => service !== reader)) {
        const stream = `${prefix}events:${owner}`;
        const consumes = reads.includes(owner);
        expect(await allowed(reader, 'XREADGROUP', 'GROUP', reader, 'c', 'COUNT', '10', 'STREAMS', stream, '>'), `${reader} reads ${owner}`).toBe(consumes);
        expect(await allowed(reader, 'XACK', stream, reader, '1-0'), `${reader} acks ${owner}`).toBe(consumes);
        expect(await allowed(reader, 'XAUTOCLAIM', stream, reader, 'c', '30000', '0-0'), `${reader} claims ${owner}`).toBe(consumes);
        expect(await allowed(reader, 'XGROUP', 'CREATE', stream, reader, '0', 'MKSTREAM'), `${reader} makes its group on ${owner}`).toBe(consumes);
        for (const destructive of [['XTRIM', stream, 'MAXLEN', '0'], ['XDEL', stream, '1-0'], ['DEL', stream], ['XGROUP', 'DESTROY', stream, owner], ['XSETID', stream, '9-9']]) {
          expect(await allowed(reader, ...destructive), `${reader}: ${destructive.join(' ')}`).toBe(false);
        }
      }
    }
  });

  it('lets only the readers of a private stream read it, and only its publisher add to it (decision 0097)', async () => {
    for (const [name, { publisher, readers }] of Object.entries(PRIVATE_STREAMS)) {
      const stream = `${prefix}${name}`;
      for (const app of APPS) {
        // The publisher owns the stream as it owns its own (it trims it); the readers may only consume it.
        const reads = (readers as readonly string[]).includes(app) || app === publisher;
        expect(await allowed(app, 'XREADGROUP', 'GROUP', app, 'c', 'COUNT', '10', 'STREAMS', stream, '>'), `${app} reads ${name}`).toBe(reads);
        expect(await allowed(app, 'XAUTOCLAIM', stream, app, 'c', '30000', '0-0'), `${app} claims on ${name}`).toBe(reads);
        expect(await allowed(app, 'XADD', stream, '*', 'type', 'hunters.joining-details.changed'), `${app} adds to ${name}`).toBe(app === publisher);
      }
    }
    // Reviews reads the hunters' stream, but not the joining details beside it.
    expect(await allowed('reviews', 'XREADGROUP', 'GROUP', 'reviews', 'c', 'STREAMS', `${prefix}events:hunters`, '>')).toBe(true);
    expect(await allowed('reviews', 'XREADGROUP', 'GROUP', 'reviews', 'c', 'STREAMS', `${prefix}events:hunters:joining-details`, '>')).toBe(false);
  });

  it("lets each app use its own dead letters, queues and keys, and none of another's", async () => {
    for (const app of APPS) {
      for (const other of APPS) {
        const mine = app === other;
        expect(await allowed(app, 'XADD', `${prefix}events:dead-letter:${other}`, '*', 'a', 'b'), `${app} dead letters of ${other}`).toBe(mine);
        expect(await allowed(app, 'HSET', `${prefix}bull:${other}-emails:1`, 'a', 'b'), `${app} queue of ${other}`).toBe(mine);
        expect(await allowed(app, 'SET', `${prefix}${other}:cache`, 'x'), `${app} keys of ${other}`).toBe(mine);
      }
    }
    expect(await allowed('gateway', 'EVALSHA', 'f'.repeat(40), '1', `${prefix}gateway:rate:reads:1.2.3.4`)).toBe(true);
    expect(await allowed('messaging', 'INCR', `${prefix}messages:sent:u:1`)).toBe(true);
    expect(await allowed('messaging', 'XADD', `${prefix}socket.io`, '*', 'a', 'b')).toBe(true);
    expect(await allowed('messaging', 'PUBLISH', `${prefix}socket.io#/#`, 'x')).toBe(true);
    expect(await allowed('bookings', 'PUBLISH', `${prefix}socket.io#/#`, 'x')).toBe(false);
    expect(await allowed('bookings', 'FLUSHALL')).toBe(false);
  });
});

/** A Redis of its own that loads the ACL file compose's `redis-acl` service writes, with the platform's real code on top. */
describe('Redis users per app: the platform runs under them (redis-server --aclfile)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'hunted-redis-acl-'));
  const passwords = Object.fromEntries(APPS.map((app) => [app, `pw-${app}-${randomBytes(4).toString('hex')}`]));
  const aclPath = join(dir, 'users.acl');
  // Its port held from the start (a free port handed to redis-server could be taken first), the ACL file on top.
  const redis = new PrivateRedis(0, { args: ['--appendonly', 'no', '--aclfile', aclPath] });
  let port: number;
  let world: EventBusWorld;
  const urlOf = (app: string) => `redis://${userNameOf(app)}:${passwords[app]}@127.0.0.1:${port}`;

  beforeAll(async () => {
    await redis.hold();
    port = redis.port;
    world = new EventBusWorld(redis.url);
    writeFileSync(aclPath, aclFile({ prefix: world.prefix, passwords }));
    await redis.start();
  });

  afterAll(async () => {
    await world.close();
    await redis.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it("relays identity's events and consumes them in reviews, each as its own user; reviews cannot forge identity's", async () => {
    const producer = await world.startProducer({}, { redisUrl: urlOf('identity') });
    const consumer = await world.startConsumer({ redisUrl: urlOf('reviews') });
    const user = randomUUID();
    await producer.publishUserUpdated(user, 'Grace');
    await waitFor('the event applied by reviews', async () => (await appliedCount(consumer.dataSource, user)) === 1);

    const reviews = client(urlOf('reviews'));
    const identity = client(urlOf('identity'));
    const wrongPassword = client(`redis://${userNameOf('reviews')}:wrong@127.0.0.1:${port}`);
    try {
      await expect(reviews.xadd(world.stream('identity'), '*', 'type', 'identity.user.updated')).rejects.toThrow(/NOPERM/);
      await expect(reviews.xadd(world.stream('reviews'), '*', 'type', 'reviews.review.created')).resolves.toMatch(/^\d+-\d+$/);
      await expect(identity.xadd(world.stream('identity'), '*', 'type', 'identity.user.updated')).resolves.toMatch(/^\d+-\d+$/);
      await expect(wrongPassword.ping()).rejects.toThrow(/WRONGPASS/);
    } finally {
      reviews.disconnect();
      identity.disconnect();
      wrongPassword.disconnect();
    }
  });

  it("runs a service's BullMQ jobs, scheduled and added, under its user", async () => {
    class Recorder implements JobHandler<{ item: string }> {
      readonly items: string[] = [];
      async run(job: JobRun<{ item: string }>): Promise<void> {
        this.items.push(job.data.item);
      }
    }
    const handler = new Recorder();
    const kind = defineJob<{ item: string }>({
      queue: 'reviews-acl-probe',
      handler: Recorder,
      schedule: { id: 'tick', repeat: { every: 200 }, data: { item: 'tick' } },
    });
    const queue = JobQueue.forKind(kind, testConfig({ REDIS_URL: urlOf('reviews'), REDIS_PREFIX: world.prefix }), handler);
    queue.start();
    try {
      await queue.add({ item: 'added' });
      await waitFor('the added job and a scheduled one', () => handler.items.includes('added') && handler.items.includes('tick'), 10_000);
    } finally {
      await queue.close();
    }
  });
});
