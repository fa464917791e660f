import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  startServiceApp,
  TEST_DATABASE_URL,
  TEST_REDIS_URL,
  testServiceEnv,
  type RunningServiceApp,
} from '@hunted/platform/testing';
import { Redis } from 'ioredis';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrandsApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { SharedBookingCopies1796400000000 } from '../src/database/migrations/1796400000000-shared-booking-copies.js';

const SCHEMA = 'brands_booking_copies_it';
const REDIS_PREFIX = `test:brands-booking-copies:${process.pid}:`;
const CONFIRMED = '3f1c1f5e-0000-4000-8000-000000000001';
const REVOKED = '3f1c1f5e-0000-4000-8000-000000000002';

/**
 * Decision 0085's migration, run on the copy it replaces: every `passport_grants` row moves to `booking_copies` with
 * its shares, end, grant and revocation, and a passport window derived once from them, the same as brands answered.
 * (The app has run every migration: down() brings the old table back first, with the rows to move.)
 */
describe('brands: passport_grants moved into the shared booking copy', () => {
  let brands: RunningServiceApp<NestFastifyApplication>;
  let db: pg.Client;

  beforeAll(async () => {
    brands = await startServiceApp(createBrandsApp, loadConfig(testServiceEnv(SCHEMA, { REDIS_PREFIX })));
    db = new pg.Client({ connectionString: TEST_DATABASE_URL, options: `-c search_path=${SCHEMA}` });
    await db.connect();
  }, 60_000);

  afterAll(async () => {
    await brands?.close();
    await db?.query(`drop schema if exists ${SCHEMA} cascade`);
    await db?.end();
    const redis = new Redis(TEST_REDIS_URL);
    const keys = await redis.keys(`${REDIS_PREFIX}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('moves every grant without loss: shares, end, grant, revocation, and the window they gave', async () => {
    const runner = brands.app.get(DataSource).createQueryRunner();
    const migration = new SharedBookingCopies1796400000000();
    const shares = { question: true, savedBrands: true, votedBrands: false, filterHabits: true, reviewedBrands: false };
    try {
      await migration.down(runner);
      await db.query(
        `insert into passport_grants (booking_id, client_user_id, hunter_user_id, shares, ends_at, granted_at, revoked_at, sequence)
         values ($1, 'u-client', 'u-hunter', $3::jsonb, '2026-06-01T11:00:00Z', '2026-05-20T09:00:00Z', null, 1),
                ($2, 'u-client', null, $3::jsonb, '2026-06-02T11:00:00Z', '2026-05-21T09:00:00Z', '2026-05-22T09:00:00Z', 2)`,
        [CONFIRMED, REVOKED, JSON.stringify(shares)],
      );
      await migration.up(runner);
    } finally {
      await runner.release();
    }

    const { rows } = await db.query(
      `select booking_id, client_user_id, hunter_user_id, passport, ends_at, first_heard_at, status, sequence, passport_until
         from booking_copies order by booking_id`,
    );
    expect(rows).toEqual([
      {
        booking_id: CONFIRMED, client_user_id: 'u-client', hunter_user_id: 'u-hunter', passport: shares,
        ends_at: new Date('2026-06-01T11:00:00Z'), first_heard_at: new Date('2026-05-20T09:00:00Z'), status: 'confirmed',
        sequence: 1, passport_until: new Date('2026-06-08T11:00:00Z'),
      },
      {
        booking_id: REVOKED, client_user_id: 'u-client', hunter_user_id: null, passport: shares,
        ends_at: new Date('2026-06-02T11:00:00Z'), first_heard_at: new Date('2026-05-21T09:00:00Z'), status: 'cancelled',
        sequence: 2, passport_until: new Date('2026-06-09T11:00:00Z'),
      },
    ]);
    const { rows: old } = await db.query(`select to_regclass('passport_grants') as old`);
    expect(old).toEqual([{ old: null }]);
  });
});
