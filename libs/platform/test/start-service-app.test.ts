import { Module, type DynamicModule } from '@nestjs/common';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseEnvSchema, createServiceApp, PlatformModule, type BaseEnv } from '../src/index.js';
import { startServiceApp, TEST_DATABASE_URL, TEST_REDIS_URL, testServiceEnv } from '../src/testing/index.js';

const SCHEMA = `start_app_${process.pid}`;

/** A service's create<Name>App: what startServiceApp is given. */
function createProbeApp(config: BaseEnv) {
  @Module({})
  class ProbeModule {
    static forRoot(): DynamicModule {
      return { module: ProbeModule, imports: [PlatformModule.forService({ name: 'probe', config, entities: [], migrations: [] })] };
    }
  }
  return createServiceApp(ProbeModule.forRoot(), { name: 'probe', config });
}

describe('startServiceApp', () => {
  const config = baseEnvSchema.parse(testServiceEnv(SCHEMA));
  let db: pg.Client;
  let redis: Redis;

  const schemaExists = async () =>
    (await db.query('select 1 from pg_namespace where nspname = $1', [SCHEMA])).rowCount === 1;
  const leftover = async () => (await db.query(`select count(*)::int as n from "${SCHEMA}".leftover`)).rows[0].n as number;

  beforeAll(async () => {
    db = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await db.connect();
    redis = new Redis(TEST_REDIS_URL);
  });

  afterAll(async () => {
    await db.query(`drop schema if exists "${SCHEMA}" cascade`);
    await db.end();
    await redis.quit();
  });

  it('starts the app on a fresh schema, on a free port, and its close() removes the schema and Redis keys', async () => {
    await db.query(`create schema if not exists "${SCHEMA}"; create table "${SCHEMA}".leftover (id int)`);
    await redis.set(`${config.REDIS_PREFIX}stale`, '1');

    const running = await startServiceApp(createProbeApp, config);
    expect(running.base).toBe(`http://127.0.0.1:${running.port}`);
    expect((await fetch(`${running.base}/health/ready`)).status).toBe(200);
    // The schema a previous run left behind is gone; the app migrated a new one.
    expect((await db.query(`select to_regclass('"${SCHEMA}".leftover') as t`)).rows[0].t).toBeNull();
    await redis.set(`${config.REDIS_PREFIX}made-by-the-test`, '1');

    await running.close();
    expect(await schemaExists()).toBe(false);
    expect(await redis.keys(`${config.REDIS_PREFIX}*`)).toEqual([]);
  });

  it('with fresh: false, starts on the data there and leaves it for the next start', async () => {
    await db.query(`create schema if not exists "${SCHEMA}"; create table if not exists "${SCHEMA}".leftover (id int)`);
    await db.query(`insert into "${SCHEMA}".leftover values (1)`);
    const running = await startServiceApp(createProbeApp, config, { fresh: false });
    await running.close();
    expect(await leftover()).toBe(1);
  });

  it('never deletes Redis keys outside a test: prefix, whatever the config says', async () => {
    const elsewhere = baseEnvSchema.parse(testServiceEnv(SCHEMA, { REDIS_PREFIX: 'hunted-not-a-test:' }));
    await redis.set('hunted-not-a-test:keep', '1');
    try {
      const running = await startServiceApp(createProbeApp, elsewhere);
      await running.close();
      expect(await redis.get('hunted-not-a-test:keep')).toBe('1');
    } finally {
      await redis.del('hunted-not-a-test:keep');
    }
  });
});
