import assert from 'node:assert/strict';
import { InvalidEnvironmentError, type BaseEnv } from '../config/env.js';
import { TEST_INTERNAL_AUTH_PUBLIC_KEY } from './test-env.js';

type LoadConfig = (env: NodeJS.ProcessEnv) => Pick<BaseEnv, 'NODE_ENV' | 'DATABASE_URL'>;

/** What every service needs even in development: the gateway's public key. */
export const TEST_KEY_ENV = { INTERNAL_AUTH_PUBLIC_KEY: TEST_INTERNAL_AUTH_PUBLIC_KEY };

/** A production environment with every variable the platform requires set properly, for `service`. */
export function productionServiceEnv(service: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    ...TEST_KEY_ENV,
    NODE_ENV: 'production',
    DATABASE_URL: `postgres://hunted_${service}:s3cret@db.internal:5432/hunted`,
    REDIS_URL: 'rediss://:pw@redis.internal:6380',
    ...extra,
  };
}

/** The message a configuration is refused with; fails when it is accepted or refused some other way. */
export function refusalOf(load: (env: NodeJS.ProcessEnv) => unknown, env: NodeJS.ProcessEnv): string {
  try {
    load(env);
  } catch (error) {
    assert.ok(error instanceof InvalidEnvironmentError, `expected an InvalidEnvironmentError, got ${String(error)}`);
    return error.message;
  }
  assert.fail('expected the configuration to be refused');
}

/**
 * The platform's rules as one service applies them: run each with the test runner (`it(check.name, check.run)`),
 * so every service's config.spec shows its loadConfig passes the shared rules on. Assertions are node:assert, so
 * this module stays free of any test runner and loads in scripts (chaos) too.
 */
export function baseServiceConfigChecks(service: string, load: LoadConfig, production: NodeJS.ProcessEnv = {}) {
  const ready = productionServiceEnv(service, production);
  return [
    {
      name: 'needs only the gateway public key in development',
      run: () => {
        assert.equal(load(TEST_KEY_ENV).NODE_ENV, 'development');
        assert.match(refusalOf(load, {}), /INTERNAL_AUTH_PUBLIC_KEY: must be set/);
      },
    },
    {
      name: 'starts in production with its own database (with a password) and Redis',
      run: () => assert.equal(load(ready).DATABASE_URL, ready.DATABASE_URL),
    },
    {
      name: 'refuses the local defaults, a password-less database or Redis and the compose passwords in production, naming each',
      run: () => {
        assert.match(
          refusalOf(load, { ...TEST_KEY_ENV, ...production, NODE_ENV: 'production' }),
          /DATABASE_URL: must be set in production[\s\S]*REDIS_URL: must be set in production/,
        );
        assert.match(
          refusalOf(load, { ...ready, DATABASE_URL: `postgres://hunted_${service}@db.internal:5432/hunted` }),
          /DATABASE_URL: must include a password in production/,
        );
        assert.match(
          refusalOf(load, { ...ready, DATABASE_URL: `postgres://hunted_${service}:hunted_${service}@postgres:5432/hunted` }),
          /DATABASE_URL: carries a development password/,
        );
        assert.match(refusalOf(load, { ...ready, REDIS_URL: 'redis://redis.internal:6379' }), /REDIS_URL: must include a password/);
      },
    },
  ];
}
