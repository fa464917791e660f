import { Controller, Get, Module, type DynamicModule } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { SignJWT } from 'jose';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createServiceApp,
  CurrentUser,
  generateInternalKeyPair,
  IDENTITY_HEADER,
  PlatformModule,
  Public,
  signInternalToken,
  SignedIn,
  type AuthenticatedUser,
} from '../src/index.js';
import {
  TEST_DATABASE_URL,
  TEST_INTERNAL_AUTH_PUBLIC_KEY,
  testConfig,
  testIdentityToken,
  waitFor,
} from '../src/testing/index.js';

const SCHEMA = `lifecycle_${process.pid}`;

let releaseSlowRequest: () => void = () => undefined;
/** Slow requests that have reached the handler. */
let slowRequestsIn = 0;

@Controller('probe')
class ProbeController {
  /** Answers only when the test says so, to hold a request in flight across a shutdown. */
  @Public()
  @Get('slow')
  async slow() {
    slowRequestsIn += 1;
    await new Promise<void>((resolve) => (releaseSlowRequest = resolve));
    return { finished: true };
  }

  @SignedIn()
  @Get('me')
  me(@CurrentUser() user: AuthenticatedUser) {
    return { id: user.id };
  }

  /** Declares nothing: the guard must refuse it rather than let it through. */
  @Get('undeclared')
  undeclared() {
    return { leaked: true };
  }
}

@Module({})
class ProbeModule {
  static forRoot(redisUrl?: string): DynamicModule {
    const config = testConfig({ DATABASE_SCHEMA: SCHEMA, ...(redisUrl ? { REDIS_URL: redisUrl } : {}) });
    return {
      module: ProbeModule,
      imports: [PlatformModule.forService({ name: 'probe', config, entities: [], migrations: [] })],
      controllers: [ProbeController],
    };
  }
}

async function start(redisUrl?: string): Promise<{ app: NestFastifyApplication; base: string }> {
  const config = testConfig({ DATABASE_SCHEMA: SCHEMA });
  const app = await createServiceApp(ProbeModule.forRoot(redisUrl), { name: 'probe', config });
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address() as { port: number };
  return { app, base: `http://127.0.0.1:${address.port}` };
}

describe('a service built on the platform', () => {
  let app: NestFastifyApplication;
  let base: string;

  beforeAll(async () => {
    ({ app, base } = await start());
  });

  afterAll(async () => {
    await app?.close();
    const db = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await db.connect();
    await db.query(`drop schema if exists "${SCHEMA}" cascade`);
    await db.end();
  });

  it('creates its schema and runs the platform migrations on start', async () => {
    const db = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await db.connect();
    const { rows } = await db.query<{ table_name: string }>(
      'select table_name from information_schema.tables where table_schema = $1 order by table_name',
      [SCHEMA],
    );
    await db.end();
    expect(rows.map((row) => row.table_name)).toEqual(expect.arrayContaining(['migrations', 'outbox', 'inbox']));
  });

  it('answers liveness, a readiness that says up or down, and its dependencies', async () => {
    const live = await fetch(`${base}/health`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'ok', service: 'probe' });

    const ready = await fetch(`${base}/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ok' });

    const deps = await fetch(`${base}/health/deps`);
    expect(deps.status).toBe(200);
    expect(await deps.json()).toEqual({ status: 'ok', checks: { postgres: 'up', redis: 'up' } });
  });

  it('passes on the request id the gateway set, and makes one when there is none', async () => {
    const given = await fetch(`${base}/health`, { headers: { 'x-request-id': 'req-from-gateway-1' } });
    expect(given.headers.get('x-request-id')).toBe('req-from-gateway-1');
    const made = await fetch(`${base}/health`);
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('knows the caller only from a token the gateway signed for this service', async () => {
    const user = { id: 'user-1', email: 'a@example.test', firstName: 'A', lastName: null, isAdmin: false };
    const signedIn = await fetch(`${base}/probe/me`, { headers: { [IDENTITY_HEADER]: await testIdentityToken(user, 'probe') } });
    expect(signedIn.status).toBe(200);
    expect(await signedIn.json()).toEqual({ id: 'user-1' });

    const admin = { ...user, isAdmin: true };
    const otherKey = await signInternalToken({ ...admin, acceptedTerms: [] }, generateInternalKeyPair().privateKey, 'probe');
    const forAnotherService = await testIdentityToken(admin, 'brands');
    const expired = await testIdentityToken(admin, 'probe', Date.now() - 10 * 60_000);
    const publicKeyAsHmacSecret = await new SignJWT({ email: user.email, isAdmin: true })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuer('hunted-gateway')
      .setAudience('hunted:probe')
      .setExpirationTime('1m')
      .sign(new TextEncoder().encode(TEST_INTERNAL_AUTH_PUBLIC_KEY));
    const forged = { otherKey, forAnotherService, expired, publicKeyAsHmacSecret, json: JSON.stringify({ id: 'user-1' }), bare: 'user-1' };
    for (const [name, token] of Object.entries(forged)) {
      const response = await fetch(`${base}/probe/me`, { headers: { [IDENTITY_HEADER]: token } });
      expect(response.status, name).toBe(401);
    }
  });

  it('refuses a route that declares no access rule, even to a signed-in caller', async () => {
    const token = await testIdentityToken(
      { id: 'user-1', email: 'a@example.test', firstName: 'A', lastName: null, isAdmin: true },
      'probe',
    );
    const response = await fetch(`${base}/probe/undeclared`, { headers: { [IDENTITY_HEADER]: token } });
    expect(response.status).toBeGreaterThanOrEqual(401);
    expect(response.status).toBeLessThanOrEqual(403);
    expect(await response.text()).not.toContain('leaked');
  });

  it('stays ready while Redis is unreachable, and reports Redis down in its dependencies', async () => {
    const unreachable = await start('redis://127.0.0.1:1');
    try {
      const ready = await fetch(`${unreachable.base}/health/ready`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: 'ok' });
      const deps = await fetch(`${unreachable.base}/health/deps`);
      expect(deps.status).toBe(503);
      expect(await deps.json()).toEqual({ status: 'degraded', checks: { postgres: 'up', redis: 'down' } });
    } finally {
      await unreachable.app.close();
    }
  });

  it('finishes a request in flight when it is shut down', async () => {
    const second = await start();
    const inFlight = fetch(`${second.base}/probe/slow`);
    await waitFor('the request in the handler', () => slowRequestsIn === 1);
    const closing = second.app.close();
    // Shutting down for real before the request may finish: the server has stopped taking connections.
    await waitFor('the server no longer listening', () => !second.app.getHttpServer().listening);
    releaseSlowRequest();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ finished: true });
    await closing;
    await expect(fetch(`${second.base}/health`)).rejects.toThrow();
  });
});
