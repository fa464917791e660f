import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ConversationMessage } from '@hunted/contracts';
import { SERVICE_SHUTDOWN_DRAIN_MS, signInternalToken } from '@hunted/platform';
import {
  dropTestSchema,
  PrivateRedis,
  startServiceApp,
  TEST_DATABASE_URL,
  TEST_INTERNAL_AUTH_PRIVATE_KEY,
  TEST_INTERNAL_AUTH_PUBLIC_KEY,
  TEST_REDIS_URL,
  testIdentityToken,
  testServiceEnv,
  UNREACHABLE_PORT,
  waitFor,
  type RunningServiceApp,
} from '@hunted/platform/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGatewayApp, type GatewayApp } from '../../../gateway/src/app.js';
import { gatewayEnvSchema } from '../../../gateway/src/config.js';
import { createMessagingApp } from '../src/app.js';
import { loadConfig, type MessagingConfig } from '../src/config.js';
import { callAs, member, type TestMember } from './support/conversation-world.js';
import { LiveClient } from './support/live-client.js';
import { Manager } from 'socket.io-client';

const SCHEMA = 'messaging_live_it';

/**
 * Two messaging replicas on one database and one Redis (a private redis-server, so it can be stopped), each with
 * its own socket.io server joined through the Redis streams adapter.
 */
describe('messaging: live delivery over socket.io on two replicas', () => {
  const redis = new PrivateRedis();
  let config: MessagingConfig;
  let first: RunningServiceApp<NestFastifyApplication>;
  let second: RunningServiceApp<NestFastifyApplication>;
  let db: pg.Client;
  const clients: LiveClient[] = [];

  const ada = member('Ada Lovelace');
  const sofia = member('Sofia Martinez');
  const mallory = member('Mallory Mischief');
  const conversationId = randomUUID();
  /** Mallory's own conversation (with Sofia), for markers: what reaches her there comes after all sent before. */
  const malloryConversationId = randomUUID();

  const identity = async (user: TestMember) => ({ 'x-hunted-identity': await testIdentityToken(user, 'messaging') });
  async function tab(replica: RunningServiceApp<NestFastifyApplication>, user: TestMember): Promise<LiveClient> {
    const client = new LiveClient(replica.base, await identity(user), async (id, after) => {
      const answer = await callAs(replica.base, user, `/api/conversations/${id}/messages${after ? `?after=${after}` : ''}`);
      return answer.body as ConversationMessage[];
    }, [conversationId]);
    clients.push(client);
    return client.open();
  }
  const send = (replica: RunningServiceApp<NestFastifyApplication>, from: TestMember, to: TestMember, content: string) =>
    callAs(replica.base, from, `/api/conversations/${conversationId}/messages`, {
      method: 'POST',
      body: { content, receiverId: to.id },
    });

  beforeAll(async () => {
    db = new pg.Client({ connectionString: TEST_DATABASE_URL, options: `-c search_path=${SCHEMA}` });
    await db.connect();
    await redis.start();
    config = loadConfig(testServiceEnv(SCHEMA, { REDIS_URL: redis.url, MESSAGE_SEND_LIMIT_PER_MINUTE: '100000' }));
    first = await startServiceApp(createMessagingApp, config);
    second = await startServiceApp(createMessagingApp, config, { fresh: false });
    await db.query(
      `insert into conversations (id, client_user_id, hunter_id, hunter_user_id) values ($1, $2, 41, $3), ($4, $5, 41, $3)`,
      [conversationId, ada.id, sofia.id, malloryConversationId, mallory.id],
    );
  });

  /**
   * Sends Mallory a message in her own conversation through each of `replicas` and waits for every one in each of
   * `tabs`. Each replica emits in order, so anything it emitted earlier for those tabs has arrived by then: what
   * the tabs hold besides the markers is all they were ever sent. Returns the markers' ids.
   */
  async function markersTo(tabs: LiveClient[], replicas: RunningServiceApp<NestFastifyApplication>[]): Promise<string[]> {
    const ids: string[] = [];
    for (const replica of replicas) {
      const marker = await callAs(replica.base, sofia, `/api/conversations/${malloryConversationId}/messages`, {
        method: 'POST',
        body: { content: 'A marker for Mallory', receiverId: mallory.id },
      });
      expect(marker.status).toBe(201);
      ids.push(marker.body.id);
    }
    for (const client of tabs) await waitFor("Mallory's markers", () => ids.every((id) => client.messages.has(id)));
    return ids;
  }

  afterAll(async () => {
    for (const client of clients) client.close();
    await second?.close();
    await first?.close();
    await redis.destroy();
    await db?.end();
  });

  it('refuses a handshake without an identity, with a forged one, or with one meant for another service', async () => {
    const forgedKey = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const attempts: Record<string, string>[] = [
      {},
      { 'x-hunted-identity': 'not-a-token' },
      { 'x-hunted-identity': await signInternalToken(ada, forgedKey, 'messaging') },
      { 'x-hunted-identity': await testIdentityToken(ada, 'reviews') },
    ];
    for (const headers of attempts) {
      const client = new LiveClient(first.base, headers);
      clients.push(client);
      await expect(client.open()).rejects.toThrow('unauthorized');
      client.close();
    }
  });

  it('refuses long-polling: websocket only, so round-robin replicas need no sticky sessions', async () => {
    const response = await fetch(`${first.base}/socket.io/?EIO=4&transport=polling`);
    expect(response.status).toBe(400);
  });

  it('delivers a message posted to one replica to every tab of both people on either replica, and to nobody else', async () => {
    const adaHere = await tab(first, ada);
    const adaThere = await tab(second, ada);
    const sofiaThere = await tab(second, sofia);
    const malloryTabs = [await tab(first, mallory), await tab(second, mallory)];

    const sent = await send(first, ada, sofia, 'Hello from the first replica');
    expect(sent.status).toBe(201);
    for (const client of [adaHere, adaThere, sofiaThere]) {
      await waitFor('the live message', () => client.messages.has(sent.body.id), 5_000);
    }
    // The sender's tabs get the message as sent; the receiver's copy carries her unread totals, and no separate
    // count is sent for it (issue 23).
    for (const client of [adaHere, adaThere]) expect(client.messages.get(sent.body.id)).toEqual(sent.body);
    expect(sofiaThere.messages.get(sent.body.id)).toEqual({ ...sent.body, unread: { messages: 1, conversations: 1 } });
    expect(sofiaThere.unreadCounts).toEqual([]);

    // Sofia reads on the second replica: both of Ada's tabs hear it, and Sofia's badge clears.
    expect((await callAs(second.base, sofia, `/api/conversations/${conversationId}/read`, { method: 'POST', body: {} })).status).toBe(204);
    for (const client of [adaHere, adaThere, sofiaThere]) {
      await waitFor('the read receipt', () => client.reads.some((read) => read.readerId === sofia.id), 5_000);
    }
    await waitFor("Sofia's badge cleared", () => sofiaThere.unreadCounts.at(-1)?.messages === 0);

    // Markers from both replicas (the message went out from the first, the read from the second).
    const markers = await markersTo(malloryTabs, [first, second]);
    for (const client of malloryTabs) {
      expect(client.deliveries.filter((message) => !markers.includes(message.id))).toEqual([]);
      expect(client.reads).toEqual([]);
      expect(client.unreadCounts).toEqual([]);
    }
  });

  it('resumes delivery after Redis restarts mid-conversation, and the catch-up loses nothing', async () => {
    const sofiaThere = await tab(second, sofia);
    const sent: string[] = [];
    const post = async (content: string) => {
      const answer = await send(first, ada, sofia, content);
      expect(answer.status).toBe(201);
      sent.push(answer.body.id);
    };
    for (let i = 0; i < 5; i++) await post(`before ${i}`);
    await waitFor('the first five', () => sent.every((id) => sofiaThere.messages.has(id)), 5_000);

    await redis.stop();
    for (let i = 0; i < 5; i++) await post(`during ${i}`);
    await redis.start();
    for (let i = 0; i < 5; i++) await post(`after ${i}`);

    // The streams adapter resumes where it was: what was emitted while Redis was away still arrives live.
    await waitFor('every message live', () => sent.every((id) => sofiaThere.messages.has(id)), 20_000);
    // And a tab that had missed them would find them over HTTP, in order.
    const caughtUp = (await callAs(second.base, sofia, `/api/conversations/${conversationId}/messages?after=${sent[4]}`)).body as ConversationMessage[];
    expect(caughtUp.map((message) => message.id)).toEqual(sent.slice(5));
  });

  it("never hands a socket another member's session: no recovery, so no missed packets or rooms of someone else", async () => {
    // Ada's tab holds a session id and an offset (as a recovering client sends them back) and drops its connection.
    const adaTab = new LiveClient(first.base, await identity(ada));
    clients.push(adaTab);
    await adaTab.open();
    adaTab.socket.io.reconnection(false);
    const before = await send(first, sofia, ada, 'Before the drop');
    await waitFor("Ada's live message", () => adaTab.messages.has(before.body.id), 5_000);
    const stolen = adaTab.socket as unknown as { _pid?: string; _lastOffset?: string };
    const session = { pid: stolen._pid ?? 'no-session-id-given', offset: stolen._lastOffset ?? 'no-offset-given' };
    adaTab.socket.io.engine.close();
    await waitFor("the server to see Ada's tab go", () => !adaTab.socket.connected, 5_000);
    const missed = await send(first, sofia, ada, 'Sent while Ada was away');
    expect(missed.status).toBe(201);

    // Mallory presents Ada's session with her own (valid) identity.
    const impostor = new LiveClient(first.base, await identity(mallory));
    clients.push(impostor);
    impostor.socket.auth = session;
    await impostor.open();
    expect(impostor.socket.recovered).toBeFalsy();
    const later = await send(first, sofia, ada, 'Sent once Mallory is connected');
    expect(later.status).toBe(201);
    const markers = await markersTo([impostor], [first]);
    expect(impostor.deliveries.map((message) => message.id)).toEqual(markers);
  });

  it('gives a connection SOCKET_CONNECT_TIMEOUT_MS to join, and closes one that sends more than the handshake needs', async () => {
    const strict = await startServiceApp(createMessagingApp, { ...config, SOCKET_CONNECT_TIMEOUT_MS: 500 }, { fresh: false });
    try {
      // An engine.io connection that never sends socket.io's CONNECT packet.
      const idle = new Manager(strict.base, { path: '/socket.io', transports: ['websocket'], reconnection: false, autoConnect: false, extraHeaders: await identity(ada) });
      await new Promise<void>((resolve, reject) => idle.open((error) => (error ? reject(error) : resolve())));
      const closedBecause = new Promise<string>((resolve) => idle.engine.once('close', (reason: string) => resolve(reason)));
      // Closed by the server (the client never closes it), which is all the timeout is for.
      expect(await closedBecause).toBe('transport close');

      // A joined socket that sends a 10 KB frame: the server closes it (nothing a client sends is near that size).
      const tab = new LiveClient(strict.base, await identity(ada));
      clients.push(tab);
      await tab.open();
      tab.socket.io.reconnection(false);
      tab.socket.io.engine.write(`42${JSON.stringify(['hello', 'x'.repeat(10_000)])}`);
      await waitFor('the oversized frame to close the socket', () => !tab.socket.connected, 3_000);
    } finally {
      await strict.close();
    }
  });

  it('closes a socket after SOCKET_REAUTH_MS; it comes back only with a valid identity', async () => {
    const shortLived = await startServiceApp(createMessagingApp, { ...config, SOCKET_REAUTH_MS: 800 }, { fresh: false });
    try {
      const client = await tab(shortLived, ada);
      await waitFor('the reauth', () => client.reauths >= 1 && client.connects >= 2, 5_000).catch((error: Error) => {
        throw new Error(`${error.message}: ${JSON.stringify({ reauths: client.reauths, connects: client.connects, disconnects: client.disconnects })}`);
      });
      expect(client.disconnects[0]).toBe('io server disconnect');
      // Signed out: the gateway attaches no identity, and the next reconnection is refused.
      client.setHeaders({});
      const refused = new Promise<Error>((resolve) => client.socket.once('connect_error', resolve));
      expect((await refused).message).toBe('unauthorized');
      client.close();
    } finally {
      await shortLived.close();
    }
  });
});

/**
 * The whole path a browser takes: the gateway (round-robin over two messaging replicas, the session cookie turned
 * into a signed identity by a stand-in identity service) in front of both replicas. One replica is stopped while
 * two members chat from two tabs each.
 */
describe('messaging: a replica stopped while its clients chat', () => {
  const USERS = {
    ada: member('Ada Lovelace'),
    sofia: member('Sofia Martinez'),
  };
  let config: MessagingConfig;
  let first: RunningServiceApp<NestFastifyApplication>;
  let second: RunningServiceApp<NestFastifyApplication>;
  let identityServer: http.Server;
  let gateway: GatewayApp;
  let gatewayBase: string;
  let webDist: string;
  let db: pg.Client;
  const clients: LiveClient[] = [];
  const conversationId = randomUUID();
  const schema = `${SCHEMA}_replicas`;

  const cookie = (name: keyof typeof USERS) => ({ cookie: `hunted.sid=${name}`, origin: gatewayBase });
  async function throughGateway(name: keyof typeof USERS, path: string, init: { method?: string; body?: unknown } = {}) {
    const response = await fetch(`${gatewayBase}${path}`, {
      method: init.method ?? 'GET',
      headers: { ...cookie(name), ...(init.body ? { 'content-type': 'application/json' } : {}) },
      ...(init.body ? { body: JSON.stringify(init.body) } : {}),
    });
    return { status: response.status, body: await response.json() };
  }
  async function tab(name: keyof typeof USERS): Promise<LiveClient> {
    const client = new LiveClient(gatewayBase, cookie(name), async (id, after) => {
      const answer = await throughGateway(name, `/api/conversations/${id}/messages${after ? `?after=${after}` : ''}`);
      return answer.body as ConversationMessage[];
    }, [conversationId]);
    clients.push(client);
    return client.open();
  }

  beforeAll(async () => {
    db = new pg.Client({ connectionString: TEST_DATABASE_URL, options: `-c search_path=${schema}` });
    await db.connect();
    // The stopping replica drains as in production (its callers' idle connections are theirs to close), which is
    // what keeps a message written onto one of them from being lost as it stops.
    config = loadConfig(testServiceEnv(schema, { MESSAGE_SEND_LIMIT_PER_MINUTE: '100000', SHUTDOWN_DRAIN_MS: String(SERVICE_SHUTDOWN_DRAIN_MS) }));
    await dropTestSchema(config);
    first = await startServiceApp(createMessagingApp, config, { fresh: false });
    second = await startServiceApp(createMessagingApp, config, { fresh: false });
    await db.query(`insert into conversations (id, client_user_id, hunter_id, hunter_user_id) values ($1, $2, 41, $3)`, [
      conversationId,
      USERS.ada.id,
      USERS.sofia.id,
    ]);

    identityServer = http.createServer((req, res) => {
      const sid = /hunted\.sid=([^;]+)/.exec(req.headers.cookie ?? '')?.[1] as keyof typeof USERS | undefined;
      const user = sid ? USERS[sid] : undefined;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(req.url === '/internal/session' ? { user: user ? { ...user, profileImageUrl: undefined } : null } : { status: 'ok' }));
    });
    await new Promise<void>((resolve) => identityServer.listen(0, '127.0.0.1', resolve));
    const identityUrl = `http://127.0.0.1:${(identityServer.address() as AddressInfo).port}`;
    webDist = mkdtempSync(path.join(tmpdir(), 'messaging-live-web-'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Hunted</title><div id="root"></div>');
    const deadUrl = `http://127.0.0.1:${UNREACHABLE_PORT}`;
    gateway = await createGatewayApp(
      gatewayEnvSchema.parse({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        PORT: '0',
        HOST: '127.0.0.1',
        REDIS_URL: TEST_REDIS_URL,
        REDIS_PREFIX: `test:${schema}:gateway:${process.pid}:`,
        INTERNAL_AUTH_PRIVATE_KEY: TEST_INTERNAL_AUTH_PRIVATE_KEY,
        INTERNAL_AUTH_PUBLIC_KEY: TEST_INTERNAL_AUTH_PUBLIC_KEY,
        WEB_DIST_DIR: webDist,
        RATE_LIMIT_WRITES_PER_MINUTE: '100000',
        RATE_LIMIT_READS_PER_MINUTE: '100000',
        MESSAGING_URL: `${first.base},${second.base}`,
        IDENTITY_URL: identityUrl,
        BRANDS_URL: deadUrl,
        REVIEWS_URL: deadUrl,
        HUNTERS_URL: deadUrl,
        BOOKINGS_URL: deadUrl,
      }),
    );
    await gateway.app.listen(0, '127.0.0.1');
    gatewayBase = `http://127.0.0.1:${(gateway.app.getHttpServer().address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    for (const client of clients) client.close();
    await gateway?.app.close();
    await new Promise((resolve) => identityServer?.close(resolve));
    await second?.close();
    await first?.close();
    if (webDist) rmSync(webDist, { recursive: true, force: true });
    await db?.query(`drop schema if exists ${schema} cascade`);
    await db?.end();
  });

  it('moves their sockets to the other replica, and every tab ends with every message', async () => {
    // Round-robin: of four tabs, two land on each replica.
    const tabs = [await tab('ada'), await tab('sofia'), await tab('ada'), await tab('sofia')];
    const sent: string[] = [];
    const post = async () => {
      const i = sent.length;
      const from = i % 2 === 0 ? 'ada' : 'sofia';
      const to = USERS[from === 'ada' ? 'sofia' : 'ada'];
      const answer = await throughGateway(from, `/api/conversations/${conversationId}/messages`, {
        method: 'POST',
        body: { content: `message ${i}`, receiverId: to.id },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      sent.push(answer.body.id);
    };
    // Messages before the first replica stops, all the while it is stopping, and after it has stopped.
    while (sent.length < 11) await post();
    let closed = false;
    const stopped = first.close().then(() => (closed = true));
    while (!closed) await post();
    await stopped;
    for (const end = sent.length + 10; sent.length < end; ) await post();

    for (const client of tabs) {
      await waitFor('every message in every tab', () => sent.every((id) => client.messages.has(id)), 20_000).catch((error: Error) => {
        const state = tabs.map((tab) => ({
          held: sent.filter((id) => tab.messages.has(id)).length,
          connects: tab.connects,
          recoveries: tab.recoveries,
          disconnects: tab.disconnects,
          connected: tab.socket.connected,
        }));
        throw new Error(`${error.message} (of ${sent.length}): ${JSON.stringify(state)}`);
      });
      expect(client.of(conversationId).map((message) => message.id)).toEqual(sent);
    }
    // Two tabs were on the stopped replica and reconnected (recovering their session, or catching up over HTTP).
    expect(tabs.filter((client) => client.connects > 1)).toHaveLength(2);
  });
});
