import 'reflect-metadata';
import type http from 'node:http';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { LogController, type FastifyInstance } from 'fastify';
import {
  drainConnectionsOnShutdown,
  createRootLogger,
  logRequests,
  PinoNestLogger,
  REQUEST_ID_HEADER,
  SERVICE_KEEP_ALIVE_TIMEOUT_MS,
  startServerSpan,
  traceRequests,
  tracingEnabled,
} from '@hunted/platform';
import { AppModule } from './app.module.js';
import type { GatewayConfig } from './config.js';
import { GatewayRuntime } from './gateway-runtime.js';
import { NOT_FOUND_MESSAGE } from './proxy/edge-proxy.js';
import { requestIdFrom } from './request-id.js';
import { routeOfRequest } from './routes.js';
import { SECURITY_HEADERS } from './security/security-headers.js';
import { spaPlugin } from './spa/spa.plugin.js';

/** Nest's own routes only (health); proxied bodies are never parsed. */
const OWN_ROUTES_BODY_LIMIT = 64 * 1024;

const PROXIED_METHODS = ['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT'] as const;

export interface GatewayApp {
  app: NestFastifyApplication;
  runtime: GatewayRuntime;
}

/**
 * Proxied routes live in their own plugin scope so their bodies are left unread for the proxy to stream. Exported for
 * the access matrix (e2e/access), which lists every route the gateway registers.
 */
export function proxiedRoutes(runtime: GatewayRuntime) {
  return async function registerProxiedRoutes(scope: FastifyInstance): Promise<void> {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    for (const url of ['/api', '/api/*', '/socket.io', '/socket.io/*']) {
      scope.route({ method: [...PROXIED_METHODS], url, handler: runtime.edge.handle });
    }
    // Services' internal endpoints (session lookup and the like) are never reachable from outside.
    scope.route({
      method: [...PROXIED_METHODS],
      url: '/internal/*',
      handler: async (_request, reply) => reply.code(404).send({ message: NOT_FOUND_MESSAGE }),
    });
  };
}

export interface GatewayAppOptions {
  /** The clock of the micro-cache (the system clock unless a test gives its own). */
  now?: () => number;
}

export async function createGatewayApp(config: GatewayConfig, options: GatewayAppOptions = {}): Promise<GatewayApp> {
  const logger = createRootLogger('gateway', config.LOG_LEVEL);
  const runtime = new GatewayRuntime(config, logger, options.now);
  const adapter = new FastifyAdapter({
    loggerInstance: logger,
    requestIdHeader: false,
    // Traced, the request id is the trace id of the request's span, a new trace at the edge (a client's traceparent
    // is not trusted); untraced, the caller's x-request-id when plausible, else a fresh one.
    genReqId: tracingEnabled()
      ? (req: http.IncomingMessage) => startServerSpan(req, { continueCallerTrace: false }) ?? requestIdFrom(req.headers[REQUEST_ID_HEADER])
      : (req: http.IncomingMessage) => requestIdFrom(req.headers[REQUEST_ID_HEADER]),
    bodyLimit: OWN_ROUTES_BODY_LIMIT,
    // Stated like the services' (the same 72 s): longer than a load balancer's idle timeout in front of us
    // (ingress-nginx keeps upstream connections 60 s), so that side ends an idle connection first.
    keepAliveTimeout: SERVICE_KEEP_ALIVE_TIMEOUT_MS,
    // Let in-flight requests finish on shutdown; idle keep-alive sockets are closed at once.
    forceCloseConnections: 'idle',
    trustProxy: config.TRUST_PROXY,
    // One line per request, written when it completes (the proxy logs its own, since Fastify skips hijacked replies).
    logController: new LogController({ disableRequestLogging: true }),
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(runtime), adapter, {
    logger: new PinoNestLogger(logger),
    bufferLogs: true,
  });
  const fastify = app.getHttpAdapter().getInstance();
  // A proxied request's span is named by its entry in the route table (`GET /api/bookings`), like its metrics.
  traceRequests(fastify, { continueCallerTrace: false, routeOf: (request) => routeOfRequest(request.raw)?.prefix ?? request.routeOptions.url });
  // Security headers on every response, proxied ones included, with the request id; set on the response itself, so
  // a proxied (hijacked) reply, which Node writes rather than Fastify, has them without a copy.
  fastify.addHook('onRequest', (request, reply, done) => {
    const res = reply.raw;
    for (const [name, value] of SECURITY_HEADERS) res.setHeader(name, value);
    res.setHeader(REQUEST_ID_HEADER, request.id);
    done();
  });
  // The one access line per request (proxied, hijacked replies included); errors and slow requests at error/warn.
  logRequests(fastify, {
    successLevel: 'info',
    slowRequestMs: config.LOG_SLOW_REQUEST_MS,
    fields: (request) => ({ upstream: routeOfRequest(request.raw)?.service }),
  });
  fastify.addHook('preClose', async () => runtime.edge.closeUpgradedSockets());
  // Every proxied path matches the one catch-all route: its entry in the route table says which API it was.
  runtime.metrics.observeRequests(fastify, (request) => routeOfRequest(request.raw)?.prefix);
  // Browsers and the ingress hold the gateway's idle connections on timeouts it does not set, so waiting for them
  // to let go would only stretch a shutdown: the idle ones close at once, as Node does.
  drainConnectionsOnShutdown(fastify, 0);
  fastify.addHook('onClose', async () => runtime.close());
  await fastify.register(proxiedRoutes(runtime));
  await fastify.register(spaPlugin(config.WEB_DIST_DIR, runtime.pages));
  app.enableShutdownHooks(['SIGTERM', 'SIGINT']);
  await app.init();
  (app.getHttpServer() as http.Server).on('upgrade', runtime.edge.handleUpgrade);
  return { app, runtime };
}
