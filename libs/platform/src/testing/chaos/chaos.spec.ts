import { describe, expect, it } from 'vitest';
import { chaosKillPlan, checkChaos, seededRandom, type ChaosFigures } from './chaos.js';

describe('chaos kill plan', () => {
  it('kills relays and consumers half and half inside the production, at growing times, the last a consumer near its end', () => {
    for (const seed of [1, 2, 3, 42, 2_773_895_898]) {
      const plan = chaosKillPlan(seededRandom(seed), 24, 80_000);
      expect(plan).toHaveLength(24);
      expect(plan.filter((kill) => kill.role === 'relay')).toHaveLength(12);
      expect(plan.at(-1)?.role).toBe('consumer');
      expect(plan.at(-1)?.atMs).toBeCloseTo(80_000 * 0.97);
      expect(plan[0]!.atMs).toBeGreaterThan(80_000 * 0.05);
      for (let i = 1; i < plan.length; i++) expect(plan[i]!.atMs).toBeGreaterThan(plan[i - 1]!.atMs);
      for (const kill of plan) expect(kill.restartDelayMs).toBeGreaterThanOrEqual(100);
    }
  });

  it('is the same plan for the same seed, so a failing run can be repeated', () => {
    expect(chaosKillPlan(seededRandom(7), 5, 10_000)).toEqual(chaosKillPlan(seededRandom(7), 5, 10_000));
    expect(chaosKillPlan(seededRandom(7), 5, 10_000)).not.toEqual(chaosKillPlan(seededRandom(8), 5, 10_000));
  });

  it('kills both kinds even in the smallest run', () => {
    const roles = chaosKillPlan(seededRandom(3), 2, 1_000).map((kill) => kill.role);
    expect(roles.sort()).toEqual(['consumer', 'relay']);
  });
});

describe('chaos figures', () => {
  const limits = { events: 1_000, kills: 5, drainLimitMs: 10_000, budgetMs: 60_000 };
  const passing: ChaosFigures = {
    produced: 1_000, streamEntries: 1_003, applied: 1_000, duplicates: 0, kills: { relays: 2, consumers: 3 }, selfExits: 0,
    deadLetters: 0, pendingAtEnd: 0, groupConsumers: 3, drainMs: 2_500, durationMs: 20_000, load: { start: 1, end: 1, cores: 2 },
  };
  const failed = (figures: ChaosFigures) => checkChaos(figures, limits).filter((check) => !check.ok).map((check) => check.figure);

  it('passes a run where every event took effect once and nothing is left', () => {
    expect(failed(passing)).toEqual([]);
  });

  it('fails each figure that does not hold', () => {
    expect(failed({ ...passing, applied: 999 })).toEqual(['applied', 'applied / produced']);
    expect(failed({ ...passing, duplicates: 1 })).toEqual(['duplicate effects']);
    expect(failed({ ...passing, kills: { relays: 0, consumers: 5 } })).toEqual(['kills (relays / consumers)']);
    expect(failed({ ...passing, kills: { relays: 2, consumers: 2 } })).toEqual(['kills (relays / consumers)']);
    expect(failed({ ...passing, selfExits: 1 })).toEqual(['workers that died by themselves']);
    expect(failed({ ...passing, deadLetters: 1 })).toEqual(['dead letters']);
    expect(failed({ ...passing, pendingAtEnd: 2 })).toEqual(['pending at end']);
    expect(failed({ ...passing, drainMs: 10_001 })).toEqual(['last restart to pending 0']);
    expect(failed({ ...passing, drainMs: null })).toEqual(['last restart to pending 0']);
    expect(failed({ ...passing, durationMs: 60_001 })).toEqual(['duration']);
    expect(failed({ ...passing, produced: 999, applied: 999 })).toEqual(['produced']);
  });
});
