import { demoDataEnabled } from '@hunted/platform';
import { baseServiceConfigChecks, productionServiceEnv, TEST_KEY_ENV } from '@hunted/platform/testing';
import { describe, expect, it } from 'vitest';
import { DEFAULT_REFERENCE_RATES, loadConfig } from './config.js';

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

  it('reads the listing’s reference rates, dated, from HUNTER_REFERENCE_RATES or the defaults, refusing a bad table', () => {
    expect(loadConfig(TEST_KEY_ENV).HUNTER_REFERENCE_RATES).toEqual(DEFAULT_REFERENCE_RATES);
    const replaced = { asOf: '2027-01-04', pencePerUnit: { ...DEFAULT_REFERENCE_RATES.pencePerUnit, EUR: 88 } };
    expect(loadConfig({ ...TEST_KEY_ENV, HUNTER_REFERENCE_RATES: JSON.stringify(replaced) }).HUNTER_REFERENCE_RATES).toEqual(replaced);
    const { SEK: _missing, ...withoutSek } = replaced.pencePerUnit;
    expect(() => loadConfig({ ...TEST_KEY_ENV, HUNTER_REFERENCE_RATES: JSON.stringify({ ...replaced, pencePerUnit: withoutSek }) })).toThrow(/SEK needs a rate/);
    expect(() => loadConfig({ ...TEST_KEY_ENV, HUNTER_REFERENCE_RATES: '{"asOf":' })).toThrow(/HUNTER_REFERENCE_RATES/);
    const gbp = { ...replaced, pencePerUnit: { ...replaced.pencePerUnit, GBP: 99 } };
    expect(() => loadConfig({ ...TEST_KEY_ENV, HUNTER_REFERENCE_RATES: JSON.stringify(gbp) })).toThrow(/GBP must be 100/);
  });
});
