import { startServiceApp, TEST_DATABASE_URL, testIdentityHeaders, testServiceEnv, type RunningServiceApp } from '@hunted/platform/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHuntersApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';

const SCHEMA = 'hunters_app_it';

/** Tables in the test schema (the migrations table and the platform's outbox and inbox, until features add theirs). */
async function tablesOf(schema: string): Promise<string[]> {
  const db = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await db.connect();
  try {
    const { rows } = await db.query<{ name: string }>(
      'select table_name as name from information_schema.tables where table_schema = $1 order by 1',
      [schema],
    );
    return rows.map((row) => row.name);
  } finally {
    await db.end();
  }
}

describe('hunters: the service as main.ts starts it', () => {
  let hunters: RunningServiceApp<NestFastifyApplication>;

  beforeAll(async () => {
    hunters = await startServiceApp(createHuntersApp, loadConfig(testServiceEnv(SCHEMA)));
  });

  afterAll(async () => {
    await hunters?.close();
  });

  it('migrates its own schema and is ready once PostgreSQL answers', async () => {
    expect(await tablesOf(SCHEMA)).toEqual(expect.arrayContaining(['migrations', 'outbox', 'inbox']));
    const ready = await fetch(`${hunters.base}/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ok' });
    expect(await (await fetch(`${hunters.base}/health`)).json()).toEqual({ status: 'ok', service: 'hunters' });
  });

  it('answers every request with a request id, and a route it does not have with 404, signed in or not', async () => {
    const headers = await testIdentityHeaders(
      { id: 'u-hunters', email: 'hunters@hunted.test', firstName: null, lastName: null, isAdmin: false },
      'hunters',
    );
    for (const init of [{}, { headers }]) {
      const response = await fetch(`${hunters.base}/api/hunters-that-do-not-exist`, init);
      expect(response.status).toBe(404);
      expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});
