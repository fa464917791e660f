import { z } from 'zod';

/** Variables every service reads. A service extends this with its own. */
export const baseEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535),
  HOST: z.string().default('127.0.0.1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).default('postgres://postgres@127.0.0.1:5432/hunted'),
  /** The service's own schema; defaults to the service name. */
  DATABASE_SCHEMA: z.string().regex(/^[a-z_][a-z0-9_]*$/).optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).default('redis://127.0.0.1:6379'),
  /** Prefix for every Redis key and stream, so tests and runs never share state. */
  REDIS_PREFIX: z.string().default('hunted:'),
  /** HMAC key for the gateway's signed identity token; services refuse tokens signed with anything else. */
  INTERNAL_AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').default('dev-only-internal-auth-secret-change-me-0000'),
});

export type BaseEnv = z.infer<typeof baseEnvSchema>;

export class InvalidEnvironmentError extends Error {}

/**
 * Parses process.env against a schema at start-up. A wrong or missing variable stops the process with a
 * message naming each offending variable, rather than failing later somewhere obscure.
 */
export function loadEnv<S extends z.ZodObject>(schema: S, service: string, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  - ${issue.path.join('.') || '(root)'}: ${issue.message}`);
    throw new InvalidEnvironmentError(`${service}: invalid configuration in environment variables:\n${lines.join('\n')}`);
  }
  const value = parsed.data as z.infer<S> & BaseEnv;
  if (value.NODE_ENV === 'production' && value.INTERNAL_AUTH_SECRET.startsWith('dev-only')) {
    throw new InvalidEnvironmentError(`${service}: INTERNAL_AUTH_SECRET must be set to a secret value in production`);
  }
  return value;
}
