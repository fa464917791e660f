import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { generateInternalKeyPair } from '../auth/internal-keys.js';
import { baseEnvSchema, InvalidEnvironmentError, loadEnv } from './env.js';
import { notDevelopmentValue, requiredInProduction, serviceProductionRules } from './production-rules.js';

const keys = generateInternalKeyPair();
const KEY = { INTERNAL_AUTH_PUBLIC_KEY: keys.publicKey };
/** What a production service is given when everything is in order. */
const PRODUCTION = {
  ...KEY,
  NODE_ENV: 'production',
  PORT: '3002',
  DATABASE_URL: 'postgres://hunted_brands:s3cret@db.internal:5432/hunted',
  REDIS_URL: 'rediss://:pw@redis.internal:6380',
};

/** The message loadEnv throws, or a failure when it does not throw. */
function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidEnvironmentError);
    return (error as Error).message;
  }
  throw new Error('expected the configuration to be refused');
}

describe('loadEnv', () => {
  const dir = mkdtempSync(join(tmpdir(), 'hunted-env-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('applies defaults for local development', () => {
    const env = loadEnv(baseEnvSchema, 'test-svc', { PORT: '3001', ...KEY });
    expect(env.PORT).toBe(3001);
    expect(env.REDIS_URL).toBe('redis://127.0.0.1:6379');
    expect(env.INTERNAL_AUTH_PUBLIC_KEY).toBe(keys.publicKey);
  });

  it('names every wrong variable in one message', () => {
    const schema = baseEnvSchema.extend({ SUPPORT_EMAIL: z.email() });
    expect(() =>
      loadEnv(schema, 'svc', { ...KEY, PORT: 'abc', REDIS_URL: 'http://x', SUPPORT_EMAIL: 'nope' }),
    ).toThrowError(/svc: invalid configuration[\s\S]*PORT[\s\S]*REDIS_URL[\s\S]*SUPPORT_EMAIL/);
  });

  it('requires the gateway public key, and refuses anything but an Ed25519 public key', () => {
    expect(refusal(() => loadEnv(baseEnvSchema, 'svc', { PORT: '1' }))).toMatch(
      /INTERNAL_AUTH_PUBLIC_KEY: must be set/,
    );
    expect(refusal(() => loadEnv(baseEnvSchema, 'svc', { PORT: '1', INTERNAL_AUTH_PUBLIC_KEY: 'secret' }))).toMatch(
      /INTERNAL_AUTH_PUBLIC_KEY: must be an Ed25519 public key/,
    );
    const x25519 = generateKeyPairSync('x25519').publicKey.export({ type: 'spki', format: 'pem' }).toString();
    expect(refusal(() => loadEnv(baseEnvSchema, 'svc', { PORT: '1', INTERNAL_AUTH_PUBLIC_KEY: x25519 }))).toMatch(
      /must be an Ed25519 public key, not x25519/,
    );
  });

  it('refuses the private key given as the public one', () => {
    expect(
      refusal(() => loadEnv(baseEnvSchema, 'svc', { PORT: '1', INTERNAL_AUTH_PUBLIC_KEY: keys.privateKey })),
    ).toMatch(/INTERNAL_AUTH_PUBLIC_KEY: must be an Ed25519 public key in PEM form/);
  });

  it('takes several public keys (rotation), each checked', () => {
    const next = generateInternalKeyPair();
    const both = `${keys.publicKey}${next.publicKey}`;
    expect(loadEnv(baseEnvSchema, 'svc', { PORT: '1', INTERNAL_AUTH_PUBLIC_KEY: both }).INTERNAL_AUTH_PUBLIC_KEY).toBe(
      both,
    );
    const withX25519 = `${keys.publicKey}${generateKeyPairSync('x25519').publicKey.export({ type: 'spki', format: 'pem' }).toString()}`;
    expect(refusal(() => loadEnv(baseEnvSchema, 'svc', { PORT: '1', INTERNAL_AUTH_PUBLIC_KEY: withX25519 }))).toMatch(
      /must be an Ed25519 public key, not x25519/,
    );
  });

  it('accepts a key written on one line with \\n escapes', () => {
    const oneLine = keys.publicKey.trim().replace(/\n/g, '\\n');
    expect(
      loadEnv(baseEnvSchema, 'svc', { PORT: '1', INTERNAL_AUTH_PUBLIC_KEY: oneLine }).INTERNAL_AUTH_PUBLIC_KEY,
    ).toBe(keys.publicKey.trim());
  });

  it('reads <NAME>_FILE for any variable, and names a file it cannot read', () => {
    const file = join(dir, 'public.pem');
    writeFileSync(file, keys.publicKey);
    expect(
      loadEnv(baseEnvSchema, 'svc', { PORT: '1', INTERNAL_AUTH_PUBLIC_KEY_FILE: file }).INTERNAL_AUTH_PUBLIC_KEY,
    ).toBe(keys.publicKey.trim());
    writeFileSync(join(dir, 'port'), '4321\n');
    expect(loadEnv(baseEnvSchema, 'svc', { ...KEY, PORT_FILE: join(dir, 'port') }).PORT).toBe(4321);
    expect(
      refusal(() =>
        loadEnv(baseEnvSchema, 'svc', { PORT: '1', INTERNAL_AUTH_PUBLIC_KEY_FILE: join(dir, 'missing.pem') }),
      ),
    ).toMatch(/INTERNAL_AUTH_PUBLIC_KEY_FILE: cannot read .*missing\.pem \(ENOENT\)/);
    expect(
      refusal(() => loadEnv(baseEnvSchema, 'svc', { ...KEY, PORT: '1', INTERNAL_AUTH_PUBLIC_KEY_FILE: file })),
    ).toMatch(/set either INTERNAL_AUTH_PUBLIC_KEY or INTERNAL_AUTH_PUBLIC_KEY_FILE, not both/);
  });
});

describe('loadEnv in production', () => {
  it('starts with explicit production values', () => {
    expect(loadEnv(baseEnvSchema, 'svc', PRODUCTION).DATABASE_URL).toBe(PRODUCTION.DATABASE_URL);
  });

  it('refuses the default (local) DATABASE_URL', () => {
    const { DATABASE_URL: _omitted, ...env } = PRODUCTION;
    expect(refusal(() => loadEnv(baseEnvSchema, 'svc', env))).toMatch(/DATABASE_URL: must be set in production/);
  });

  it('refuses a DATABASE_URL without a password', () => {
    const env = { ...PRODUCTION, DATABASE_URL: 'postgres://hunted_brands@db.internal:5432/hunted' };
    expect(refusal(() => loadEnv(baseEnvSchema, 'svc', env))).toMatch(
      /DATABASE_URL: must include a password in production/,
    );
  });

  it('refuses the docker compose default database passwords', () => {
    for (const url of [
      'postgres://postgres:postgres@db.internal:5432/hunted',
      'postgres://hunted_brands:hunted_brands@db.internal:5432/hunted',
      'postgres://hunted_brands:hunted_messaging@db.internal:5432/hunted',
    ]) {
      expect(refusal(() => loadEnv(baseEnvSchema, 'svc', { ...PRODUCTION, DATABASE_URL: url })), url).toMatch(
        /DATABASE_URL: carries a development password from docker-compose\.yml/,
      );
    }
    // Percent-encoded in the URL is the same password.
    const encoded = 'postgres://hunted_brands:hunted%5Fbrands@db.internal:5432/hunted';
    expect(refusal(() => loadEnv(baseEnvSchema, 'svc', { ...PRODUCTION, DATABASE_URL: encoded }))).toMatch(
      /DATABASE_URL: carries a development password/,
    );
  });

  it('refuses a REDIS_URL without a password, or with a compose default one', () => {
    for (const url of ['redis://redis.internal:6379', 'rediss://hunted-brands@redis.internal:6380']) {
      expect(refusal(() => loadEnv(baseEnvSchema, 'svc', { ...PRODUCTION, REDIS_URL: url })), url).toMatch(
        /REDIS_URL: must include a password in production/,
      );
    }
    expect(
      refusal(() => loadEnv(baseEnvSchema, 'svc', { ...PRODUCTION, REDIS_URL: 'redis://hunted-brands:hunted_brands@redis:6379' })),
    ).toMatch(/REDIS_URL: carries a development password from docker-compose\.yml/);
    // A password alone (the default user) and a user with its own password are both fine.
    for (const url of ['rediss://:pw@redis.internal:6380', 'rediss://hunted-brands:Xk2-long@redis.internal:6380']) {
      expect(loadEnv(baseEnvSchema, 'svc', { ...PRODUCTION, REDIS_URL: url }).REDIS_URL).toBe(url);
    }
  });

  it('refuses the default (local) REDIS_URL', () => {
    const { REDIS_URL: _omitted, ...env } = PRODUCTION;
    expect(refusal(() => loadEnv(baseEnvSchema, 'svc', env))).toMatch(/REDIS_URL: must be set in production/);
  });

  it('names every offending variable at once, schema errors and production refusals together', () => {
    const message = refusal(() => loadEnv(baseEnvSchema, 'svc', { NODE_ENV: 'production', PORT: 'abc' }));
    expect(message).toContain('svc: invalid configuration in environment variables (NODE_ENV=production):');
    for (const variable of ['PORT', 'INTERNAL_AUTH_PUBLIC_KEY', 'DATABASE_URL', 'REDIS_URL']) {
      expect(message).toMatch(new RegExp(`^  - ${variable}: `, 'm'));
    }
    expect(message.split('\n')).toHaveLength(5);
  });

  it('takes a service’s own rules after the base ones, one line per variable', () => {
    const schema = baseEnvSchema.extend({ API_TOKEN: z.string().default('dev-token') });
    const rules = [
      ...serviceProductionRules,
      requiredInProduction('API_TOKEN', 'the partner API token'),
      notDevelopmentValue('API_TOKEN', ['dev-token'], 'use your own'),
    ];
    expect(refusal(() => loadEnv(schema, 'svc', PRODUCTION, rules))).toMatch(
      /^ {2}- API_TOKEN: must be set in production \(the partner API token\)$/m,
    );
    const { REDIS_URL: _omitted, ...withoutRedis } = PRODUCTION;
    const message = refusal(() => loadEnv(schema, 'svc', { ...withoutRedis, API_TOKEN: 'dev-token' }, rules));
    expect(message).toMatch(/REDIS_URL: must be set/);
    expect(message).toMatch(/API_TOKEN: is the development value; use your own/);
    expect(loadEnv(schema, 'svc', { ...PRODUCTION, API_TOKEN: 'real' }, rules).API_TOKEN).toBe('real');
  });

  it('does not apply production rules in development or tests', () => {
    expect(loadEnv(baseEnvSchema, 'svc', { ...KEY, PORT: '1', NODE_ENV: 'test' }).DATABASE_URL).toMatch(
      /^postgres:\/\/postgres@/,
    );
  });
});
