import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { startServiceApp, TEST_DATABASE_URL, testIdentityHeaders, testServiceEnv } from '@hunted/platform/testing';
import pg from 'pg';
import { createBrandsApp } from '../src/app.js';
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

/** Starts the brands service as main.ts does, on a fresh schema of its own, listening on a free port. */
export async function startBrands(schema: string, env: Record<string, string> = {}): Promise<RunningBrands> {
  const config = loadConfig(testServiceEnv(schema, env));
  const running = await startServiceApp(createBrandsApp, config);
  const db = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await db.connect();
  return {
    app: running.app,
    base: running.base,
    db,
    config,
    query: (sql, params = []) => db.query(sql.replaceAll('$S', schema), params),
    async londonToday() {
      const { rows } = await db.query<{ day: string }>(`select to_char(now() at time zone 'Europe/London', 'YYYY-MM-DD') as day`);
      return rows[0]!.day;
    },
    async stop() {
      await db.end();
      await running.close();
    },
  };
}

/** Headers the gateway would send for a signed-in user. */
export function signedIn(userId: string, isAdmin = false): Promise<Record<string, string>> {
  return testIdentityHeaders({ id: userId, email: `${userId}@example.test`, firstName: null, lastName: null, isAdmin }, 'brands');
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
