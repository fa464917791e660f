import { randomUUID } from 'node:crypto';
import { Injectable, Module, type DynamicModule } from '@nestjs/common';
import type { IntegrationEvent, UserRegisteredV1, UserUpdatedV1 } from '@hunted/contracts';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import type { EntityManager, MigrationInterface, QueryRunner } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createServiceApp,
  CREATE_USERS_COPY_TABLE,
  EventConsumer,
  EventsModule,
  PlatformModule,
  USER_COPY_HANDLERS,
  UserCopies,
  UserCopiesModule,
  type UserCopiesOptions,
  type UserCopyWriter,
  type UserFacts,
  type UserRegisteredFollowUp,
} from '../../src/index.js';
import { TEST_DATABASE_URL, TEST_REDIS_URL, testConfig } from '../../src/testing/index.js';

const RUN = `${process.pid}_${randomUUID().slice(0, 8)}`;
const PREFIX = `test:user-copies:${RUN}:`;

class CreateCopies1700000000002 implements MigrationInterface {
  name = 'CreateCopies1700000000002';
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(CREATE_USERS_COPY_TABLE);
    await queryRunner.query('alter table users add column email text');
    await queryRunner.query('create table registrations (user_id text primary key, email text not null)');
  }
  async down(): Promise<void> {}
}

/** A service's own writer, as messaging's MemberCopies: the platform's columns plus the email, set only with them. */
@Injectable()
class EmailCopies implements UserCopyWriter {
  constructor(private readonly users: UserCopies) {}
  async apply(manager: EntityManager, user: UserFacts & { email: string }, occurredAt: string): Promise<void> {
    await this.users.apply(manager, user, occurredAt);
    await manager.query('update users set email = $2 where user_id = $1 and updated_at = $3', [user.userId, user.email, occurredAt]);
  }
}

/** A registration's follow-up, as hunters' demo claim; refuses one email so a test can see the transaction roll back. */
@Injectable()
class RecordRegistration implements UserRegisteredFollowUp {
  async userRegistered(manager: EntityManager, user: UserRegisteredV1): Promise<void> {
    if (user.email === 'refused@example.test') throw new Error('refused by the follow-up');
    await manager.query('insert into registrations (user_id, email) values ($1, $2)', [user.userId, user.email]);
  }
}

function probeModule(schema: string, copies: UserCopiesOptions | undefined): DynamicModule {
  @Module({})
  class ProbeModule {}
  const config = testConfig({ DATABASE_SCHEMA: schema, REDIS_PREFIX: PREFIX });
  return {
    module: ProbeModule,
    imports: [
      PlatformModule.forService({ name: 'probe', config, entities: [], migrations: [CreateCopies1700000000002] }),
      EventsModule.forService({ consumes: [...USER_COPY_HANDLERS], imports: [UserCopiesModule.forService(copies)] }),
    ],
  };
}

function userEvent<T extends 'identity.user.registered' | 'identity.user.updated'>(
  type: T,
  data: UserRegisteredV1,
  occurredAt: string,
): IntegrationEvent<T> {
  const payload = type === 'identity.user.updated' ? ({ ...data, instagramUrl: null } satisfies UserUpdatedV1) : data;
  return { id: randomUUID(), type, version: 1, occurredAt, data: payload } as IntegrationEvent<T>;
}

function user(overrides: Partial<UserRegisteredV1> = {}): UserRegisteredV1 {
  return { userId: randomUUID(), email: 'ada@example.test', firstName: 'Ada', lastName: 'Lovelace', profileImageUrl: null, ...overrides };
}

describe("the platform's users copy: handlers and module", () => {
  const db = new pg.Client({ connectionString: TEST_DATABASE_URL });
  const schemas = { plain: `user_copies_plain_${RUN}`, own: `user_copies_own_${RUN}` };
  const apps: NestFastifyApplication[] = [];
  let plain: EventConsumer;
  let own: EventConsumer;

  async function start(schema: string, copies?: UserCopiesOptions): Promise<EventConsumer> {
    const app = await createServiceApp(probeModule(schema, copies), { name: 'probe', config: testConfig({ DATABASE_SCHEMA: schema, REDIS_PREFIX: PREFIX }) });
    await app.init();
    apps.push(app);
    return app.get(EventConsumer);
  }

  async function copyOf(schema: string, userId: string) {
    const { rows } = await db.query(`select first_name, email from "${schema}".users where user_id = $1`, [userId]);
    return rows[0] ?? null;
  }

  beforeAll(async () => {
    await db.connect();
    plain = await start(schemas.plain);
    own = await start(schemas.own, { writer: EmailCopies, onRegistered: RecordRegistration });
  });

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    for (const schema of Object.values(schemas)) await db.query(`drop schema if exists "${schema}" cascade`);
    await db.end();
    const redis = new Redis(TEST_REDIS_URL);
    const keys = await redis.keys(`${PREFIX}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('copies a registration and an update, and an older event arriving later changes nothing', async () => {
    const ada = user();
    expect(await plain.apply(userEvent('identity.user.registered', ada, '2026-03-01T10:00:00.000Z'))).toBe(true);
    expect(await copyOf(schemas.plain, ada.userId)).toEqual({ first_name: 'Ada', email: null });

    await plain.apply(userEvent('identity.user.updated', { ...ada, firstName: 'Augusta' }, '2026-03-02T10:00:00.000Z'));
    await plain.apply(userEvent('identity.user.updated', { ...ada, firstName: 'Stale' }, '2026-03-01T12:00:00.000Z'));
    expect(await copyOf(schemas.plain, ada.userId)).toEqual({ first_name: 'Augusta', email: null });
  });

  it("uses a service's own writer and runs its registration follow-up in the same transaction", async () => {
    const ada = user();
    await own.apply(userEvent('identity.user.registered', ada, '2026-03-01T10:00:00.000Z'));
    expect(await copyOf(schemas.own, ada.userId)).toEqual({ first_name: 'Ada', email: 'ada@example.test' });
    const { rows } = await db.query(`select email from "${schemas.own}".registrations where user_id = $1`, [ada.userId]);
    expect(rows).toEqual([{ email: 'ada@example.test' }]);

    // An older update, with another address, brings back neither its name nor its address.
    await own.apply(userEvent('identity.user.updated', { ...ada, firstName: 'Stale', email: 'old@example.test' }, '2026-02-01T10:00:00.000Z'));
    expect(await copyOf(schemas.own, ada.userId)).toEqual({ first_name: 'Ada', email: 'ada@example.test' });

    const refused = user({ email: 'refused@example.test' });
    await expect(own.apply(userEvent('identity.user.registered', refused, '2026-03-01T10:00:00.000Z'))).rejects.toThrow('refused by the follow-up');
    expect(await copyOf(schemas.own, refused.userId)).toBeNull();
  });
});
