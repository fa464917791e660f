import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { waitFor } from '@hunted/platform/testing';
import { startTestGateway, testGatewayConfig } from './support/test-gateway.js';
import type { GatewayApp } from '../src/app.js';
import { REPLICA_DOWN_MS } from '../src/proxy/upstreams.js';

/**
 * Bookings and messaging on two replicas behind the real gateway (BOOKINGS_URL and MESSAGING_URL lists): requests
 * and (messaging's) websocket upgrades go to each in turn; a replica that refuses connections is skipped, a POST's body included, with no 502; with both
 * gone the answer is the usual 503.
 */

interface Seen {
  replica: string;
  method: string;
  url: string;
  bodySha256: string;
  bodyLength: number;
}

/** A bookings replica stand-in: reads the whole body, answers with its name, and records what it saw. */
class Replica {
  readonly server: http.Server;
  readonly sockets = new WebSocketServer({ noServer: true });
  port = 0;

  constructor(
    readonly name: string,
    private readonly seen: Seen[],
  ) {
    this.server = this.createServer();
  }

  private createServer(): http.Server {
    const server = http.createServer((req, res) => {
      const hash = createHash('sha256');
      let bodyLength = 0;
      req.on('data', (chunk: Buffer) => {
        hash.update(chunk);
        bodyLength += chunk.length;
      });
      req.on('end', () => {
        this.seen.push({ replica: this.name, method: req.method ?? '', url: req.url ?? '', bodySha256: hash.digest('hex'), bodyLength });
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ replica: this.name }));
      });
    });
    server.on('upgrade', (req, socket, head) => this.sockets.handleUpgrade(req, socket, head, (ws) => ws.send(this.name)));
    return server;
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this.url;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Stops listening: connections to its port are refused from now on. */
  async stop(): Promise<void> {
    for (const client of this.sockets.clients) client.terminate();
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  /** Listens again on the same port (a new server: a closed one cannot be reused for upgrades cleanly). */
  async restart(): Promise<void> {
    (this as { server: http.Server }).server = this.createServer();
    await this.start();
  }
}

const MEMBER = { id: 'u-alice', email: 'alice@example.com', firstName: 'Alice', lastName: null, isAdmin: false, acceptedTerms: ['terms'] };

/** A service for every other route, and identity's session lookup: `hunted.sid=alice` is a member, else no session. */
function otherServices(): http.Server {
  return http.createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    const signedIn = /hunted\.sid=alice/.test(req.headers.cookie ?? '');
    res.end(JSON.stringify(req.url === '/internal/session' ? { user: signedIn ? MEMBER : null } : { replica: 'other' }));
  });
}

async function get(base: string, requestPath: string): Promise<{ status: number; replica?: string }> {
  const response = await fetch(`${base}${requestPath}`);
  const body = (await response.json()) as { replica?: string };
  return { status: response.status, replica: body.replica };
}

/** Stripe's webhook: a guest's POST the gateway passes on untouched (the signature covers the raw bytes). */
async function postWebhook(base: string, body: Buffer): Promise<{ status: number; replica?: string }> {
  const response = await fetch(`${base}/api/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=ab' },
    body: new Uint8Array(body),
  });
  const answer = (await response.json()) as { replica?: string };
  return { status: response.status, replica: answer.replica };
}

/** A member's socket.io websocket (guests' upgrades are refused by the gateway). */
function openSocket(base: string): Promise<string> {
  const ws = new WebSocket(`${base.replace('http', 'ws')}/socket.io/?EIO=4&transport=websocket`, {
    headers: { origin: base, cookie: 'hunted.sid=alice' },
  });
  return new Promise((resolve) => {
    ws.on('message', (data) => {
      resolve(data.toString());
      ws.close();
    });
    ws.on('unexpected-response', (_req, res) => resolve(`refused ${res.statusCode}`));
    ws.on('error', () => resolve('error'));
  });
}

const countBy = (names: (string | undefined)[]) =>
  names.reduce<Record<string, number>>((counts, name) => ({ ...counts, [String(name)]: (counts[String(name)] ?? 0) + 1 }), {});

describe('gateway: a service on two replicas', () => {
  const seen: Seen[] = [];
  let replicas: [Replica, Replica];
  let others: http.Server;
  let gateway: GatewayApp;
  let base: string;
  let webDist: string;

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'gateway-replicas-web-'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    others = otherServices();
    await new Promise<void>((resolve) => others.listen(0, '127.0.0.1', resolve));
    const othersUrl = `http://127.0.0.1:${(others.address() as AddressInfo).port}`;
    replicas = [new Replica('a', seen), new Replica('b', seen)];
    const urls = [await replicas[0].start(), await replicas[1].start()];
    const config = testGatewayConfig({
      name: 'gateway-replicas',
      webDist,
      services: othersUrl,
      env: {
        // As npm start gives them: the replicas' addresses, comma-separated (spaces allowed). The stand-ins serve
        // both services; each service takes its replicas in turn on its own.
        BOOKINGS_URL: `${urls[0]}, ${urls[1]}`,
        MESSAGING_URL: urls.join(','),
        // The webhook stands in for any large POST here (its own limit is 256 KB; stripe-webhook-route.test.ts).
        WEBHOOK_BODY_LIMIT_BYTES: String(1024 * 1024),
      },
    });
    expect(config.BOOKINGS_URL).toEqual(urls);
    expect(config.MESSAGING_URL).toEqual(urls);
    ({ gateway, base } = await startTestGateway(config));
  });

  afterAll(async () => {
    await gateway?.app.close();
    for (const replica of replicas) if (replica.server.listening) await replica.stop();
    others?.closeAllConnections();
    await new Promise((resolve) => others?.close(resolve));
    rmSync(webDist, { recursive: true, force: true });
  });

  beforeEach(() => {
    seen.length = 0;
  });

  afterEach(async () => {
    // Each test starts with both replicas up and neither marked down.
    for (const replica of replicas) if (!replica.server.listening) await replica.restart();
    await waitFor('both replicas to be used again', async () => {
      const answers = await Promise.all([get(base, '/api/hunters/1/slots'), get(base, '/api/hunters/1/slots')]);
      return new Set(answers.map((answer) => answer.replica)).size === 2;
    }, REPLICA_DOWN_MS + 5_000);
  });

  it('sends requests to each replica in turn, reads and writes alike, bodies intact', async () => {
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push(await get(base, `/api/hunters/7/slots?from=2026-12-01&to=2026-12-07&sessionType=consultation&i=${i}`));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    // Strictly alternating: round-robin per request, not per connection.
    const order = answers.map((answer) => answer.replica);
    for (let i = 1; i < order.length; i++) expect(order[i]).not.toBe(order[i - 1]);
    expect(countBy(order)).toEqual({ a: 5, b: 5 });

    const body = Buffer.from(JSON.stringify({ id: 'evt_1', padding: 'x'.repeat(50_000) }));
    const posts = [];
    for (let i = 0; i < 4; i++) posts.push(await postWebhook(base, body));
    expect(countBy(posts.map((post) => post.replica))).toEqual({ a: 2, b: 2 });
    const sha = createHash('sha256').update(body).digest('hex');
    const received = seen.filter((request) => request.method === 'POST');
    expect(received).toHaveLength(4);
    expect(received.every((request) => request.bodySha256 === sha && request.bodyLength === body.length)).toBe(true);
  });

  it('spreads websocket upgrades (socket.io, messaging) across the replicas', async () => {
    const opened = [];
    for (let i = 0; i < 4; i++) opened.push(await openSocket(base));
    expect(countBy(opened)).toEqual({ a: 2, b: 2 });
  });

  /**
   * Stops the replica and waits until the gateway's pool has seen its idle connections close, as it has long
   * before a request arrives when a replica goes away in earnest. (A request sent on such a connection in the
   * instant before is the pool's stale-connection case, retried only when safe: see edges.test.ts.)
   */
  async function stopReplica(replica: Replica): Promise<void> {
    const port = replica.port;
    await replica.stop();
    const pooled = () => Object.keys(gateway.runtime.agent.freeSockets).filter((name) => name.includes(`:${port}:`));
    await waitFor(`the pool to drop its connections to port ${port}`, () => pooled().length === 0, 5_000);
  }

  it('with one replica stopped, sends everything to the other — a POST and its large body included — with no 502', async () => {
    await stopReplica(replicas[0]);
    // A body of several chunks, so part of it has been read by the time the stopped replica refuses the connection.
    const body = Buffer.alloc(600 * 1024, 0x7a);
    body.write('{"id":"evt_2","data":"');
    const sha = createHash('sha256').update(body).digest('hex');

    // Replicas are taken in turn, so one of two POSTs in a row is first sent to the stopped replica.
    const first = [await postWebhook(base, body), await postWebhook(base, body)];
    const answers = await Promise.all([
      ...Array.from({ length: 12 }, (_, i) => get(base, `/api/hunters/7/slots?i=${i}`)),
      ...Array.from({ length: 4 }, () => postWebhook(base, body)),
    ]);
    expect([...first, ...answers].map((answer) => answer.status)).toEqual(Array(18).fill(200));
    expect([...first, ...answers].every((answer) => answer.replica === 'b')).toBe(true);
    const posts = seen.filter((request) => request.method === 'POST');
    expect(posts).toHaveLength(6);
    expect(posts.every((request) => request.bodyLength === body.length && request.bodySha256 === sha)).toBe(true);
    // Each request reached a replica exactly once.
    expect(seen).toHaveLength(18);

  });

  it('sends a websocket upgrade the stopped replica refused on to the other one', async () => {
    await stopReplica(replicas[0]);
    // Replicas are taken in turn, so one of the first two upgrades is sent to the stopped replica first.
    const opened = [];
    for (let i = 0; i < 4; i++) opened.push(await openSocket(base));
    expect(opened).toEqual(['b', 'b', 'b', 'b']);
  });

  it('with both replicas stopped, answers 503 as for any service that is not running, and recovers when one is back', async () => {
    await stopReplica(replicas[0]);
    await stopReplica(replicas[1]);
    const answers = await Promise.all([get(base, '/api/hunters/7/slots'), postWebhook(base, Buffer.from('{"id":"evt_3"}'))]);
    for (const answer of answers) expect(answer.status).toBe(503);
    const response = await fetch(`${base}/api/hunters/7/slots`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ message: 'The bookings service is not available right now — please try again shortly.' });

    // Both are marked down, but a replica back is still tried (nothing better is left) and serves at once.
    await replicas[1].restart();
    expect(await get(base, '/api/hunters/7/slots')).toEqual({ status: 200, replica: 'b' });
    expect(await postWebhook(base, Buffer.from('{"id":"evt_4"}'))).toEqual({ status: 200, replica: 'b' });
  });
});
