import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUpstreamAgent, getJson } from '../src/upstream-agent.js';

describe('getJson over the pool', () => {
  const received: string[] = [];
  let server: http.Server;
  let base: string;
  const agent = createUpstreamAgent(4, 30_000);

  beforeAll(async () => {
    // Answers the first request on each connection; a later one on the same connection is met with a reset.
    server = http.createServer((req, res) => {
      const socket = req.socket as Socket & { served?: number };
      socket.served = (socket.served ?? 0) + 1;
      received.push(`${req.url} #${socket.served}`);
      if (socket.served > 1 && req.url !== '/keep') return void socket.resetAndDestroy();
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ url: req.url }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    agent.destroy();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('asks again on a fresh connection when a pooled one is reset before answering', async () => {
    expect((await getJson(`${base}/first`, {}, agent, 2_000)).body).toEqual({ url: '/first' });
    expect((await getJson(`${base}/second`, {}, agent, 2_000)).body).toEqual({ url: '/second' });
    expect(received).toEqual(['/first #1', '/second #2', '/second #1']);
  });

  it('tries once more only: a reset on the fresh connection too is the answer', async () => {
    let served = 0;
    // Answers its very first request, then resets every request on any connection.
    const failing = http.createServer((req, res) => {
      served += 1;
      if (served > 1) return void req.socket.resetAndDestroy();
      res.end('{}');
    });
    await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(failing.address() as AddressInfo).port}/x`;
    try {
      await getJson(url, {}, agent, 2_000);
      await expect(getJson(url, {}, agent, 2_000)).rejects.toMatchObject({ code: 'ECONNRESET' });
      expect(served).toBe(3);
    } finally {
      failing.closeAllConnections();
      await new Promise((resolve) => failing.close(resolve));
    }
  });
});
