import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { Redis } from 'ioredis';
import { TEST_REDIS_URL, waitFor } from '@hunted/platform/testing';
import { close, listen, startTestGateway, testGatewayConfig } from './support/test-gateway.js';
import type { GatewayApp } from '../src/app.js';

/**
 * The gateway's websocket edge (issue 19, item 4): a guest's upgrade is refused before messaging hears of it,
 * upgrades are rate-limited per member and per address, and a member holds at most SOCKETS_PER_MEMBER open sockets
 * (an address SOCKETS_PER_ADDRESS), counted in Redis so every gateway replica sees the same count.
 */

const USERS = Object.fromEntries(
  ['alice', 'bob', 'carol', 'dave'].map((name) => [name, { id: `u-${name}`, email: `${name}@example.com`, firstName: name, lastName: null, isAdmin: false, acceptedTerms: ['terms'] }]),
);

/** Messaging's stand-in: accepts every websocket and counts every TCP connection made to it. */
class MessagingStandIn {
  readonly server = http.createServer((_req, res) => res.end('{}'));
  readonly sockets = new WebSocketServer({ noServer: true });
  connections = 0;

  constructor() {
    this.server.on('connection', () => (this.connections += 1));
    this.server.on('upgrade', (req, socket, head) => this.sockets.handleUpgrade(req, socket, head, (ws) => ws.send('hello')));
  }
}

interface Opened {
  outcome: 'open' | `refused ${number}` | 'error';
  ws: WebSocket;
  /** The refusal's body, when the gateway said why. */
  body?: string;
  retryAfter?: string;
}

/** Opens a socket.io websocket as the SPA does; resolves once it is open (messaging said hello) or refused. */
function openSocket(base: string, cookie?: string, headers: Record<string, string> = {}): Promise<Opened> {
  const ws = new WebSocket(`${base.replace('http', 'ws')}/socket.io/?EIO=4&transport=websocket`, {
    headers: { origin: base, ...(cookie ? { cookie } : {}), ...headers },
  });
  return new Promise((resolve) => {
    ws.once('message', () => resolve({ outcome: 'open', ws }));
    ws.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ outcome: `refused ${res.statusCode ?? 0}`, ws, body, retryAfter: res.headers['retry-after'] }));
    });
    ws.once('error', () => resolve({ outcome: 'error', ws }));
  });
}

/** A raw upgrade request, to read the gateway's answer as bytes on the wire. */
function rawUpgrade(base: string, headers: Record<string, string> = {}): Promise<string> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    let answer = '';
    socket.on('data', (data: Buffer) => (answer += data.toString()));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
    const lines = [
      'GET /socket.io/?EIO=4&transport=websocket HTTP/1.1',
      `Host: ${hostname}:${port}`,
      'Connection: Upgrade',
      'Upgrade: websocket',
      'Sec-WebSocket-Version: 13',
      'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
      `Origin: ${base}`,
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ];
    socket.write(`${lines.join('\r\n')}\r\n\r\n`);
  });
}

describe('gateway: websocket upgrades', () => {
  const servers: http.Server[] = [];
  const gateways: GatewayApp[] = [];
  const opened: WebSocket[] = [];
  let webDist: string;
  let identityUrl: string;
  let messaging: MessagingStandIn;
  let messagingUrl: string;

  async function startGateway(overrides: Record<string, string> = {}): Promise<{ base: string; gateway: GatewayApp }> {
    const config = testGatewayConfig({
      name: 'gateway-sockets',
      webDist,
      services: messagingUrl,
      env: { IDENTITY_URL: identityUrl, ...overrides },
    });
    const started = await startTestGateway(config, { limitsHold: true });
    gateways.push(started.gateway);
    return started;
  }

  async function open(base: string, cookie?: string, headers?: Record<string, string>): Promise<Opened> {
    const answer = await openSocket(base, cookie, headers);
    opened.push(answer.ws);
    return answer;
  }

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'gateway-sockets-web-'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    const identity = http.createServer((req, res) => {
      const sid = /hunted\.sid=([^;]+)/.exec(req.headers.cookie ?? '')?.[1] ?? '';
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(req.url === '/internal/session' ? { user: USERS[sid] ?? null } : {}));
    });
    servers.push(identity);
    identityUrl = await listen(identity);
    messaging = new MessagingStandIn();
    servers.push(messaging.server);
    messagingUrl = await listen(messaging.server);
  });

  afterEach(async () => {
    for (const ws of opened.splice(0)) ws.terminate();
  });

  afterAll(async () => {
    for (const gateway of gateways) await gateway.app.close();
    // Upgraded connections are no longer the HTTP server's to close.
    for (const ws of messaging.sockets.clients) ws.terminate();
    await Promise.all(servers.map(close));
    rmSync(webDist, { recursive: true, force: true });
  });

  it("refuses a guest's upgrade with a 401 written as a whole HTTP answer, and 1,000 of them cost messaging nothing", async () => {
    const { base } = await startGateway({ RATE_LIMIT_SOCKET_UPGRADES_PER_ADDRESS_PER_MINUTE: '100000' });
    const answer = await rawUpgrade(base);
    const [head, body] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 401 Unauthorized\r\n/);
    expect(head!.toLowerCase()).toContain('connection: close');
    expect(head!.toLowerCase()).toContain('content-type: application/json');
    expect(head!.toLowerCase()).toContain(`content-length: ${Buffer.byteLength(body!)}`);
    expect(JSON.parse(body!)).toEqual({ message: 'Please sign in to continue' });

    const before = messaging.connections;
    const outcomes: string[] = [];
    for (let batch = 0; batch < 10; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, i) => open(base, i % 2 === 0 ? undefined : 'hunted.sid=made-up')),
      );
      outcomes.push(...answers.map((answer) => answer.outcome));
      for (const answer of answers) answer.ws.terminate();
    }
    expect(outcomes).toEqual(Array(1_000).fill('refused 401'));
    expect(messaging.connections - before).toBe(0);
  });

  it('refuses the 11th socket of one member, on any gateway replica, and takes one again once a socket closes', async () => {
    // Two gateway replicas sharing one Redis (the same prefix): the count is the member's, not a replica's.
    const prefix = `test:gateway-sockets:${randomUUID()}:`;
    const one = await startGateway({ REDIS_PREFIX: prefix });
    const two = await startGateway({ REDIS_PREFIX: prefix });
    const sockets: Opened[] = [];
    for (let i = 0; i < 10; i++) sockets.push(await open(i % 2 === 0 ? one.base : two.base, 'hunted.sid=alice'));
    expect(sockets.map((socket) => socket.outcome)).toEqual(Array(10).fill('open'));

    for (const base of [one.base, two.base]) {
      const eleventh = await open(base, 'hunted.sid=alice');
      expect(eleventh.outcome).toBe('refused 429');
      expect(JSON.parse(eleventh.body!)).toEqual({
        message: 'You have too many Hunted tabs or windows open — close one and try again.',
      });
    }
    // Another member is counted apart.
    expect((await open(one.base, 'hunted.sid=bob')).outcome).toBe('open');

    // A closed socket gives its place back (to whichever replica the next one reaches).
    sockets[1]!.ws.close();
    await waitFor('the closed socket to be let go', async () => {
      const next = await open(one.base, 'hunted.sid=alice');
      return next.outcome === 'open';
    }, 5_000);
  });

  it('caps the open sockets of one address, whoever opens them', async () => {
    const { base } = await startGateway({ SOCKETS_PER_ADDRESS: '3' });
    const outcomes = [];
    for (const name of ['alice', 'bob', 'carol', 'dave']) outcomes.push((await open(base, `hunted.sid=${name}`)).outcome);
    expect(outcomes).toEqual(['open', 'open', 'open', 'refused 429']);
  });

  it("rate-limits upgrades per member, and per address whoever's they are", async () => {
    const perMember = await startGateway({ RATE_LIMIT_SOCKET_UPGRADES_PER_MINUTE: '3' });
    const alice = [];
    for (let i = 0; i < 4; i++) {
      const answer = await open(perMember.base, 'hunted.sid=alice');
      alice.push(answer.outcome);
      answer.ws.terminate();
    }
    expect(alice).toEqual(['open', 'open', 'open', 'refused 429']);
    expect((await open(perMember.base, 'hunted.sid=bob')).outcome).toBe('open');

    const perAddress = await startGateway({ RATE_LIMIT_SOCKET_UPGRADES_PER_ADDRESS_PER_MINUTE: '3' });
    const outcomes = [];
    for (const name of ['alice', 'bob', 'carol', 'dave']) {
      const answer = await open(perAddress.base, `hunted.sid=${name}`);
      outcomes.push(answer.outcome);
      if (answer.outcome !== 'open') expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    }
    expect(outcomes).toEqual(['open', 'open', 'open', 'refused 429']);
  });

  it("lets go of a gateway's sockets when it stops without saying so: its count expires", async () => {
    // The polling below opens a socket every ~50 ms: the upgrade rate limit (30 a minute by default) must not be
    // what refuses it once the places have expired, or a slow machine times out on the wrong 429.
    const settings = {
      REDIS_PREFIX: `test:gateway-sockets:${randomUUID()}:`,
      SOCKETS_PER_MEMBER: '2',
      SOCKET_COUNT_TTL_MS: '1500',
      RATE_LIMIT_SOCKET_UPGRADES_PER_MINUTE: '100000',
      RATE_LIMIT_SOCKET_UPGRADES_PER_ADDRESS_PER_MINUTE: '100000',
    };
    const crashing = await startGateway(settings);
    const other = await startGateway(settings);
    expect((await open(crashing.base, 'hunted.sid=carol')).outcome).toBe('open');
    expect((await open(crashing.base, 'hunted.sid=carol')).outcome).toBe('open');
    expect((await open(other.base, 'hunted.sid=carol')).outcome).toBe('refused 429');
    // While it lives, the gateway renews its sockets' places: still full once their first expiry has passed. The
    // places are members of a sorted set scored by when they expire, by Redis's clock: the test waits for that
    // clock to pass the first expiry, not a sleep that may end before it on a slow machine.
    const redis = new Redis(TEST_REDIS_URL);
    try {
      const placesKey = `${settings.REDIS_PREFIX}gateway:sockets:user:${USERS.carol!.id}`;
      const expiries = async () => (await redis.zrange(placesKey, 0, -1, 'WITHSCORES')).filter((_, i) => i % 2 === 1).map(Number);
      const firstExpiry = Math.max(...(await expiries()));
      await waitFor("Redis's clock past the places' first expiry", async () => {
        const [seconds, micros] = await redis.time();
        return Number(seconds) * 1000 + Number(micros) / 1000 > firstExpiry;
      });
      expect((await expiries()).every((expiry) => expiry > firstExpiry)).toBe(true);
    } finally {
      redis.disconnect();
    }
    expect((await open(other.base, 'hunted.sid=carol')).outcome).toBe('refused 429');

    // A crash: nothing is released, nothing is renewed.
    crashing.gateway.runtime.socketSlots.stopRenewing();
    await waitFor('the crashed gateway\'s places to expire', async () => (await open(other.base, 'hunted.sid=carol')).outcome === 'open', 10_000);
  });
});
