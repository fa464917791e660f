import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_INTERNAL_AUTH_PRIVATE_KEY, TEST_INTERNAL_AUTH_PUBLIC_KEY } from '@hunted/platform/testing';
import { listen, startTestGateway, testGatewayConfig } from './support/test-gateway.js';
import type { GatewayApp } from '../src/app.js';
import { gatewayEnvSchema } from '../src/config.js';

/**
 * `/api/stripe/webhook` at the gateway: refused with 400 without a `Stripe-Signature` (the service is never
 * called), bodies over 256 KB refused with 413, and a budget of its own per address (`RATE_LIMIT_WEBHOOK_PER_MINUTE`)
 * that neither spends nor is spent by the ordinary write budget.
 */

interface Seen {
  url: string;
  bodyLength: number;
}

/** Every service (identity's session lookup included: nobody is signed in): reads the body, answers 200. */
function recordingService(seen: Seen[]): http.Server {
  return http.createServer((req, res) => {
    let bodyLength = 0;
    req.on('data', (chunk: Buffer) => (bodyLength += chunk.length));
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      if (req.url === '/internal/session') return void res.end(JSON.stringify({ user: null }));
      seen.push({ url: req.url ?? '', bodyLength });
      res.end(JSON.stringify({ received: true }));
    });
  });
}

describe('the Stripe webhook route at the gateway', () => {
  const seen: Seen[] = [];
  const gateways: GatewayApp[] = [];
  let service: http.Server;
  let serviceUrl: string;
  let webDist: string;

  async function startGateway(overrides: Record<string, string> = {}): Promise<string> {
    const config = testGatewayConfig({ name: 'gateway-webhook', webDist, services: serviceUrl, env: overrides });
    const started = await startTestGateway(config, { limitsHold: true });
    gateways.push(started.gateway);
    return started.base;
  }

  const deliver = (base: string, body: string, headers: Record<string, string> = { 'stripe-signature': 't=1,v1=ab' }) =>
    fetch(`${base}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'gateway-webhook-web-'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    service = recordingService(seen);
    serviceUrl = await listen(service);
  });

  afterAll(async () => {
    for (const gateway of gateways) await gateway.app.close();
    service.closeAllConnections();
    await new Promise<void>((resolve) => service.close(() => resolve()));
    rmSync(webDist, { recursive: true, force: true });
  });

  it('answers 400 itself when Stripe-Signature is missing, and bookings never sees the request', async () => {
    const base = await startGateway();
    const before = seen.length;

    const unsigned = await deliver(base, '{"id":"evt_1"}', {});
    expect(unsigned.status).toBe(400);
    expect(await unsigned.json()).toEqual({ message: 'Missing Stripe-Signature header' });
    expect(seen.length).toBe(before);

    const signed = await deliver(base, '{"id":"evt_1"}');
    expect(signed.status).toBe(200);
    expect(seen.at(-1)).toEqual({ url: '/api/stripe/webhook', bodyLength: 14 });
  });

  it('takes a body up to 256 KB and refuses a larger one with 413', async () => {
    const base = await startGateway();
    const before = seen.length;
    const padded = (bytes: number) => JSON.stringify({ pad: 'x'.repeat(bytes - 10) });

    expect((await deliver(base, padded(256 * 1024))).status).toBe(200);
    const tooLarge = await deliver(base, padded(256 * 1024 + 1));
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toEqual({ message: 'The request is too large: the limit here is 256 KB.' });
    expect(seen.length).toBe(before + 1);
    expect(
      gatewayEnvSchema.parse({
        INTERNAL_AUTH_PRIVATE_KEY: TEST_INTERNAL_AUTH_PRIVATE_KEY,
        INTERNAL_AUTH_PUBLIC_KEY: TEST_INTERNAL_AUTH_PUBLIC_KEY,
      }).WEBHOOK_BODY_LIMIT_BYTES,
    ).toBe(256 * 1024);
  });

  it('spends a budget of its own per address, apart from the write budget', async () => {
    const base = await startGateway({
      TRUST_PROXY: 'true',
      RATE_LIMIT_WEBHOOK_PER_MINUTE: '3',
      RATE_LIMIT_WRITES_PER_MINUTE: '2',
    });
    const from = (address: string) => ({ 'stripe-signature': 't=1,v1=ab', 'x-forwarded-for': address });
    const view = (address: string) =>
      fetch(`${base}/api/brands/3/view`, { method: 'POST', headers: { 'x-forwarded-for': address } }).then(
        (response) => response.status,
      );

    // The address's write budget is used up; its deliveries still go through, up to their own budget.
    expect([await view('203.0.113.9'), await view('203.0.113.9'), await view('203.0.113.9')]).toEqual([200, 200, 429]);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await deliver(base, '{}', from('203.0.113.9'))).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await deliver(base, '{}', from('203.0.113.9'));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address has its own budget; deliveries spent none of the write budget of a fresh address.
    expect((await deliver(base, '{}', from('203.0.113.10'))).status).toBe(200);
    expect(await view('203.0.113.10')).toBe(200);
    expect(
      gatewayEnvSchema.parse({
        INTERNAL_AUTH_PRIVATE_KEY: TEST_INTERNAL_AUTH_PRIVATE_KEY,
        INTERNAL_AUTH_PUBLIC_KEY: TEST_INTERNAL_AUTH_PUBLIC_KEY,
      }).RATE_LIMIT_WEBHOOK_PER_MINUTE,
    ).toBe(300);
  });
});
