import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { drainConnectionsOnShutdown } from '../src/index.js';
import { waitFor } from '../src/testing/index.js';

/** One answer over a keep-alive agent with a single socket, so a second call reuses the first call's connection. */
function get(agent: http.Agent, port: number): Promise<{ status: number; connection: string | undefined; reusedSocket: boolean; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: '/ping', agent }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, reusedSocket: request.reusedSocket, body }),
      );
    });
    request.on('error', reject);
  });
}

describe('a closing server drains its keep-alive connections', () => {
  let fastify: FastifyInstance | undefined;
  let agent: http.Agent | undefined;

  afterEach(async () => {
    agent?.destroy();
    await fastify?.close();
  });

  async function start(drainMs: number): Promise<{ port: number; socketsClosed: () => number }> {
    fastify = Fastify({ forceCloseConnections: false, return503OnClosing: false });
    drainConnectionsOnShutdown(fastify, drainMs);
    fastify.get('/ping', async () => 'pong');
    let closed = 0;
    fastify.server.on('connection', (socket) => socket.on('close', () => (closed += 1)));
    await fastify.listen({ port: 0, host: '127.0.0.1' });
    return { port: (fastify.server.address() as AddressInfo).port, socketsClosed: () => closed };
  }

  it('answers a request written onto an idle connection after closing began, and says the connection ends', async () => {
    const { port } = await start(60_000);
    agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    expect((await get(agent, port)).status).toBe(200);

    const closing = fastify!.close();
    // Closing has begun and the server takes no new connection; the caller's idle one is still open.
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(fastify!.server.listening).toBe(false);
    const late = await get(agent, port);
    expect(late).toEqual({ status: 200, connection: 'close', reusedSocket: true, body: 'pong' });
    // That connection ended after its answer, so the close completes without waiting for the drain time.
    await closing;
    fastify = undefined;
  });

  it('closes an idle connection its caller kept once the drain time is up', async () => {
    const { port, socketsClosed } = await start(200);
    agent = new http.Agent({ keepAlive: true, maxSockets: 1, timeout: 60_000 });
    expect((await get(agent, port)).status).toBe(200);
    expect(socketsClosed()).toBe(0);
    await fastify!.close();
    fastify = undefined;
    await waitFor('the idle connection closed by the server', () => socketsClosed() === 1);
  });
});
