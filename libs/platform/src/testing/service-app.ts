import type { INestApplication } from '@nestjs/common';
import { Redis } from 'ioredis';
import pg from 'pg';
import { IDENTITY_HEADER } from '../auth/internal-token.js';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { listenService } from '../bootstrap.js';
import type { BaseEnv } from '../config/env.js';
import type { AddressInfo } from 'node:net';
import { TEST_DATABASE_URL, TEST_INTERNAL_AUTH_PUBLIC_KEY, TEST_REDIS_URL, testIdentityToken, type TestCaller } from './test-env.js';

/**
 * The environment of a service under test, for its own `loadConfig`: the test database and Redis, with `schema` as
 * its schema and a Redis prefix named after it and this process, so test files never see each other's data.
 */
export function testServiceEnv(schema: string, env: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    // Nothing waits for a test's idle connections to go on close (Node's fetch keeps them 72 s, as the service's
    // keep-alive hint says); the drain itself is tested where it matters (platform shutdown-drain, live delivery).
    SHUTDOWN_DRAIN_MS: '0',
    // The schemas require a port; startServiceApp listens where it is told (a free port unless given).
    PORT: '1',
    DATABASE_URL: TEST_DATABASE_URL,
    DATABASE_SCHEMA: schema,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: `test:${schema}:${process.pid}:`,
    INTERNAL_AUTH_PUBLIC_KEY: TEST_INTERNAL_AUTH_PUBLIC_KEY,
    ...env,
  };
}

export interface StartServiceAppOptions {
  /** The port to listen on; a free one unless given (identity's tests name theirs before start, for redirects). */
  port?: number;
  /**
   * Start on an empty schema, and on close drop the schema and delete the Redis keys under `REDIS_PREFIX` (the
   * default). A test that starts the app again on the same data passes false and cleans up with the last one.
   */
  fresh?: boolean;
}

export interface RunningServiceApp<App extends INestApplication> {
  app: App;
  /** `http://127.0.0.1:<port>`. */
  base: string;
  port: number;
  /** `http://127.0.0.1:<ops port>` when the config sets `OPS_PORT` (`'0'` for a free one): `GET /metrics`. */
  opsBase?: string;
  /** Closes the app (and, when started fresh, removes its schema and Redis keys). */
  close(): Promise<void>;
}

/**
 * Starts a service in a test exactly as its main.ts does (`create<Name>App(config)` from its src/app.ts), listening
 * on 127.0.0.1. Its data lives only in the test database and test Redis: the schema and keys it cleans are always
 * looked up there, whatever the config points at (a private Redis or a proxy stays the test's own business).
 */
export async function startServiceApp<Config extends BaseEnv, App extends INestApplication>(
  create: (config: Config) => Promise<App>,
  config: Config,
  options: StartServiceAppOptions = {},
): Promise<RunningServiceApp<App>> {
  const fresh = options.fresh ?? true;
  if (fresh) await dropTestSchema(config);
  const app = await create(config);
  let opsPort: number | undefined;
  try {
    // As main.ts starts it (listenService), on 127.0.0.1: on the port asked for, else on port 0 and the port the
    // OS gave, read back. A free port picked first and bound afterwards can be taken in between (apps started side
    // by side).
    ({ opsPort } = await listenService(app as unknown as NestFastifyApplication, { ...config, PORT: options.port ?? 0, HOST: '127.0.0.1' }));
  } catch (error) {
    await app.close();
    throw error;
  }
  const port = (app.getHttpServer().address() as AddressInfo).port;
  return {
    app,
    base: `http://127.0.0.1:${port}`,
    port,
    ...(opsPort === undefined ? {} : { opsBase: `http://127.0.0.1:${opsPort}` }),
    async close() {
      await app.close();
      if (fresh) await removeTestData(config);
    },
  };
}

/** Drops the config's schema in the test database (nothing when it names none: the service's default is real). */
export async function dropTestSchema(config: BaseEnv): Promise<void> {
  if (!config.DATABASE_SCHEMA) return;
  const db = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await db.connect();
  try {
    await db.query(`drop schema if exists "${config.DATABASE_SCHEMA}" cascade`);
  } finally {
    await db.end();
  }
}

/** Drops the config's schema and deletes its keys from the test Redis (when the config uses the test Redis). */
export async function removeTestData(config: BaseEnv): Promise<void> {
  await dropTestSchema(config);
  if (config.REDIS_URL !== TEST_REDIS_URL || !config.REDIS_PREFIX.startsWith('test:')) return;
  const redis = new Redis(TEST_REDIS_URL, { lazyConnect: true });
  try {
    await redis.connect();
    for await (const keys of redis.scanStream({ match: `${config.REDIS_PREFIX}*`, count: 500 })) {
      if ((keys as string[]).length) await redis.del(...(keys as string[]));
    }
  } finally {
    redis.disconnect();
  }
}

/** The header the gateway sends a service for `user` (an identity token signed for that service). */
export async function testIdentityHeaders(user: TestCaller, service: string): Promise<Record<string, string>> {
  return { [IDENTITY_HEADER]: await testIdentityToken(user, service) };
}
