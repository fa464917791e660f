import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TEST_REDIS_URL, waitFor } from '@hunted/platform/testing';
import { BatchedBudget } from '../src/security/batched-budget.js';

/** Real Redis: the counts these budgets keep are the ones every gateway replica reads. */
describe('BatchedBudget', () => {
  let redis: Redis;
  const budgets: BatchedBudget[] = [];
  let prefix: string;

  beforeAll(() => {
    redis = new Redis(TEST_REDIS_URL, { enableAutoPipelining: true });
  });
  afterEach(async () => {
    await Promise.all(budgets.splice(0).map((budget) => budget.close()));
  });
  afterAll(async () => {
    const keys = await redis.keys('test-batched-budget:*');
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  /** A budget as one gateway replica holds it: its own limiter over the shared Redis keys; flushed only when told. */
  function replica(points: number, durationSeconds = 60): BatchedBudget {
    const limiter = new RateLimiterRedis({ storeClient: redis, keyPrefix: prefix, points, duration: durationSeconds });
    const budget = new BatchedBudget(limiter, points, { flushMs: 3_600_000 });
    budgets.push(budget);
    return budget;
  }

  /** A request as the gateway spends it: here if it can be, else in Redis. True when let through. */
  async function spend(budget: BatchedBudget, key: string): Promise<boolean> {
    if (budget.countLocally(key)) return true;
    try {
      await budget.consume(key);
      return true;
    } catch (outcome) {
      if (outcome instanceof RateLimiterRes) return false;
      throw outcome;
    }
  }

  const countInRedis = async (key: string) => Number(await redis.get(`${prefix}:${key}`));

  it('counts every request in Redis once flushed, a round trip for the first and one per flush after it', async () => {
    prefix = `test-batched-budget:${randomUUID()}`;
    const budget = replica(600);
    expect(budget.countLocally('user:a')).toBe(false);
    await budget.consume('user:a');
    expect(await countInRedis('user:a')).toBe(1);
    for (let i = 0; i < 40; i++) expect(budget.countLocally('user:a')).toBe(true);
    expect(await countInRedis('user:a')).toBe(1);
    await budget.flush();
    expect(await countInRedis('user:a')).toBe(41);
  });

  it('lets exactly the budget through on one replica, then refuses, past half counting each request in Redis', async () => {
    prefix = `test-batched-budget:${randomUUID()}`;
    const budget = replica(10);
    const outcomes: boolean[] = [];
    for (let i = 0; i < 14; i++) outcomes.push(await spend(budget, 'user:b'));
    expect(outcomes.filter(Boolean)).toHaveLength(10);
    expect(outcomes.slice(10)).toEqual([false, false, false, false]);
    // The refused ones are counted as rate-limiter-flexible always counted them.
    expect(await countInRedis('user:b')).toBe(14);
  });

  it('keeps two replicas within the budget plus what one replica batches below half', async () => {
    prefix = `test-batched-budget:${randomUUID()}`;
    const [first, second] = [replica(20), replica(20)];
    let allowed = 0;
    for (let i = 0; i < 30; i++) {
      if (await spend(first, 'user:c')) allowed += 1;
      if (await spend(second, 'user:c')) allowed += 1;
      if (i % 7 === 6) await Promise.all([first.flush(), second.flush()]);
    }
    expect(allowed).toBeGreaterThanOrEqual(20);
    expect(allowed).toBeLessThanOrEqual(20 + 10);
    await Promise.all([first.flush(), second.flush()]);
    expect(await countInRedis('user:c')).toBe(60);
  });

  it('starts afresh when the window ends', async () => {
    prefix = `test-batched-budget:${randomUUID()}`;
    const budget = replica(4, 1);
    for (let i = 0; i < 4; i++) expect(await spend(budget, 'ip:198.51.100.7')).toBe(true);
    expect(await spend(budget, 'ip:198.51.100.7')).toBe(false);
    // The window is the key's time to live in Redis: the test ends it now rather than waiting out its second, and
    // it has ended when Redis has let the key go.
    await redis.pexpire(`${prefix}:ip:198.51.100.7`, 1);
    await waitFor('the window to end in Redis', async () => (await redis.exists(`${prefix}:ip:198.51.100.7`)) === 0);
    expect(await spend(budget, 'ip:198.51.100.7')).toBe(true);
  });

  it('keeps keys apart', async () => {
    prefix = `test-batched-budget:${randomUUID()}`;
    const budget = replica(2);
    expect(await spend(budget, 'user:d')).toBe(true);
    expect(await spend(budget, 'user:d')).toBe(true);
    expect(await spend(budget, 'user:d')).toBe(false);
    expect(await spend(budget, 'user:e')).toBe(true);
  });
});
