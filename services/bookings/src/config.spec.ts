import { baseServiceConfigChecks, productionServiceEnv, refusalOf, TEST_KEY_ENV } from '@hunted/platform/testing';
import { describe, expect, it } from 'vitest';
import { PAYOUT_COUNTRIES } from '@hunted/contracts';
import { DEFAULT_PLATFORM_FEE_FIXED_MINOR, loadConfig } from './config.js';
import { paymentConfigOf } from './payments/stripe-config.js';

const STRIPE_KEYS = {
  STRIPE_SECRET_KEY: 'sk_live_51Hunted',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_51Hunted',
  STRIPE_WEBHOOK_SECRET: 'whsec_hunted',
  STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_connect',
};
const PRODUCTION = productionServiceEnv('bookings', { ...STRIPE_KEYS, PUBLIC_URL: 'https://hunted.example' });

describe('bookings configuration', () => {
  for (const check of baseServiceConfigChecks('bookings', loadConfig, {
    ...STRIPE_KEYS,
    PUBLIC_URL: 'https://hunted.example',
  }))
    it(check.name, check.run);

  it("refuses production without Connect's webhook secret (hunters' payout accounts could not be verified)", () => {
    const { STRIPE_CONNECT_WEBHOOK_SECRET: _secret, ...withoutConnect } = PRODUCTION;
    expect(refusalOf(loadConfig, withoutConnect)).toMatch(/STRIPE_CONNECT_WEBHOOK_SECRET/);
    expect(loadConfig(PRODUCTION).STRIPE_CONNECT_WEBHOOK_SECRET).toBe('whsec_connect');
    expect(refusalOf(loadConfig, { ...PRODUCTION, STRIPE_CONNECT_WEBHOOK_SECRET: 'sk_live_oops' })).toMatch(
      /STRIPE_CONNECT_WEBHOOK_SECRET: must be a Connect webhook endpoint's signing secret/,
    );
  });

  it('retries refunds from 60 s doubling to at most 6 h, alerts after 5, a cap below the base refused; caches account state 30 s', () => {
    expect(loadConfig(TEST_KEY_ENV)).toMatchObject({
      REFUND_RETRY_BASE_SECONDS: 60,
      REFUND_RETRY_MAX_SECONDS: 21_600,
      REFUND_ALERT_AFTER_ATTEMPTS: 5,
      REFUND_SWEEP_BATCH: 100,
      PAYOUT_ACCOUNT_CACHE_SECONDS: 30,
    });
    expect(
      refusalOf(loadConfig, { ...TEST_KEY_ENV, REFUND_RETRY_BASE_SECONDS: '600', REFUND_RETRY_MAX_SECONDS: '60' }),
    ).toMatch(/REFUND_RETRY_MAX_SECONDS: must be at least REFUND_RETRY_BASE_SECONDS \(600\)/);
    expect(refusalOf(loadConfig, { ...TEST_KEY_ENV, REFUND_ALERT_AFTER_ATTEMPTS: '0' })).toMatch(
      /REFUND_ALERT_AFTER_ATTEMPTS/,
    );
    expect(refusalOf(loadConfig, { ...TEST_KEY_ENV, PAYOUT_ACCOUNT_CACHE_SECONDS: '-1' })).toMatch(
      /PAYOUT_ACCOUNT_CACHE_SECONDS/,
    );
  });

  it('takes no platform commission by default, basis points 0 to 10000', () => {
    expect(loadConfig(TEST_KEY_ENV).PLATFORM_COMMISSION_BPS).toBe(0);
    expect(loadConfig({ ...TEST_KEY_ENV, PLATFORM_COMMISSION_BPS: '1000' }).PLATFORM_COMMISSION_BPS).toBe(1000);
    expect(refusalOf(loadConfig, { ...TEST_KEY_ENV, PLATFORM_COMMISSION_BPS: '10001' })).toMatch(
      /PLATFORM_COMMISSION_BPS/,
    );
    expect(refusalOf(loadConfig, { ...TEST_KEY_ENV, PLATFORM_COMMISSION_BPS: '-1' })).toMatch(
      /PLATFORM_COMMISSION_BPS/,
    );
  });

  it('takes the fee’s fixed part per currency from PLATFORM_FEE_FIXED_MINOR over the defaults, refusing a bad table', () => {
    expect(loadConfig(TEST_KEY_ENV).PLATFORM_FEE_FIXED_MINOR).toEqual(DEFAULT_PLATFORM_FEE_FIXED_MINOR);
    expect(loadConfig({ ...TEST_KEY_ENV, PLATFORM_FEE_FIXED_MINOR: '{"EUR":250}' }).PLATFORM_FEE_FIXED_MINOR).toEqual({
      ...DEFAULT_PLATFORM_FEE_FIXED_MINOR,
      EUR: 250,
    });
    expect(refusalOf(loadConfig, { ...TEST_KEY_ENV, PLATFORM_FEE_FIXED_MINOR: '{"USD":200}' })).toMatch(/PLATFORM_FEE_FIXED_MINOR/);
    expect(refusalOf(loadConfig, { ...TEST_KEY_ENV, PLATFORM_FEE_FIXED_MINOR: '{"EUR":2.5}' })).toMatch(/PLATFORM_FEE_FIXED_MINOR/);
    expect(refusalOf(loadConfig, { ...TEST_KEY_ENV, PLATFORM_FEE_FIXED_MINOR: 'EUR=2' })).toMatch(/PLATFORM_FEE_FIXED_MINOR/);
  });

  it('creates payout accounts in every country cross-border payouts reach by default, or fewer, never others', () => {
    expect(loadConfig(TEST_KEY_ENV).PAYOUT_COUNTRIES).toEqual([...PAYOUT_COUNTRIES]);
    expect(loadConfig({ ...TEST_KEY_ENV, PAYOUT_COUNTRIES: 'gb, es' }).PAYOUT_COUNTRIES).toEqual(['GB', 'ES']);
    expect(refusalOf(loadConfig, { ...TEST_KEY_ENV, PAYOUT_COUNTRIES: 'GB,US' })).toMatch(/US: not a country/);
  });

  it('bounds free bookings, reschedules and holds by default; cooldowns may be 0, never negative', () => {
    expect(loadConfig(TEST_KEY_ENV)).toMatchObject({
      FREE_BOOKINGS_UPCOMING_MAX: 3,
      RESCHEDULES_PER_BOOKING_MAX: 3,
      RESCHEDULE_COOLDOWN_MINUTES: 10,
      HOLDS_PER_DAY_MAX: 20,
      REHOLD_COOLDOWN_MINUTES: 10,
    });
    expect(loadConfig({ ...TEST_KEY_ENV, RESCHEDULE_COOLDOWN_MINUTES: '0' }).RESCHEDULE_COOLDOWN_MINUTES).toBe(0);
    expect(refusalOf(loadConfig, { ...TEST_KEY_ENV, REHOLD_COOLDOWN_MINUTES: '-1' })).toMatch(
      /REHOLD_COOLDOWN_MINUTES/,
    );
    expect(refusalOf(loadConfig, { ...TEST_KEY_ENV, FREE_BOOKINGS_UPCOMING_MAX: '0' })).toMatch(
      /FREE_BOOKINGS_UPCOMING_MAX/,
    );
  });

  it('runs simulated payments without a Stripe secret key, an empty one included', () => {
    expect(paymentConfigOf(loadConfig(TEST_KEY_ENV))).toEqual({ mode: 'simulated' });
    expect(paymentConfigOf(loadConfig({ ...TEST_KEY_ENV, STRIPE_SECRET_KEY: '', STRIPE_PUBLISHABLE_KEY: '' }))).toEqual(
      {
        mode: 'simulated',
      },
    );
  });

  it('runs Stripe with all three keys, and tells the page the publishable one', () => {
    const config = loadConfig({ ...TEST_KEY_ENV, ...STRIPE_KEYS });
    expect(paymentConfigOf(config)).toEqual({ mode: 'stripe', publishableKey: 'pk_live_51Hunted' });
  });

  it('refuses stripe mode without the publishable key or the webhook secret, naming each', () => {
    const message = refusalOf(loadConfig, { ...TEST_KEY_ENV, STRIPE_SECRET_KEY: 'sk_test_1' });
    expect(message).toMatch(/STRIPE_PUBLISHABLE_KEY: must be set when STRIPE_SECRET_KEY is/);
    expect(message).toMatch(/STRIPE_WEBHOOK_SECRET: must be set when STRIPE_SECRET_KEY is/);
  });

  it('refuses keys swapped between variables', () => {
    const message = refusalOf(loadConfig, {
      ...TEST_KEY_ENV,
      STRIPE_SECRET_KEY: 'pk_test_1',
      STRIPE_PUBLISHABLE_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
    });
    expect(message).toMatch(/STRIPE_SECRET_KEY: must be a Stripe secret or restricted key/);
    expect(message).toMatch(/STRIPE_PUBLISHABLE_KEY: must be a Stripe publishable key/);
  });

  it('points the SDK at another server only when told (the fake Stripe of the tests)', () => {
    const config = loadConfig({
      ...TEST_KEY_ENV,
      ...STRIPE_KEYS,
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: '12111',
      STRIPE_API_PROTOCOL: 'http',
    });
    expect(config).toMatchObject({ STRIPE_API_HOST: '127.0.0.1', STRIPE_API_PORT: 12111, STRIPE_API_PROTOCOL: 'http' });
    expect(refusalOf(loadConfig, { ...TEST_KEY_ENV, STRIPE_API_PROTOCOL: 'ftp' })).toMatch(/STRIPE_API_PROTOCOL/);
  });
});

describe('bookings configuration in production', () => {
  it('starts with the three Stripe keys', () => {
    expect(paymentConfigOf(loadConfig(PRODUCTION))).toEqual({ mode: 'stripe', publishableKey: 'pk_live_51Hunted' });
  });

  it('refuses simulated payments: no Stripe keys at all names all three', () => {
    const env: NodeJS.ProcessEnv = { ...PRODUCTION };
    for (const name of Object.keys(STRIPE_KEYS)) delete env[name];
    const message = refusalOf(loadConfig, env);
    for (const name of Object.keys(STRIPE_KEYS))
      expect(message).toMatch(new RegExp(`${name}: must be set in production`));
  });

  it.each(Object.keys(STRIPE_KEYS))('refuses to start without %s', (name) => {
    const env: NodeJS.ProcessEnv = { ...PRODUCTION };
    delete env[name];
    expect(refusalOf(loadConfig, env)).toMatch(new RegExp(`${name}: must be set`));
  });

  it('refuses an SDK pointed away from Stripe', () => {
    expect(refusalOf(loadConfig, { ...PRODUCTION, STRIPE_API_HOST: '127.0.0.1' })).toMatch(
      /STRIPE_API_HOST: must not be set in production/,
    );
  });

  describe('test keys', () => {
    const TEST_KEYS = { STRIPE_SECRET_KEY: 'sk_test_51Hunted', STRIPE_PUBLISHABLE_KEY: 'pk_test_51Hunted' };

    it('refuses test keys, naming both and the way to allow them', () => {
      const message = refusalOf(loadConfig, { ...PRODUCTION, ...TEST_KEYS });
      expect(message).toMatch(/STRIPE_SECRET_KEY: must be a live key \(sk_live_… or rk_live_…\) in production/);
      expect(message).toMatch(/STRIPE_PUBLISHABLE_KEY: must be a live key \(pk_live_…\) in production/);
      expect(message).toMatch(/STRIPE_ALLOW_TEST_MODE=on/);
    });

    it('refuses a restricted test key as it does a secret one', () => {
      expect(refusalOf(loadConfig, { ...PRODUCTION, STRIPE_SECRET_KEY: 'rk_test_51Hunted' })).toMatch(
        /STRIPE_SECRET_KEY: must be a live key/,
      );
      expect(loadConfig({ ...PRODUCTION, STRIPE_SECRET_KEY: 'rk_live_51Hunted' }).STRIPE_SECRET_KEY).toBe(
        'rk_live_51Hunted',
      );
    });

    it('takes test keys when STRIPE_ALLOW_TEST_MODE=on (a staging site)', () => {
      const config = loadConfig({ ...PRODUCTION, ...TEST_KEYS, STRIPE_ALLOW_TEST_MODE: 'on' });
      expect(paymentConfigOf(config)).toEqual({ mode: 'stripe', publishableKey: 'pk_test_51Hunted' });
      expect(refusalOf(loadConfig, { ...PRODUCTION, STRIPE_ALLOW_TEST_MODE: 'yes' })).toMatch(/STRIPE_ALLOW_TEST_MODE/);
    });
  });
});

describe('Stripe event retention', () => {
  it('keeps handled event ids 30 days unless told, never under 3 (Stripe retries for 3 days)', () => {
    expect(loadConfig(TEST_KEY_ENV).STRIPE_EVENT_RETENTION_DAYS).toBe(30);
    expect(loadConfig({ ...TEST_KEY_ENV, STRIPE_EVENT_RETENTION_DAYS: '7' }).STRIPE_EVENT_RETENTION_DAYS).toBe(7);
    expect(refusalOf(loadConfig, { ...TEST_KEY_ENV, STRIPE_EVENT_RETENTION_DAYS: '2' })).toMatch(
      /STRIPE_EVENT_RETENTION_DAYS/,
    );
  });
});

describe('Stripe keys of one mode, in any environment', () => {
  it('refuses a test secret key with a live publishable key, and the other way round', () => {
    for (const [secret, publishable] of [
      ['sk_test_1', 'pk_live_1'],
      ['sk_live_1', 'pk_test_1'],
      ['rk_live_1', 'pk_test_1'],
    ]) {
      const message = refusalOf(loadConfig, {
        ...TEST_KEY_ENV,
        STRIPE_SECRET_KEY: secret,
        STRIPE_PUBLISHABLE_KEY: publishable,
        STRIPE_WEBHOOK_SECRET: 'whsec_1',
      });
      expect(message).toMatch(
        /STRIPE_PUBLISHABLE_KEY: is a (test|live) key but STRIPE_SECRET_KEY is a (live|test) one/,
      );
    }
  });

  it('takes test keys outside production, STRIPE_ALLOW_TEST_MODE unset', () => {
    const config = loadConfig({
      ...TEST_KEY_ENV,
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
    });
    expect(config.STRIPE_ALLOW_TEST_MODE).toBe('off');
    expect(paymentConfigOf(config)).toEqual({ mode: 'stripe', publishableKey: 'pk_test_1' });
  });
});
