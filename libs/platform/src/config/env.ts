import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { internalPublicKeySchema } from '../auth/internal-keys.js';
import { databasePoolEnvShape } from '../database/pool.js';
import { productionOffences, serviceProductionRules, type ProductionRule } from './production-rules.js';

/**
 * How long a stopping service waits, by default, for its callers to let go of their idle keep-alive connections
 * before it closes what is left (`SHUTDOWN_DRAIN_MS`). The gateway's pool lets an idle connection go sooner
 * (`UPSTREAM_IDLE_TIMEOUT_MS` is held below this), so a service never closes one the gateway may be writing a
 * request onto at that moment.
 */
export const SERVICE_SHUTDOWN_DRAIN_MS = 6_000;

/** Variables every service reads. A service extends this with its own. */
export const baseEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535),
  HOST: z.string().default('127.0.0.1'),
  /** The internal ops listener (`GET /metrics`); unset, the service serves no metrics (tests, one-off tools). */
  OPS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** A request taking at least this many milliseconds is logged (at warn) whatever LOG_LEVEL hides otherwise. */
  LOG_SLOW_REQUEST_MS: z.coerce.number().int().positive().default(1000),
  /**
   * See SERVICE_SHUTDOWN_DRAIN_MS. At most 9 s: Fastify gives its close hooks 10 s, and k8s's 30 s grace also
   * holds the 5 s preStop pause and the consumers' own wind-down.
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(9_000).default(SERVICE_SHUTDOWN_DRAIN_MS),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).default('postgres://postgres@127.0.0.1:5432/hunted'),
  /** The service's own schema; defaults to the service name. */
  DATABASE_SCHEMA: z.string().regex(/^[a-z_][a-z0-9_]*$/).optional(),
  ...databasePoolEnvShape,
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).default('redis://127.0.0.1:6379'),
  /** Prefix for every Redis key and stream, so tests and runs never share state. */
  REDIS_PREFIX: z.string().default('hunted:'),
  /** Events stay this long in Redis streams, inboxes, dead letters and published outbox rows (longer than any consumer may be down). */
  EVENT_RETENTION_DAYS: z.coerce.number().positive().max(365).default(7),
  /** Each dead-letter stream keeps about this many entries; a warning is logged when it is full. */
  EVENT_DEAD_LETTER_MAX_LENGTH: z.coerce.number().int().min(100).default(10_000),
  /**
   * `on` lets an end-to-end test move every service's clock of session rules forward together (clock/clock.ts);
   * production refuses it.
   */
  TEST_CLOCK: z.enum(['on', 'off']).default('off'),
  /** The gateway's Ed25519 public key (PEM): services accept only identity tokens it verifies. */
  INTERNAL_AUTH_PUBLIC_KEY: internalPublicKeySchema,
});

export type BaseEnv = z.infer<typeof baseEnvSchema>;

export class InvalidEnvironmentError extends Error {}

/**
 * `<NAME>_FILE` stands for `<NAME>` with the content of that file (Docker and Kubernetes secrets mounted as
 * files), for every variable of the schema. Returns the variables with those files read, and what went wrong.
 */
function readFileVariables(names: readonly string[], env: NodeJS.ProcessEnv): { values: NodeJS.ProcessEnv; problems: string[] } {
  const values: NodeJS.ProcessEnv = { ...env };
  const problems: string[] = [];
  for (const name of names) {
    const path = env[`${name}_FILE`];
    if (!path) continue;
    if (env[name]) {
      problems.push(`${name}: set either ${name} or ${name}_FILE, not both`);
      continue;
    }
    try {
      values[name] = readFileSync(path, 'utf8').replace(/[\r\n]+$/, '');
    } catch (error) {
      problems.push(`${name}_FILE: cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
    }
  }
  return { values, problems };
}

/**
 * Parses process.env against a schema at start-up. A wrong or missing variable stops the process with a
 * message naming each offending variable, rather than failing later somewhere obscure. With
 * NODE_ENV=production the variables must also pass `productionRules` (by default every service's: see
 * production-rules.ts); a service adds its own to that list, the gateway gives its own list.
 */
export function loadEnv<S extends z.ZodObject>(
  schema: S,
  service: string,
  env: NodeJS.ProcessEnv = process.env,
  productionRules: readonly ProductionRule[] = serviceProductionRules,
): z.infer<S> {
  const { values, problems } = readFileVariables(Object.keys(schema.shape), env);
  const parsed = schema.safeParse(values);
  const lines = [...problems];
  const invalid = new Set<string>();
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const variable = issue.path.join('.') || '(root)';
      invalid.add(variable);
      lines.push(`${variable}: ${issue.message}`);
    }
  }
  const production = values.NODE_ENV === 'production';
  if (production) {
    for (const [variable, problem] of productionOffences(productionRules, values)) {
      if (!invalid.has(variable)) lines.push(`${variable}: ${problem}`);
    }
  }
  if (lines.length > 0 || !parsed.success) {
    const context = production ? ' (NODE_ENV=production)' : '';
    throw new InvalidEnvironmentError(
      `${service}: invalid configuration in environment variables${context}:\n${lines.map((line) => `  - ${line}`).join('\n')}`,
    );
  }
  return parsed.data as z.infer<S>;
}
