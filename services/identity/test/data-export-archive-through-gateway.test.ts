import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Module } from '@nestjs/common';
import { RIGHTS_SERVICES, type DataExportView, type RightsService } from '@hunted/contracts';
import {
  binaryFile,
  createServiceApp,
  CREATE_DATA_EXPORT_FILES_TABLE,
  CREATE_DATA_EXPORT_FILES_USER_INDEX,
  EventsModule,
  jsonFile,
  loadEnv,
  baseEnvSchema,
  PlatformModule,
  RIGHTS_HANDLERS,
  RightsModule,
  SERVICE_NAME,
  textFile,
  type DataExportContributor,
  type ExportFile,
  type UserDataEraser,
} from '@hunted/platform';
import {
  dropTestSchema,
  removeTestData,
  startServiceApp,
  testServiceEnv,
  TEST_PNG,
  waitFor,
  type RunningServiceApp,
} from '@hunted/platform/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { unzipSync } from 'fflate';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARCHIVE_EXPIRED, ARCHIVE_UNAVAILABLE } from '../../../gateway/src/data-exports/data-export-archive.js';
import { startGatewayInFront, type GatewayInFront } from '../../../gateway/test/support/test-gateway.js';
import { createIdentityApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { signSessionId } from '../src/sessions/session-cookie.js';
import { SessionStore } from '../src/sessions/session.store.js';
import { UsersService } from '../src/users/users.service.js';

/**
 * The member's download as the page asks for it: through the real gateway, which answers the archive itself, in
 * front of the real identity and five services running the platform's own rights kit (RightsModule, its part route
 * and RIGHTS_HANDLERS), each contributing a README, a JSON file and a photo of the member. The saga runs on real
 * events: identity's request, each service's part-ready, identity's ready.
 */

const SCHEMA = 'identity_archive_it';
const SESSION_SECRET = 'test-session-secret-0123456789abcdef0123';
const REDIS_PREFIX = `test:identity-archive:${process.pid}:`;

/** A service's part: what a real one holds, in miniature (its README's first line is its folder's summary). */
@Injectable()
class SampleContributor implements DataExportContributor {
  constructor(@Inject(SERVICE_NAME) private readonly service: RightsService) {}

  async collect(_manager: unknown, userId: string): Promise<ExportFile[]> {
    return [
      textFile(this.service, 'README.md', `What ${this.service} holds about you.\n\n- records.json: your records.\n`),
      jsonFile(this.service, 'records.json', { userId, service: this.service }),
      binaryFile(this.service, 'photo.png', 'image/png', TEST_PNG),
    ];
  }
}

@Injectable()
class NothingToErase implements UserDataEraser {
  async erase(): Promise<void> {}
}

class PartsTable1797900000001 implements MigrationInterface {
  name = 'PartsTable1797900000001';
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(CREATE_DATA_EXPORT_FILES_TABLE);
    await queryRunner.query(CREATE_DATA_EXPORT_FILES_USER_INDEX);
  }
  async down(): Promise<void> {}
}

function partServiceModule(service: RightsService, config: ReturnType<typeof loadEnv<typeof baseEnvSchema>>) {
  const rights = RightsModule.forService({ service, contributor: SampleContributor, eraser: NothingToErase });
  @Module({
    imports: [
      PlatformModule.forService({ name: service, config, entities: [], migrations: [PartsTable1797900000001], relay: { pollIntervalMs: 50 } }),
      rights,
      EventsModule.forService({ consumes: [...RIGHTS_HANDLERS], imports: [rights] }),
    ],
  })
  class PartServiceModule {}
  return PartServiceModule;
}

describe('the data archive through the gateway', () => {
  let identity: RunningServiceApp<NestFastifyApplication>;
  const services = new Map<RightsService, RunningServiceApp<NestFastifyApplication>>();
  const configs = new Map<RightsService, ReturnType<typeof loadEnv<typeof baseEnvSchema>>>();
  let site: GatewayInFront;

  beforeAll(async () => {
    identity = await startServiceApp(
      createIdentityApp,
      loadConfig(testServiceEnv(SCHEMA, { SESSION_SECRET, REDIS_PREFIX })),
    );
    for (const service of RIGHTS_SERVICES) {
      const config = loadEnv(baseEnvSchema, service, testServiceEnv(`${SCHEMA}_${service}`, { REDIS_PREFIX }));
      configs.set(service, config);
      await dropTestSchema(config);
      // Not fresh: they share identity's Redis prefix (the event streams), which identity's close removes.
      services.set(
        service,
        await startServiceApp((c) => createServiceApp(partServiceModule(service, c), { name: service, config: c }), config, { fresh: false }),
      );
    }
    const url = (service: RightsService) => services.get(service)!.base;
    site = await startGatewayInFront({
      name: 'identity-archive',
      services: {
        IDENTITY_URL: identity.base,
        BRANDS_URL: url('brands'),
        REVIEWS_URL: url('reviews'),
        HUNTERS_URL: url('hunters'),
        BOOKINGS_URL: url('bookings'),
        MESSAGING_URL: url('messaging'),
      },
    });
  });

  afterAll(async () => {
    await site?.close();
    for (const [service, running] of services) {
      await running.app.close().catch(() => undefined);
      await removeTestData(configs.get(service)!);
    }
    await identity?.close();
  });

  async function member(firstName: string): Promise<{ id: string; cookie: string }> {
    const user = await identity.app.get(UsersService).signIn({
      issuer: 'https://provider.example.test',
      subject: randomUUID(),
      email: `${firstName.toLowerCase()}-${randomUUID().slice(0, 8)}@example.test`,
      firstName,
      lastName: null,
    });
    const sid = randomUUID();
    await identity.app.get(SessionStore).set(sid, { userId: user.id, signedInAt: new Date().toISOString() }, new Date(Date.now() + 86_400_000));
    return { id: user.id, cookie: `hunted.sid=${encodeURIComponent(signSessionId(sid, SESSION_SECRET))}` };
  }

  const get = (path: string, cookie?: string) => fetch(`${site.base}${path}`, { headers: cookie ? { cookie } : {} });

  it('answers one zip of all six parts to their owner only, 404 once expired, and 503 while a part cannot be read', async () => {
    const ada = await member('Ada');
    const bob = await member('Bob');
    const started = await fetch(`${site.base}/api/account/data-exports`, { method: 'POST', headers: { cookie: ada.cookie, origin: site.base } });
    expect(started.status).toBe(200);
    const { id } = (await started.json()) as DataExportView;
    const archivePath = `/api/account/data-exports/${id}/archive`;
    await waitFor('the export to be ready', async () => {
      const view = (await (await get(`/api/account/data-exports/${id}`, ada.cookie)).json()) as DataExportView;
      return view.status === 'ready';
    });

    const answer = await get(archivePath, ada.cookie);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/zip');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="hunted-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    const files = unzipSync(new Uint8Array(await answer.arrayBuffer()));
    const names = Object.keys(files).sort();
    expect(names).toEqual(
      [
        'README.md',
        'identity/README.md',
        'identity/account.json',
        'identity/sessions.json',
        'identity/terms-acceptances.json',
        ...RIGHTS_SERVICES.flatMap((service) => [`${service}/README.md`, `${service}/photo.png`, `${service}/records.json`]),
      ].sort(),
    );
    const text = (name: string) => Buffer.from(files[name]!).toString('utf8');
    expect(JSON.parse(text('identity/account.json'))).toMatchObject({ id: ada.id, firstName: 'Ada' });
    expect(JSON.parse(text('brands/records.json'))).toEqual({ userId: ada.id, service: 'brands' });
    expect(Buffer.from(files['messaging/photo.png']!).equals(TEST_PNG)).toBe(true);
    const readme = text('README.md');
    expect(readme).toMatch(/^# Your data from Hunted/);
    expect(readme).toContain('## bookings/\n\nWhat bookings holds about you.');
    expect(readme).toContain('## identity/\n\nYour Hunted account');

    // Another member, a guest: 404 and 401, nothing of the archive.
    const other = await get(archivePath, bob.cookie);
    expect(other.status).toBe(404);
    expect(other.headers.get('content-type')).toMatch(/^application\/json/);
    expect((await get(archivePath)).status).toBe(401);
    expect((await get(`/api/account/data-exports/${randomUUID()}/archive`, ada.cookie)).status).toBe(404);

    // A service that is down: the archive is not offered rather than offered without its part.
    await services.get('messaging')!.app.close();
    const partial = await get(archivePath, ada.cookie);
    expect(partial.status).toBe(503);
    expect(await partial.json()).toEqual({ message: ARCHIVE_UNAVAILABLE });

    // Expired: 404 with the sentence saying so.
    await identity.app.get(DataSource).query(`update "${SCHEMA}".data_exports set status = 'expired' where id = $1`, [id]);
    const expired = await get(archivePath, ada.cookie);
    expect(expired.status).toBe(404);
    expect(await expired.json()).toEqual({ message: ARCHIVE_EXPIRED });
  });
});
