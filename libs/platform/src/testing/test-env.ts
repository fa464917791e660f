import { baseEnvSchema, type BaseEnv } from '../config/env.js';

/** The database integration tests use; never the one a normal run uses. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/hunted_test';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/1';
export const TEST_INTERNAL_AUTH_SECRET = 'test-internal-auth-secret-0123456789abcdef';

/** A service configuration for a test, with a schema of its own so test files never see each other's rows. */
export function testConfig(overrides: Partial<Record<keyof BaseEnv, string>> & Record<string, string> = {}): BaseEnv {
  return baseEnvSchema.parse({
    NODE_ENV: 'test',
    PORT: '0',
    LOG_LEVEL: 'silent',
    DATABASE_URL: TEST_DATABASE_URL,
    REDIS_URL: TEST_REDIS_URL,
    INTERNAL_AUTH_SECRET: TEST_INTERNAL_AUTH_SECRET,
    ...overrides,
  });
}
