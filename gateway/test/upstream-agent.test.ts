import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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

  it('fails a call waiting for a pooled socket at its deadline, and never sends it once a socket is free', async () => {
    // One socket, held by a call the service answers only when the test says. A second call waits for that socket
    // and gives up at its own deadline, while the socket is still held; then the socket is freed and a third call
    // is made. The pool hands sockets out in call order, so
    // had the second call been kept in the queue and sent, the service would see it before the third.
    const seen: string[] = [];
    let releaseHeld: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (releaseHeld = resolve));
    const oneAtATime = http.createServer((req, res) => {
      seen.push(req.url ?? '');
      if (req.url === '/held') void held.then(() => res.end('{}'));
      else res.end('{}');
    });
    await new Promise<void>((resolve) => oneAtATime.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(oneAtATime.address() as AddressInfo).port}`;
    const oneSocket = createUpstreamAgent(1, 30_000);
    try {
      const first = getJson(`${url}/held`, {}, oneSocket, 10_000);
      await expect(getJson(`${url}/gave-up`, {}, oneSocket, 50)).rejects.toThrow('did not answer within 50 ms');
      releaseHeld();
      await first;
      await getJson(`${url}/after`, {}, oneSocket, 10_000);
      expect(seen).toEqual(['/held', '/after']);
    } finally {
      oneSocket.destroy();
      oneAtATime.closeAllConnections();
      await new Promise((resolve) => oneAtATime.close(resolve));
    }
  });

  it('gives up at its deadline counted from the call, a wait for a pooled socket included', async () => {
    // Its deadline's timer on a clock the test moves (the sockets are real): all six calls start at one moment,
    // two get the agent's two sockets to a service that never answers and four wait for one. Each must fail at
    // the deadline of its own call, not one or two deadlines later once a socket is free.
    let asked = 0;
    let twoAsked: () => void = () => undefined;
    const bothIn = new Promise<void>((resolve) => (twoAsked = resolve));
    const hung = http.createServer(() => {
      asked += 1;
      if (asked === 2) twoAsked();
    });
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(hung.address() as AddressInfo).port}`;
    const twoSockets = createUpstreamAgent(2, 30_000);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const outcomes: string[] = [];
      const calls = Array.from({ length: 6 }, (_, i) =>
        getJson(`${url}/${i}`, {}, twoSockets, 1_000).then(
          () => void outcomes.push('answered'),
          (error: Error) => void outcomes.push(error.message.replace(`${url}/${i}`, 'the call')),
        ),
      );
      await bothIn;
      const settle = () => new Promise((resolve) => setImmediate(resolve));
      await vi.advanceTimersByTimeAsync(999);
      await settle();
      // A moment before the deadline: nothing has failed yet, and four calls are still waiting for a socket.
      expect(outcomes).toEqual([]);
      expect(asked).toBe(2);
      await vi.advanceTimersByTimeAsync(1);
      await Promise.all(calls);
      expect(outcomes).toEqual(Array(6).fill('the call did not answer within 1000 ms'));
    } finally {
      vi.useRealTimers();
      twoSockets.destroy();
      hung.closeAllConnections();
      await new Promise((resolve) => hung.close(resolve));
    }
  });
});
