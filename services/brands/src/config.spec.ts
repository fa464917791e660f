import { demoDataEnabled } from '@hunted/platform';
import { baseServiceConfigChecks, productionServiceEnv, TEST_KEY_ENV } from '@hunted/platform/testing';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

const PRODUCTION = productionServiceEnv('brands');

describe('brands configuration', () => {
  for (const check of baseServiceConfigChecks('brands', loadConfig)) it(check.name, check.run);
});

describe('demo data', () => {
  it('is on by default in development only', () => {
    expect(demoDataEnabled(loadConfig(TEST_KEY_ENV))).toBe(true);
    expect(demoDataEnabled(loadConfig({ ...TEST_KEY_ENV, NODE_ENV: 'test' }))).toBe(false);
    expect(demoDataEnabled(loadConfig(PRODUCTION))).toBe(false);
  });

  it('follows an explicit setting anywhere', () => {
    expect(demoDataEnabled(loadConfig({ ...TEST_KEY_ENV, DEMO_DATA: 'off' }))).toBe(false);
    expect(demoDataEnabled(loadConfig({ ...PRODUCTION, DEMO_DATA: 'on' }))).toBe(true);
  });
});
