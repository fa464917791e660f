import { demoDataEnabled } from '@hunted/platform';
import { baseServiceConfigChecks, productionServiceEnv, TEST_KEY_ENV } from '@hunted/platform/testing';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('hunters configuration', () => {
  for (const check of baseServiceConfigChecks('hunters', loadConfig)) it(check.name, check.run);

  it('loads the demo hunters by default in development only, or as DEMO_DATA says', () => {
    expect(demoDataEnabled(loadConfig(TEST_KEY_ENV))).toBe(true);
    expect(demoDataEnabled(loadConfig({ ...TEST_KEY_ENV, NODE_ENV: 'test' }))).toBe(false);
    expect(demoDataEnabled(loadConfig(productionServiceEnv('hunters')))).toBe(false);
    expect(demoDataEnabled(loadConfig({ ...TEST_KEY_ENV, DEMO_DATA: 'off' }))).toBe(false);
    expect(demoDataEnabled(loadConfig({ ...productionServiceEnv('hunters'), DEMO_DATA: 'on' }))).toBe(true);
    expect(() => loadConfig({ ...TEST_KEY_ENV, DEMO_DATA: 'yes' })).toThrow(/DEMO_DATA/);
  });
});
