import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { appliedCount, EventBusWorld, pendingCount, waitFor } from './harness.js';

const cli = fileURLToPath(new URL('../../../../scripts/events.mjs', import.meta.url));
const run = promisify(execFile);

let world: EventBusWorld;

afterEach(async () => {
  await world.close();
});

/** `npm run events -- …` as an operator runs it (the script itself, with the world's Redis and prefix). */
async function events(...args: string[]): Promise<{ stdout: string; stderr: string; code: number }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [cli, ...args], {
      env: { ...process.env, REDIS_URL: world.redisUrl, REDIS_PREFIX: world.prefix },
    });
    return { stdout, stderr, code: 0 };
  } catch (error) {
    const failed = error as { stdout: string; stderr: string; code: number };
    return { stdout: failed.stdout, stderr: failed.stderr, code: failed.code };
  }
}

describe('npm run events (dead letters)', () => {
  it('lists dead letters without their payload and replays one onto its stream, applied once, removed from the dead letters', async () => {
    world = new EventBusWorld();
    const redis = world.redis();
    const producer = await world.startProducer();
    const consumer = await world.startConsumer();
    const users = [randomUUID(), randomUUID()];
    for (const user of users) world.probe.alwaysFailFor.add(user);
    const parked = [];
    for (const user of users) parked.push(await producer.publishUserUpdated(user));
    const deadLetters = `${world.prefix}events:dead-letter:reviews`;
    await waitFor('both events dead-lettered', async () => (await redis.xlen(deadLetters)) === 2);

    const listed = await events('dead-letters');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(`${deadLetters}: 2 dead letter(s)`);
    expect(listed.stdout).toContain(`event ${parked[0]!.id}`);
    expect(listed.stdout).toContain(`replica rejects user ${users[0]}`);
    expect(listed.stdout).not.toContain('@example.test');

    // The handler is fixed; the first dead letter alone is put back.
    world.probe.alwaysFailFor.clear();
    const [[firstId]] = (await redis.xrange(deadLetters, '-', '+')) as [string, string[]][];
    const replayed = await events('replay', 'reviews', firstId!);
    expect(replayed.code).toBe(0);
    expect(replayed.stdout).toContain(`replayed ${firstId} onto ${world.stream()}`);
    await waitFor('the replayed event applied', async () => (await appliedCount(consumer.dataSource, users[0]!)) === 1);
    expect(await redis.xlen(deadLetters)).toBe(1);
    expect(await appliedCount(consumer.dataSource, users[1]!)).toBe(0);

    // The rest, by the stream's full name; replaying twice the same event is absorbed by the inbox.
    expect((await events('replay', deadLetters)).stdout).toContain('1 dead letter(s) replayed');
    await waitFor('the second event applied', async () => (await appliedCount(consumer.dataSource, users[1]!)) === 1);
    expect(await redis.xlen(deadLetters)).toBe(0);
    const [again] = await redis.xrange(world.stream(), '-', '+', 'COUNT', 1);
    const duplicate = await redis.xadd(world.stream(), '*', ...again![1]);
    await waitFor('the duplicate read and acknowledged', async () => {
      const [group] = (await redis.call('XINFO', 'GROUPS', world.stream())) as unknown[][];
      return group![group!.indexOf('last-delivered-id') + 1] === duplicate && (await pendingCount(redis, world.stream(), 'reviews')) === 0;
    });
    expect(await appliedCount(consumer.dataSource, users[0]!)).toBe(1);
    expect((await events('dead-letters', 'reviews')).stdout).toContain(': 0 dead letter(s)');
  });

  it('says what is wrong with a bad stream name or a missing id, and exits non-zero', async () => {
    world = new EventBusWorld();
    const badName = await events('replay', 'no such stream');
    expect(badName.code).toBe(1);
    expect(badName.stderr).toContain('is not a dead-letter stream');
    const missing = await events('replay', 'reviews', '1-0');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`${world.prefix}events:dead-letter:reviews has no entry 1-0`);
    const unknown = await events('frobnicate');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('unknown command');
  });
});
