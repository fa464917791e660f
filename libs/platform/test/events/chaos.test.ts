import { randomBytes } from 'node:crypto';
import { chaosDefaults, formatChaos, runChaos, TEST_DATABASE_URL } from '@hunted/platform/testing';
import pg from 'pg';
import { describe, expect, it } from 'vitest';

/** The checks of `checkChaos` that are wall-clock figures, not correctness. */
const TIMED_CHECKS = ['last restart to pending 0', 'duration'];

// The small run of `npm run chaos` (which does 10,000 events and 24 kills): relays and consumers are separate
// processes of the compiled platform (`npm test` builds first), SIGKILLed and restarted while events flow.
describe('events under kill -9', () => {
  it('applies every one of 1,000 events exactly once while relays and consumers are SIGKILLed 5 times', async () => {
    const lines: string[] = [];
    // What is proven here is exactly-once under kills; how fast the backlog drains, and how long the run takes, are
    // figures `npm run chaos` reports against its aims (10 s to drain). Here drainLimitMs is only how long the run
    // waits for the drain, and the two timed checks are left out: a busy machine is not a defect.
    const result = await runChaos(
      chaosDefaults({ events: 1_000, kills: 5, productionMs: 10_000, budgetMs: 80_000, drainLimitMs: 30_000, log: (line) => lines.push(line) }),
    );
    // The figures go to the test output as `npm run chaos` prints them, failing or not.
    console.log([...lines, formatChaos(result)].join('\n'));

    expect(result.error).toBeNull();
    expect(result.figures.produced).toBe(1_000);
    expect(result.figures.applied).toBe(result.figures.produced);
    expect(result.figures.duplicates).toBe(0);
    expect(result.figures.kills.relays + result.figures.kills.consumers).toBeGreaterThanOrEqual(5);
    expect(result.figures.kills.relays).toBeGreaterThan(0);
    expect(result.figures.kills.consumers).toBeGreaterThan(0);
    expect(result.figures.selfExits).toBe(0);
    expect(result.figures.deadLetters).toBe(0);
    expect(result.figures.pendingAtEnd).toBe(0);
    // It drained: nothing was pending after the last restart within the wait.
    expect(result.figures.drainMs).not.toBeNull();
    expect(result.checks.filter((check) => !check.ok && !TIMED_CHECKS.includes(check.figure))).toEqual([]);
  }, 120_000);

  // `npm run chaos` right after `npm install && npm start` in a fresh clone: `npm start` makes `hunted`, nothing
  // has made the test database yet. The run must make it, as the test setup does.
  it('creates the database it is pointed at when there is none yet', async () => {
    const url = new URL(TEST_DATABASE_URL);
    url.pathname = `/${url.pathname.slice(1)}_chaos_${randomBytes(3).toString('hex')}`;
    const name = url.pathname.slice(1);
    const admin = new URL(url);
    admin.pathname = '/postgres';
    try {
      const result = await runChaos(chaosDefaults({ databaseUrl: url.toString(), events: 200, kills: 2, productionMs: 3_000, budgetMs: 60_000 }));
      expect(result.error).toBeNull();
      expect(result.figures.applied).toBe(200);
    } finally {
      const client = new pg.Client({ connectionString: admin.toString() });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    }
  }, 90_000);
});

