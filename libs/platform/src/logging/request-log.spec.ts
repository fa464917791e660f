import { Writable } from 'node:stream';
import { performance } from 'node:perf_hooks';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logRequests, requestLogLevel, type RequestLogOptions } from './request-log.js';

const SLOW_MS = 500;

/**
 * The clock Fastify times a request by (`reply.elapsedTime` reads `performance.now()`), held still: only /slow
 * moves it, by exactly the slow threshold, so a quick request takes 0 ms however loaded the machine is and the slow
 * one takes SLOW_MS without anyone waiting for it.
 */
let requestClockMs = 0;

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
    requestClockMs += SLOW_MS;
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
  beforeEach(() => {
    requestClockMs = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => requestClockMs);
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await app?.close();
  });

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
