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
import { createHuntersApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { SharedBookingCopies1796400000000 } from '../src/database/migrations/1796400000000-shared-booking-copies.js';

const SCHEMA = 'hunters_booking_copies_it';
const REDIS_PREFIX = `test:hunters-booking-copies:${process.pid}:`;

/**
 * Decision 0085's migration, run on the copy it replaces: every `hunter_client_sessions` row moves to
 * `booking_copies` with its completion and mark, and an outcome derived once from them that opens the same sessions
 * to an edit as before (a session marked held before its end at once); the edits keep pointing at their sessions.
 * (The app has run every migration: down() brings the old table back first, with the rows to move.)
 */
describe('hunters: hunter_client_sessions moved into the shared booking copy', () => {
  let hunters: RunningServiceApp<NestFastifyApplication>;
  let db: pg.Client;

  beforeAll(async () => {
    hunters = await startServiceApp(createHuntersApp, loadConfig(testServiceEnv(SCHEMA, { REDIS_PREFIX })));
    db = new pg.Client({ connectionString: TEST_DATABASE_URL, options: `-c search_path=${SCHEMA}` });
    await db.connect();
  }, 60_000);

  afterAll(async () => {
    await hunters?.close();
    await db?.query(`drop schema if exists ${SCHEMA} cascade`);
    await db?.end();
    const redis = new Redis(TEST_REDIS_URL);
    const keys = await redis.keys(`${REDIS_PREFIX}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('moves every session without loss and opens to an edit exactly the sessions that were held', async () => {
    const { rows: [hunter] } = await db.query<{ id: number }>(
      `insert into hunters (name, location, session_types, time_zone) values ('Ada', 'UK', '{}', 'Europe/London') returning id`,
    );
    const runner = hunters.app.get(DataSource).createQueryRunner();
    const migration = new SharedBookingCopies1796400000000();
    try {
      await migration.down(runner);
      await db.query(
        `insert into hunter_client_sessions (booking_id, hunter_id, client_user_id, ends_at, completed_at, attendance, updated_at)
         values ('b-completed', $1, 'u-cleo', now() - interval '2 hours', now() - interval '1 hour', null, now() - interval '1 hour'),
                ('b-marked-early', $1, 'u-cleo', now() + interval '30 minutes', null, 'held', now() - interval '10 minutes'),
                ('b-no-show', $1, 'u-cleo', now() - interval '2 hours', now() - interval '1 hour', 'no_show', now() - interval '1 hour'),
                ('b-unended', $1, 'u-dan', now() + interval '1 day', null, null, now())`,
        [hunter!.id],
      );
      await db.query(
        `insert into hunter_edits (booking_id, hunter_id, client_user_id, title) values ('b-completed', $1, 'u-cleo', 'An edit')`,
        [hunter!.id],
      );
      await migration.up(runner);
    } finally {
      await runner.release();
    }

    const { rows } = await db.query(
      `select booking_id, hunter_id, client_user_id, status, attendance, starts_at, session_type,
              editable_from is not null and editable_from <= now() as editable
         from booking_copies order by booking_id`,
    );
    const moved = { hunter_id: hunter!.id, starts_at: null, session_type: null };
    expect(rows).toEqual([
      { ...moved, booking_id: 'b-completed', client_user_id: 'u-cleo', status: 'completed', attendance: null, editable: true },
      { ...moved, booking_id: 'b-marked-early', client_user_id: 'u-cleo', status: 'confirmed', attendance: 'held', editable: true },
      { ...moved, booking_id: 'b-no-show', client_user_id: 'u-cleo', status: 'completed', attendance: 'no_show', editable: false },
      { ...moved, booking_id: 'b-unended', client_user_id: 'u-dan', status: 'confirmed', attendance: null, editable: false },
    ]);
    const { rows: old } = await db.query(`select to_regclass('hunter_client_sessions') as old`);
    expect(old).toEqual([{ old: null }]);
    const { rows: edits } = await db.query(`select e.booking_id from hunter_edits e join booking_copies c using (booking_id)`);
    expect(edits).toEqual([{ booking_id: 'b-completed' }]);
    await expect(
      db.query(`insert into hunter_edits (booking_id, hunter_id, client_user_id, title) values ('b-none', $1, 'u', 'x')`, [hunter!.id]),
    ).rejects.toThrow(/hunter_edits_booking_id_fkey/);
  });
});
