import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { baseEnvSchema, InvalidEnvironmentError, loadEnv } from './env.js';

describe('loadEnv', () => {
  it('applies defaults for local development', () => {
    const env = loadEnv(baseEnvSchema, 'test-svc', { PORT: '3001' });
    expect(env.PORT).toBe(3001);
    expect(env.REDIS_URL).toBe('redis://127.0.0.1:6379');
  });

  it('names every wrong variable in one message', () => {
    const schema = baseEnvSchema.extend({ SUPPORT_EMAIL: z.email() });
    expect(() => loadEnv(schema, 'svc', { PORT: 'abc', REDIS_URL: 'http://x', SUPPORT_EMAIL: 'nope' })).toThrowError(
      /svc: invalid configuration[\s\S]*PORT[\s\S]*REDIS_URL[\s\S]*SUPPORT_EMAIL/,
    );
  });

  it('refuses the development secret in production', () => {
    expect(() => loadEnv(baseEnvSchema, 'svc', { PORT: '1', NODE_ENV: 'production' })).toThrow(InvalidEnvironmentError);
  });
});
