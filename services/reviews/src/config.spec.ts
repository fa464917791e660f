import { baseServiceConfigChecks, refusalOf, TEST_KEY_ENV } from '@hunted/platform/testing';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('reviews configuration', () => {
  for (const check of baseServiceConfigChecks('reviews', loadConfig)) it(check.name, check.run);

  it('allows 3 reviews of hunters a member a day unless told otherwise, and never none (decision 0096)', () => {
    expect(loadConfig(TEST_KEY_ENV).HUNTER_REVIEWS_PER_DAY).toBe(3);
    expect(loadConfig({ ...TEST_KEY_ENV, HUNTER_REVIEWS_PER_DAY: '50' }).HUNTER_REVIEWS_PER_DAY).toBe(50);
    for (const value of ['0', '-1', '2.5', 'many']) {
      expect(refusalOf(loadConfig, { ...TEST_KEY_ENV, HUNTER_REVIEWS_PER_DAY: value })).toMatch(
        /HUNTER_REVIEWS_PER_DAY/,
      );
    }
  });
});
