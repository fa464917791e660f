import pg from 'pg';
import { Redis } from 'ioredis';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { IDENTITY_HEADER, signInternalToken, type AuthenticatedUser } from '@hunted/platform';
import { TEST_DATABASE_URL, TEST_INTERNAL_AUTH_SECRET, TEST_REDIS_URL } from '@hunted/platform/testing';
import { createBrandsApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';

export const admin: AuthenticatedUser = {
  id: 'u-admin',
  email: 'admin@hunted.test',
  firstName: 'Ada',
  lastName: 'Admin',
  isAdmin: true,
};
export const member: AuthenticatedUser = {
  id: 'u-member',
  email: 'member@hunted.test',
  firstName: 'Max',
  lastName: null,
  isAdmin: false,
};

export async function signedAs(user: AuthenticatedUser): Promise<Record<string, string>> {
  return { [IDENTITY_HEADER]: await signInternalToken(user, TEST_INTERNAL_AUTH_SECRET) };
}

export interface RunningBrands {
  app: NestFastifyApplication;
  base: string;
  /** A connection whose search_path is the test's schema. */
  db: pg.Client;
  close(): Promise<void>;
}

/** The real brands app on its own schema and Redis prefix, listening on a free port. */
export async function startBrands(schema: string): Promise<RunningBrands> {
  const redisPrefix = `test:${schema}:${process.pid}:`;
  const db = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await db.connect();
  await db.query(`drop schema if exists "${schema}" cascade`);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: TEST_DATABASE_URL,
    DATABASE_SCHEMA: schema,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: redisPrefix,
    INTERNAL_AUTH_SECRET: TEST_INTERNAL_AUTH_SECRET,
  });
  const app = await createBrandsApp(config);
  await app.listen(0, '127.0.0.1');
  await db.query(`set search_path to "${schema}"`);
  const base = `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`;
  return {
    app,
    base,
    db,
    async close() {
      await app.close();
      await db.query(`drop schema if exists "${schema}" cascade`);
      await db.end();
      const redis = new Redis(TEST_REDIS_URL);
      const keys = await redis.keys(`${redisPrefix}*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    },
  };
}
