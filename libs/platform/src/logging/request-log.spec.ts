import { setTimeout as sleep } from 'node:timers/promises';
import { Writable } from 'node:stream';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { logRequests, requestLogLevel, type RequestLogOptions } from './request-log.js';

/** Well above what a quick request takes on a loaded 2-core machine, so only /slow crosses it. */
const SLOW_MS = 500;

interface Line {
  level: number;
  msg: string;
  reqId?: string;
  statusCode?: number;
  url?: string;
  upstream?: string;
}

/** A Fastify app logging at `info` into memory, with logRequests as a service or the gateway would set it. */
async function appLogging(options: RequestLogOptions): Promise<{ app: FastifyInstance; lines: Line[] }> {
  const lines: Line[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString().split('\n')) if (text) lines.push(JSON.parse(text) as Line);
      done();
    },
  });
  const app = Fastify({
    loggerInstance: pino({ level: 'info' }, sink),
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: () => 'request-7',
  });
  logRequests(app, options);
  app.get('/ok', async () => ({ ok: true }));
  app.get('/missing', async (_request, reply) => reply.code(404).send({ message: 'Not found' }));
  app.get('/broken', async (_request, reply) => reply.code(500).send({ message: 'broken' }));
  app.get('/slow', async () => {
    await sleep(SLOW_MS + 100);
    return { ok: true };
  });
  await app.ready();
  return { app, lines };
}

describe('requestLogLevel', () => {
  const service = { successLevel: 'debug', slowRequestMs: 1000 } as const;

  it('logs server errors at error and slow requests at warn, whatever the success level', () => {
    expect(requestLogLevel(500, 3, service)).toBe('error');
    expect(requestLogLevel(503, 5000, service)).toBe('error');
    expect(requestLogLevel(200, 1000, service)).toBe('warn');
    expect(requestLogLevel(404, 1500, service)).toBe('warn');
  });

  it('logs the rest at the success level', () => {
    expect(requestLogLevel(200, 999, service)).toBe('debug');
    expect(requestLogLevel(404, 2, service)).toBe('debug');
    expect(requestLogLevel(200, 2, { ...service, successLevel: 'info' })).toBe('info');
  });
});

describe('logRequests', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => app?.close());

  it('in a service at the default level: no line for a request that succeeded, one with the request id for an error or a slow one', async () => {
    const logged = await appLogging({ successLevel: 'debug', slowRequestMs: SLOW_MS });
    app = logged.app;
    expect((await app.inject('/ok')).statusCode).toBe(200);
    expect((await app.inject('/missing')).statusCode).toBe(404);
    expect(logged.lines).toEqual([]);

    await app.inject('/broken');
    await app.inject('/slow');
    expect(logged.lines).toEqual([
      expect.objectContaining({ level: 50, reqId: 'request-7', url: '/broken', statusCode: 500, msg: 'request completed' }),
      expect.objectContaining({ level: 40, reqId: 'request-7', url: '/slow', statusCode: 200, msg: 'slow request' }),
    ]);
  });

  it('at the gateway: exactly one access line per request, with the fields it adds', async () => {
    const logged = await appLogging({ successLevel: 'info', slowRequestMs: 1000, fields: () => ({ upstream: 'brands' }) });
    app = logged.app;
    await app.inject('/ok');
    await app.inject('/missing');
    expect(logged.lines).toEqual([
      expect.objectContaining({ level: 30, reqId: 'request-7', url: '/ok', statusCode: 200, upstream: 'brands' }),
      expect.objectContaining({ level: 30, reqId: 'request-7', url: '/missing', statusCode: 404, upstream: 'brands' }),
    ]);
  });
});
