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

describe('the image fetcher', () => {
  it('takes its test-only allowance as host:port pairs, and production refuses it', () => {
    const env = { ...TEST_KEY_ENV, NODE_ENV: 'test', BRAND_IMAGE_FETCH_ALLOW_HOSTS: '127.0.0.1:4100, 127.0.0.1:4101' };
    expect(loadConfig(env).BRAND_IMAGE_FETCH_ALLOW_HOSTS).toEqual(['127.0.0.1:4100', '127.0.0.1:4101']);
    expect(loadConfig(TEST_KEY_ENV).BRAND_IMAGE_FETCH_ALLOW_HOSTS).toEqual([]);
    expect(() => loadConfig({ ...PRODUCTION, BRAND_IMAGE_FETCH_ALLOW_HOSTS: '127.0.0.1:4100' })).toThrow(
      /BRAND_IMAGE_FETCH_ALLOW_HOSTS: must not be set in production/,
    );
  });

  it('bounds a day of brand images per member: 30 and 50 MB unless told', () => {
    const config = loadConfig(PRODUCTION);
    expect([config.BRAND_IMAGES_PER_DAY, config.BRAND_IMAGES_MB_PER_DAY]).toEqual([30, 50]);
    expect(config.BRAND_IMAGE_FETCH_TIMEOUT_MS).toBe(10_000);
  });
});
