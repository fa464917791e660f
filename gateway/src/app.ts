import 'reflect-metadata';
import type http from 'node:http';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { LogController, type FastifyInstance } from 'fastify';
import helmet from 'helmet';
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
import { spaPlugin } from './spa/spa.plugin.js';

/** Nest's own routes only (health); proxied bodies are never parsed. */
const OWN_ROUTES_BODY_LIMIT = 64 * 1024;

const PROXIED_METHODS = ['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT'] as const;

export interface GatewayApp {
  app: NestFastifyApplication;
  runtime: GatewayRuntime;
}

/** The SPA's needs: its own scripts, inline styles (Tailwind, Radix), images from anywhere over https. */
const CONTENT_SECURITY_POLICY = {
  useDefaults: true,
  directives: {
    'default-src': ["'self'"],
    'script-src': ["'self'", 'https://js.stripe.com'],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'connect-src': ["'self'", 'https://api.stripe.com'],
    'frame-src': ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com'],
    'font-src': ["'self'", 'data:', 'https:'],
    'upgrade-insecure-requests': null,
  },
};

/**
 * The headers helmet sets with these options, worked out once: they are the same on every response (no nonces), and
 * running helmet's middleware per request (fifteen small functions, each header validated as it is set) was 2 % of
 * the gateway's CPU under load. @fastify/helmet would build the middleware again, parsing the CSP, on every request.
 */
function helmetHeaders(options: Parameters<typeof helmet>[0]): [string, string][] {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  let failure: unknown;
  helmet(options)({} as http.IncomingMessage, recorder as unknown as http.ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  // helmet sets them synchronously; a version that did not would leave every response without them.
  if (headers.size === 0) throw new Error('helmet set no headers when called once: the security headers cannot be worked out ahead');
  return [...headers];
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
  const securityHeaders = helmetHeaders({ contentSecurityPolicy: CONTENT_SECURITY_POLICY, crossOriginEmbedderPolicy: false });
  fastify.addHook('onRequest', (request, reply, done) => {
    const res = reply.raw;
    for (const [name, value] of securityHeaders) res.setHeader(name, value);
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
