import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Server as NetServer, type AddressInfo } from 'node:net';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';
import type { BaseEnv } from './config/env.js';
export { SERVICE_SHUTDOWN_DRAIN_MS } from './config/env.js';
import { applyRouteBodyLimits, DEFAULT_BODY_LIMIT_BYTES } from './http/body-limit.js';
import { refuseNulCharacters } from './http/control-characters.js';
import { serveCacheableResponses } from './http/response-cache.js';
import { LogController } from 'fastify';
import { createRootLogger, PinoNestLogger, REQUEST_ID_HEADER } from './logging/logger.js';
import { logRequests } from './logging/request-log.js';
import { AppMetrics, createOpsServer } from './metrics/app-metrics.js';
import { startServerSpan, traceRequests } from './tracing/http-spans.js';
import { tracingEnabled } from './tracing/tracing.js';

/** How long a service keeps an idle keep-alive connection open; callers' pools must give up on it sooner. */
export const SERVICE_KEEP_ALIVE_TIMEOUT_MS = 72_000;

export interface BootstrapOptions {
  name: string;
  config: BaseEnv;
  /**
   * Largest request body accepted on any route, in bytes (1 MB unless given). A route that needs more declares it
   * with `@BodyLimit()`, so a large body is read only where one is expected.
   */
  bodyLimit?: number;
  /**
   * Runs once the application exists and before it starts listening: the place to register Fastify plugins a
   * service needs (brands registers @fastify/multipart for its CSV upload).
   */
  configure?: (app: NestFastifyApplication) => void | Promise<void>;
  /**
   * Keep each JSON and form body's bytes as `request.rawBody` (a Buffer) beside the parsed body: a route that checks
   * a signature over the bytes (bookings' Stripe webhook) needs them exactly as sent, not re-serialised. Off
   * unless asked, so other services do not hold every body twice.
   */
  rawBody?: boolean;
}

/**
 * Graceful shutdown for keep-alive clients (docs/decisions/0029-gateway-keep-alive-and-draining.md). Once the
 * server starts closing:
 * - it stops accepting connections, so a caller with several replicas is refused and goes to another;
 * - every response (including those of requests already in flight) says `Connection: close`, so a busy
 *   connection ends after its answer;
 * - an idle connection is left to its caller to close, for up to `drainMs`, and only then closed here. Node's own
 *   `server.close()` closes idle connections at once, and a request the gateway wrote onto one at that instant
 *   was lost (a 502 for a write, which the gateway must not send twice).
 */
export function drainConnectionsOnShutdown(fastify: FastifyInstance, drainMs: number): void {
  let closing = false;
  fastify.addHook('preClose', async () => {
    closing = true;
    const server = fastify.server;
    if (!server.listening) return;
    await new Promise<void>((drained) => {
      // At the deadline the idle connections left are closed, and the wait ends whatever else is open (a request
      // still running, an upgraded socket): Fastify's own server.close() waits for those, as it always has, and
      // this hook stays well inside the 10 s Fastify gives it.
      const deadline = setTimeout(() => {
        server.closeIdleConnections();
        drained();
      }, drainMs);
      // net.Server's close, not http.Server's: it stops accepting and calls back once every connection has ended,
      // without closing the idle ones. Fastify's own server.close() afterwards finds it closed, which it allows.
      NetServer.prototype.close.call(server, () => {
        clearTimeout(deadline);
        drained();
      });
    });
  });
  fastify.addHook('onSend', async (request, reply) => {
    if (closing && request.raw.httpVersionMajor < 2) reply.header('connection', 'close');
  });
}

/**
 * Creates the Fastify-backed Nest application with the platform's logging and request ids. Input is read per
 * parameter by `SchemaPipe` (`@ValidBody`, `@ValidQuery`): there is no global validation pipe.
 */
export async function createServiceApp(module: unknown, options: BootstrapOptions): Promise<NestFastifyApplication> {
  const logger = createRootLogger(options.name, options.config.LOG_LEVEL);
  // Traced, a request's id is its trace id (the gateway's, carried in traceparent), so a log line leads to its
  // trace; untraced, the id the gateway sent (x-request-id), else a fresh one.
  const traced = tracingEnabled();
  const adapter = new FastifyAdapter({
    loggerInstance: logger,
    requestIdHeader: traced ? false : REQUEST_ID_HEADER,
    genReqId: traced ? (req: IncomingMessage) => startServerSpan(req, { continueCallerTrace: true }) ?? randomUUID() : () => randomUUID(),
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT_BYTES,
    // Stated rather than left to Fastify's default (72 s, the same value): the gateway's pool lets an idle
    // connection go well before this (see gateway/src/upstream-agent.ts), so it never reuses one being closed here.
    keepAliveTimeout: SERVICE_KEEP_ALIVE_TIMEOUT_MS,
    // Let in-flight requests finish on shutdown; idle keep-alive sockets are left to their callers for a while
    // (drainConnectionsOnShutdown), and Fastify itself closes none.
    forceCloseConnections: false,
    // While it drains, a request that arrives on a connection still open is served (with `Connection: close`),
    // not refused with Fastify's 503.
    return503OnClosing: false,
    trustProxy: true,
    // The gateway writes the access line; a service logs a successful request only at debug (logRequests).
    logController: new LogController({ disableRequestLogging: true }),
  });
  const app = await NestFactory.create<NestFastifyApplication>(module as never, adapter, {
    logger: new PinoNestLogger(logger),
    bufferLogs: true,
    rawBody: options.rawBody ?? false,
  });
  const fastify = app.getHttpAdapter().getInstance();
  traceRequests(fastify, { continueCallerTrace: true });
  applyRouteBodyLimits(fastify);
  logRequests(fastify, { successLevel: 'debug', slowRequestMs: options.config.LOG_SLOW_REQUEST_MS });
  serveCacheableResponses(fastify);
  refuseNulCharacters(fastify);
  fastify.addHook('onSend', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  drainConnectionsOnShutdown(fastify, options.config.SHUTDOWN_DRAIN_MS);
  app.get(AppMetrics).observeRequests(fastify);
  app.enableShutdownHooks(['SIGTERM', 'SIGINT']);
  await options.configure?.(app);
  return app;
}

/**
 * Starts a service: its API on `PORT`, and its ops listener (`GET /metrics`) on `OPS_PORT` when one is set (0 picks
 * a free port). Gives the ops listener's port, if any. The ops listener closes with the application.
 */
export async function listenService(app: NestFastifyApplication, config: BaseEnv): Promise<{ opsPort?: number }> {
  let opsPort: number | undefined;
  if (config.OPS_PORT !== undefined) {
    const ops = createOpsServer(app.get(AppMetrics));
    await new Promise<void>((resolve, reject) => {
      ops.once('error', (error: NodeJS.ErrnoException) =>
        reject(error.code === 'EADDRINUSE' ? new Error(`OPS_PORT ${config.OPS_PORT} (the metrics listener) is already in use: set OPS_PORT to a free port`) : error),
      );
      ops.listen(config.OPS_PORT, config.HOST, resolve);
    });
    opsPort = (ops.address() as AddressInfo).port;
    app.getHttpAdapter().getInstance().addHook('onClose', (_instance, done) => {
      ops.closeAllConnections();
      ops.close(() => done());
    });
  }
  await app.listen(config.PORT, config.HOST);
  return opsPort === undefined ? {} : { opsPort };
}
