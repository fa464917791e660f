import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createServiceApp, IDENTITY_HEADER, signInternalToken } from '@hunted/platform';
import { TEST_DATABASE_URL, TEST_INTERNAL_AUTH_SECRET, TEST_REDIS_URL } from '@hunted/platform/testing';
import { Redis } from 'ioredis';
import pg from 'pg';
import { AppModule } from '../src/app.module.js';
import { loadConfig, type BrandsConfig } from '../src/config.js';

export interface RunningBrands {
  app: NestFastifyApplication;
  base: string;
  db: pg.Client;
  config: BrandsConfig;
  /** Runs SQL with `$S` standing for the test's schema. */
  query(sql: string, params?: unknown[]): Promise<pg.QueryResult>;
  /** Today's date in Europe/London (YYYY-MM-DD), as the database sees it. */
  londonToday(): Promise<string>;
  stop(): Promise<void>;
}

/** Starts the brands service on a fresh schema of its own, listening on a free port. */
export async function startBrands(schema: string, env: Record<string, string> = {}): Promise<RunningBrands> {
  const db = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await db.connect();
  await db.query(`drop schema if exists ${schema} cascade`);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: '3002', // required by the schema; the test listens on a free port instead
    DATABASE_URL: TEST_DATABASE_URL,
    DATABASE_SCHEMA: schema,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: `test:${schema}:${process.pid}:`,
    INTERNAL_AUTH_SECRET: TEST_INTERNAL_AUTH_SECRET,
    ...env,
  });
  const app = await createServiceApp(AppModule.forRoot(config), { name: 'brands', config });
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as { port: number };
  return {
    app,
    base: `http://127.0.0.1:${port}`,
    db,
    config,
    query: (sql, params = []) => db.query(sql.replaceAll('$S', schema), params),
    async londonToday() {
      const { rows } = await db.query<{ day: string }>(`select to_char(now() at time zone 'Europe/London', 'YYYY-MM-DD') as day`);
      return rows[0]!.day;
    },
    async stop() {
      await app.close();
      await db.query(`drop schema if exists ${schema} cascade`);
      await db.end();
      const redis = new Redis(TEST_REDIS_URL);
      const keys = await redis.keys(`${config.REDIS_PREFIX}*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    },
  };
}

/** Headers the gateway would send for a signed-in user. */
export async function signedIn(userId: string, isAdmin = false): Promise<Record<string, string>> {
  return {
    [IDENTITY_HEADER]: await signInternalToken(
      { id: userId, email: `${userId}@example.test`, firstName: null, lastName: null, isAdmin },
      TEST_INTERNAL_AUTH_SECRET,
    ),
  };
}

export interface BrandSeed {
  name: string;
  category?: string;
  location?: string;
  delivery?: string;
  description?: string;
  rating?: number;
  votes?: number;
  tags?: string[];
  hashtags?: string[];
  priceCategory?: string;
  featured?: boolean;
  featuredDate?: string | null;
}

/** A brand written straight to the table (as the admin or CSV paths would), returning its id. */
export async function insertBrand(db: pg.Client, schema: string, seed: BrandSeed): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `insert into ${schema}.brands (name, description, category, location, delivery, image_url, website_url, rating,
       votes, tags, hashtags, price_category, featured, featured_date)
     values ($1, $2, $3, $4, $5, 'https://img.example/x.jpg', 'https://brand.example', $6, $7, $8, $9, $10, $11, $12)
     returning id`,
    [
      seed.name,
      seed.description ?? `${seed.name} makes things.`,
      seed.category ?? 'Clothing',
      seed.location ?? 'UK',
      seed.delivery ?? 'Europe Wide',
      seed.rating ?? 0,
      seed.votes ?? 0,
      seed.tags ?? [],
      seed.hashtags ?? [],
      seed.priceCategory ?? '££',
      seed.featured ?? false,
      seed.featuredDate ?? null,
    ],
  );
  return rows[0]!.id;
}

export async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}
