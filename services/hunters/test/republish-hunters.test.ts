import { DEFAULT_SESSION_TYPES, type HunterUpdatedV1, type OwnHunter } from '@hunted/contracts';
import { payloadProblems } from '@hunted/contracts/event-schemas';
import { startServiceApp, TEST_DATABASE_URL, testServiceEnv, type RunningServiceApp } from '@hunted/platform/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHuntersApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { RepublishHuntersForStatuses1797600010000 } from '../src/database/migrations/1797600010000-republish-hunters-for-statuses.js';
import { sendAs } from './member-requests.js';
import { adminHeaders, approveHunter } from './vetting-helpers.js';

const SCHEMA = 'hunters_republish_it';

/**
 * Issue 35 (decision 0096): reviews keeps a copy of each hunter's status, which it never stored, so this migration
 * publishes every hunter once more as hunters.hunter.updated, with what the hunter's last event carried.
 */
describe('hunters: every hunter published again for the copies of their status', () => {
  let hunters: RunningServiceApp<NestFastifyApplication>;
  let db: pg.Client;

  async function createProfile(userId: string, name: string): Promise<OwnHunter> {
    const created = await sendAs<OwnHunter>(hunters.base, 'POST', '/api/hunters', userId, {
      name,
      bio: `${name} finds rare handbags.`,
      location: 'France',
      specialties: ['Designer Handbags'],
      adviceTypes: ['Personal Shopping'],
      languages: ['French'],
      yearsExperience: 5,
      sessionTypes: DEFAULT_SESSION_TYPES,
    });
    expect(created.status).toBe(201);
    return created.body;
  }

  /** The hunter's created and updated events, oldest first. */
  async function eventsOf(hunterId: number): Promise<{ type: string; data: HunterUpdatedV1 }[]> {
    const { rows } = await db.query<{ type: string; data: HunterUpdatedV1 }>(
      `select type, data from outbox
        where type in ('hunters.hunter.created', 'hunters.hunter.updated') and (data->>'hunterId')::int = $1
        order by seq`,
      [hunterId],
    );
    return rows;
  }

  beforeAll(async () => {
    hunters = await startServiceApp(createHuntersApp, loadConfig(testServiceEnv(SCHEMA)));
    db = new pg.Client({ connectionString: TEST_DATABASE_URL, options: `-c search_path=${SCHEMA}` });
    await db.connect();
  });

  afterAll(async () => {
    await db?.end();
    await hunters?.close();
  });

  it('writes one hunters.hunter.updated per hunter, in id order, equal to its last event, whatever its status', async () => {
    const pending = await createProfile('republish-pending', 'Penny Pending');
    const approved = await createProfile('republish-approved', 'Alma Approved');
    await approveHunter(hunters.base, approved.id);
    const suspended = await createProfile('republish-suspended', 'Sid Suspended');
    await approveHunter(hunters.base, suspended.id);
    const suspension = await fetch(`${hunters.base}/api/admin/hunters/${suspended.id}/suspend`, {
      method: 'POST',
      headers: await adminHeaders(),
      body: JSON.stringify({ reason: 'Complaints from clients' }),
    });
    expect(suspension.status).toBe(200);
    // An approved hunter's rename waits for review (decision 0089): the event must carry the live name, not it.
    const renamed = await sendAs(hunters.base, 'PATCH', `/api/hunters/${approved.id}`, 'republish-approved', {
      name: 'Someone Else',
    });
    expect(renamed.status).toBe(200);

    const ids = [pending.id, approved.id, suspended.id];
    const lastBefore = new Map<number, HunterUpdatedV1>();
    for (const id of ids) lastBefore.set(id, (await eventsOf(id)).at(-1)!.data);
    const { rows: seqRows } = await db.query<{ seq: string }>(`select coalesce(max(seq), 0) as seq from outbox`);
    const seqBefore = Number(seqRows[0]!.seq);

    const runner = hunters.app.get(DataSource).createQueryRunner();
    try {
      await new RepublishHuntersForStatuses1797600010000().up(runner);
    } finally {
      await runner.release();
    }

    const { rows } = await db.query<{ type: string; version: number; data: HunterUpdatedV1 }>(
      `select type, version, data from outbox where seq > $1 order by seq`,
      [seqBefore],
    );
    expect(rows.map((row) => row.data.hunterId)).toEqual([...ids].sort((a, b) => a - b));
    for (const row of rows) {
      expect(row).toMatchObject({ type: 'hunters.hunter.updated', version: 1 });
      // The migration's SQL is frozen before hunters had a zone or a currency (issue 38): its events carry neither,
      // which consumers read as the location's zone and pounds, what these hunters have.
      const { timeZone: _zone, currency: _currency, ...last } = lastBefore.get(row.data.hunterId)!;
      expect(row.data).toEqual(last);
      expect(payloadProblems('hunters.hunter.updated', row.data)).toBeNull();
    }
    expect(rows.map((row) => [row.data.name, row.data.status])).toEqual([
      ['Penny Pending', 'pending'],
      ['Alma Approved', 'approved'],
      ['Sid Suspended', 'suspended'],
    ]);
  });
});
