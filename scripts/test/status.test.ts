import type { AddressInfo } from 'node:net';
import { AppMetrics, createOpsServer } from '@hunted/platform';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatStatus, p99Between, parseMetrics, scrape, summarise, systemStatus } from '../lib/status.mjs';

/** `npm run status` against a real app's metrics: an app timed by the platform's AppMetrics behind its ops listener. */
describe('npm run status', () => {
  const metrics = new AppMetrics('brands');
  const app = Fastify();
  const ops = createOpsServer(metrics);
  let base: string;
  let metricsUrl: string;

  beforeAll(async () => {
    metrics.observeRequests(app);
    app.get('/api/brands/:id', async () => ({ ok: true }));
    app.get('/broken', async (_request, reply) => reply.code(503).send({ message: 'down' }));
    base = await app.listen({ port: 0, host: '127.0.0.1' });
    await new Promise<void>((resolve) => ops.listen(0, '127.0.0.1', resolve));
    metricsUrl = `http://127.0.0.1:${(ops.address() as AddressInfo).port}/metrics`;
  });

  afterAll(async () => {
    await app.close();
    await new Promise((resolve) => ops.close(resolve));
  });

  it('reads labels and values of the exposition text', () => {
    expect(parseMetrics('# HELP x y\nx_total{a="1",b="q\\"uote"} 3\nup 1\n')).toEqual([
      { name: 'x_total', labels: { a: '1', b: 'q"uote' }, value: 3 },
      { name: 'up', labels: {}, value: 1 },
    ]);
    const before = new Map([['0.1', 0], ['1', 0], ['+Inf', 0]]);
    expect(p99Between(before, new Map([['0.1', 99], ['1', 100], ['+Inf', 100]]))).toBe(100);
    expect(p99Between(before, new Map([['0.1', 50], ['1', 100], ['+Inf', 100]]))).toBe(1000);
    expect(p99Between(before, before)).toBeNull();
  });

  it('gives an app its request rate, p99 and 5xx between two scrapes, and says which app is down', async () => {
    const first = await scrape(metricsUrl);
    for (let i = 0; i < 20; i++) await fetch(`${base}/api/brands/${i + 1}`);
    await fetch(`${base}/broken`);
    const brands = summarise('brands', first, await scrape(metricsUrl), 2);
    expect(brands).toMatchObject({ name: 'brands', up: true, requestsPerSecond: 10.5, errors5xx: 1 });
    expect(brands.p99Ms).toBeGreaterThan(0);

    const [down] = await systemStatus([{ name: 'reviews', url: 'http://127.0.0.1:9/metrics' }], 0.1);
    expect(down).toEqual({ name: 'reviews', up: false });
    const table = formatStatus([brands, down!]);
    expect(table.split('\n')[0]).toMatch(/^app\s+up\s+req\/s\s+p99 ms\s+5xx/);
    expect(table).toMatch(/\nbrands\s+up\s+10\.5\s/);
    expect(table).toMatch(/\nreviews\s+DOWN/);
  });
});
