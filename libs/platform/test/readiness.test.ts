import net from 'node:net';
import { Module, type DynamicModule } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceApp, PlatformModule } from '../src/index.js';
import { TEST_DATABASE_URL, testConfig, waitFor } from '../src/testing/index.js';

const SCHEMA = `readiness_${process.pid}`;

/**
 * A TCP relay of the test's own between the service and PostgreSQL: cut() closes every connection and refuses new
 * ones (PostgreSQL gone, as far as this service can tell), mend() lets them through again. The shared server is
 * never touched.
 */
class DatabaseRelay {
  private readonly sockets = new Set<net.Socket>();
  private open = true;
  private readonly server = net.createServer((client) => {
    if (!this.open) return client.destroy();
    const target = new URL(TEST_DATABASE_URL);
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const url = new URL(TEST_DATABASE_URL);
    url.host = `127.0.0.1:${(this.server.address() as net.AddressInfo).port}`;
    return url.toString();
  }

  cut(): void {
    this.open = false;
    for (const socket of this.sockets) socket.destroy();
  }

  mend(): void {
    this.open = true;
  }

  close(): Promise<void> {
    this.cut();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

@Module({})
class ProbeModule {
  static forRoot(databaseUrl: string): DynamicModule {
    return {
      module: ProbeModule,
      imports: [
        PlatformModule.forService({ name: 'probe', config: testConfig({ DATABASE_SCHEMA: SCHEMA, DATABASE_URL: databaseUrl }), entities: [], migrations: [] }),
      ],
    };
  }
}

describe("a service's readiness is its PostgreSQL", () => {
  const relay = new DatabaseRelay();
  let app: NestFastifyApplication;
  let base: string;

  beforeAll(async () => {
    const databaseUrl = await relay.listen();
    app = await createServiceApp(ProbeModule.forRoot(databaseUrl), { name: 'probe', config: testConfig({ DATABASE_SCHEMA: SCHEMA, DATABASE_URL: databaseUrl }) });
    await app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`;
  });

  afterAll(async () => {
    await app?.close();
    await relay.close();
    const db = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await db.connect();
    await db.query(`drop schema if exists "${SCHEMA}" cascade`);
    await db.end();
  });

  it('says unavailable, and nothing more, while PostgreSQL cannot be reached, and ready again once it can', async () => {
    expect((await fetch(`${base}/health/ready`)).status).toBe(200);

    relay.cut();
    const ready = await fetch(`${base}/health/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'unavailable' });
    const deps = await fetch(`${base}/health/deps`);
    expect(deps.status).toBe(503);
    expect(await deps.json()).toEqual({ status: 'degraded', checks: { postgres: 'down', redis: 'up' } });
    // Liveness is the process only: restarting it would not bring PostgreSQL back.
    expect((await fetch(`${base}/health`)).status).toBe(200);

    relay.mend();
    await waitFor('readiness to come back', async () => (await fetch(`${base}/health/ready`)).status === 200);
    expect(await (await fetch(`${base}/health/deps`)).json()).toEqual({ status: 'ok', checks: { postgres: 'up', redis: 'up' } });
  });
});
