import http from 'node:http';
import type { Duplex, Readable } from 'node:stream';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createProxyMiddleware, type RequestHandler } from 'http-proxy-middleware';
import type { Logger } from 'pino';
import type { Dispatcher } from 'undici';
import { TERMS_ACCEPTANCES_PATH } from '@hunted/contracts';
import { forwardTraceContext, IDENTITY_HEADER, matchesEtag, REQUEST_ID_HEADER } from '@hunted/platform';
import { IdentityUnavailableError, type ResolvedIdentity, type SessionResolver } from '../auth/session-resolver.js';
import { MicroCache, type CachedResponse, type ResponseCopy } from '../cache/micro-cache.js';
import { DataExportArchive } from '../data-exports/data-export-archive.js';
import type { GatewayConfig } from '../config.js';
import { requestIdFrom } from '../request-id.js';
import { isAdminPath, isAmbiguousPath, matchRoute, routeOfRequest, SERVICE_NAMES, type BodyLimitClass, type RouteRule, type ServiceName } from '../routes.js';
import { CROSS_SITE_MESSAGE, isCrossSiteWrite, isSameOrigin } from '../security/csrf.js';
import { rateLimitClassOf, tooManyMessageOf, TOO_MANY_REQUESTS_MESSAGE, type RateLimiter } from '../security/rate-limit.js';
import { TOO_MANY_SOCKETS_MESSAGE, type SocketSlots } from '../security/socket-slots.js';
import { ReplayableBody } from './replayable-body.js';
import type { ServicePools } from './service-pools.js';
import { serviceTargets, ServiceUpstreams } from './upstreams.js';

export const NOT_FOUND_MESSAGE = 'Not found';
const SIGN_IN_REQUIRED_MESSAGE = 'Please sign in to continue';
const ADMIN_REQUIRED_MESSAGE = 'Admin access required';
const IDENTITY_UNAVAILABLE = Symbol('identity unavailable');
const IDENTITY_UNAVAILABLE_MESSAGE = 'We could not check your sign-in just now — please try again in a moment.';

/**
 * Errors meaning nothing listens there (as opposed to a service that failed mid-answer): the connection was never
 * made, so the service received nothing and the request may go to another replica, whatever its method.
 */
const NOT_RUNNING_CODES = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Requests a service cannot have acted on when their connection was reset before any answer. */
const RETRYABLE_METHODS = new Set(['GET', 'HEAD']);

/** Errors meaning the service took longer than UPSTREAM_TIMEOUT_MS to start or go on answering. */
const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT']);
/** A connection closed under a request: reset, or closed with no answer. */
const DROPPED_CONNECTION_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);

/** Headers about one connection, which a proxy never passes on (RFC 9110 §7.6.1), and `expect`, answered here. */
const HOP_BY_HOP_REQUEST_HEADERS = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'expect', 'http2-settings']);
const HOP_BY_HOP_RESPONSE_HEADERS = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade']);

const RETRIED = Symbol('gatewayRetried');
const TRIED_REPLICAS = Symbol('gatewayTriedReplicas');
const REPLAYABLE_BODY = Symbol('gatewayReplayableBody');
const EXCHANGE = Symbol('gatewayExchange');
type TrackedRequest = http.IncomingMessage & {
  [RETRIED]?: boolean;
  /** The replicas this request was sent to, in order (replicated services only). */
  [TRIED_REPLICAS]?: string[];
  /** The body, kept until it reaches a service's connection, so an attempt refused before that can be sent again. */
  [REPLAYABLE_BODY]?: ReplayableBody;
  /** The attempt under way. */
  [EXCHANGE]?: ServiceExchange;
};

/** The request's headers as the service gets them: all but the hop-by-hop ones (Host included, as sent). */
function upstreamHeaders(headers: http.IncomingHttpHeaders): Record<string, string | string[]> {
  const forwarded: Record<string, string | string[]> = {};
  for (const name in headers) {
    const value = headers[name];
    if (value !== undefined && !HOP_BY_HOP_REQUEST_HEADERS.has(name)) forwarded[name] = value;
  }
  return forwarded;
}

/**
 * The service's response headers as the client gets them: the hop-by-hop ones dropped (Node sets its own), and a
 * repeated header joined as Node's own parser would (undici gives repeats as arrays), Set-Cookie kept as a list.
 */
function downstreamHeaders(headers: http.IncomingHttpHeaders): http.IncomingHttpHeaders {
  const passed: http.IncomingHttpHeaders = {};
  for (const name in headers) {
    const value = headers[name];
    if (value === undefined || HOP_BY_HOP_RESPONSE_HEADERS.has(name)) continue;
    (passed as Record<string, string | string[]>)[name] = Array.isArray(value) && name !== 'set-cookie' ? value.join(', ') : value;
  }
  return passed;
}

function errorCode(error: Error): string {
  return (error as NodeJS.ErrnoException).code ?? '';
}

/**
 * Whether the request declares a body. The gateway refuses before proxying, so such a body is still unread (on
 * its way, or waiting in the socket): a refusal must close the connection rather than read it.
 */
function hasBody(req: http.IncomingMessage): boolean {
  const declared = Number(req.headers['content-length'] ?? 0);
  return (Number.isFinite(declared) && declared > 0) || req.headers['transfer-encoding'] !== undefined;
}

/**
 * A GET or HEAD without a body whose connection was dropped before anything of the answer reached the client: a
 * request that changes nothing, so it is sent once more (typically a pooled connection the service had just closed).
 * Never after a timeout: a slow service is not asked twice.
 */
function isRetryable(code: string, req: TrackedRequest, res: http.ServerResponse): boolean {
  return !req[RETRIED] && RETRYABLE_METHODS.has(req.method ?? '') && !hasBody(req) && DROPPED_CONNECTION_CODES.has(code) && !res.headersSent;
}

function sendJson(res: http.ServerResponse, status: number, body: unknown, headers: http.OutgoingHttpHeaders = {}): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const payload = JSON.stringify(body);
  res.writeHead(status, { ...headers, 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(payload) });
  res.end(payload);
}

/** How long a refused upgrade's connection may stay open after the answer, for the client to read it and close. */
const REFUSED_UPGRADE_LINGER_MS = 1_000;
/** How long a client's socket may outlive its service's end of a websocket before it is destroyed. */
const ENDED_WEBSOCKET_LINGER_MS = 1_000;
const NO_HEAD = Buffer.alloc(0);

/**
 * Answers a websocket upgrade without proxying it: a whole HTTP response (status line, JSON body saying why, its
 * length) written on the raw socket, which Fastify never sees, then the connection is closed.
 */
function refuseUpgrade(socket: Duplex, status: number, message: string, headers: Record<string, string> = {}): void {
  if (socket.destroyed || socket.writableEnded) return;
  const body = JSON.stringify({ message });
  const head = [
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status] ?? 'Error'}`,
    `Date: ${new Date().toUTCString()}`,
    'Connection: close',
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
  // A client that never closes its end would otherwise hold the connection open (the server allows half-open).
  setTimeout(() => socket.destroy(), REFUSED_UPGRADE_LINGER_MS).unref();
}

/**
 * http-proxy ends the client's socket right after it reports that a replica refused the connection. For an
 * upgrade sent on to another replica that end must not happen: the next call of `end` is skipped, once.
 */
function skipNextEnd(socket: Duplex): () => void {
  const end = socket.end;
  socket.end = function skippedEnd(this: Duplex) {
    socket.end = end;
    return this;
  } as Duplex['end'];
  return () => {
    socket.end = end;
  };
}

function pathOf(url: string): string {
  const queryAt = url.indexOf('?');
  return queryAt === -1 ? url : url.slice(0, queryAt);
}

/**
 * Requests after which what identity says about the cookie has changed: sign-in, sign-out, profile edits, and an
 * acceptance of the terms (the `acceptedTerms` claim the retried booking or profile change needs; decision 0103).
 */
function changesSession(method: string, path: string): boolean {
  return (
    path === '/api/logout' ||
    path === '/api/callback' ||
    (method === 'PATCH' && path === '/api/auth/user') ||
    (method === 'POST' && path === TERMS_ACCEPTANCES_PATH)
  );
}

export interface EdgeProxyDeps {
  config: GatewayConfig;
  /** Connection pools for forwarded requests (undici). */
  pools: ServicePools;
  /** The keep-alive pool of websocket upgrades (http-proxy). */
  agent: http.Agent;
  sessions: SessionResolver;
  rateLimiter: RateLimiter;
  /** Open websockets per member and per address (security/socket-slots.ts). */
  socketSlots: SocketSlots;
  logger: Logger;
  /** Public GETs of guests answered again for up to a second (cache/micro-cache.ts); absent in some tests. */
  microCache?: MicroCache;
}

/** A body limit as people write it: whole MB, else whole KB (the webhook's 256 KB). */
function sizeInWords(bytes: number): string {
  const mb = 1024 * 1024;
  return bytes >= mb ? `${Math.floor(bytes / mb)} MB` : `${Math.floor(bytes / 1024)} KB`;
}

/**
 * Everything between the browser and a service: the route table, CSRF and body-size checks, per-client rate
 * limits, identity (client-sent identity headers are dropped; the session cookie becomes a signed internal
 * token), request ids and forwarding headers, then a streamed keep-alive proxy of the untouched request.
 */
export class EdgeProxy {
  private readonly proxies: Record<ServiceName, RequestHandler>;
  /** Each service's replicas: one address for most, several for bookings and messaging (round-robin). */
  private readonly upstreams: Record<ServiceName, ServiceUpstreams>;
  private readonly bodyLimits: Record<BodyLimitClass, number>;
  private readonly upgradedSockets = new Set<Duplex>();
  /** TRUST_PROXY as Fastify applies it to ordinary requests, for the websocket upgrades Fastify never sees. */
  private readonly trustedProxy: (address: string, hop: number) => boolean;
  /** The member's data archive, the one `/api` answer the gateway puts together itself (routes.ts, answeredByGateway). */
  private readonly archive: DataExportArchive;

  constructor(private readonly deps: EdgeProxyDeps) {
    const { config } = deps;
    const trust = config.TRUST_PROXY;
    this.trustedProxy = trust === true ? () => true : trust === false ? () => false : proxyAddr.compile(trust);
    this.bodyLimits = {
      default: config.BODY_LIMIT_BYTES,
      reviewPhotos: config.REVIEW_BODY_LIMIT_BYTES,
      csvUpload: config.CSV_UPLOAD_LIMIT_BYTES,
      profileEdit: config.PROFILE_BODY_LIMIT_BYTES,
      webhook: config.WEBHOOK_BODY_LIMIT_BYTES,
    };
    this.upstreams = Object.fromEntries(
      SERVICE_NAMES.map((service) => [service, new ServiceUpstreams(serviceTargets(config, service))]),
    ) as Record<ServiceName, ServiceUpstreams>;
    this.proxies = Object.fromEntries(
      SERVICE_NAMES.map((service) => [service, this.createProxy(service, this.upstreams[service])]),
    ) as Record<ServiceName, RequestHandler>;
    this.archive = new DataExportArchive({
      upstreams: this.upstreams,
      sessions: deps.sessions,
      agent: deps.agent,
      timeoutMs: config.UPSTREAM_TIMEOUT_MS,
      logger: deps.logger,
    });
  }

  /** Fastify handler for every proxied path. The body has not been read; it streams through as it came. */
  handle = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const req = request.raw;
    const res = reply.raw;
    const url = req.url ?? '/';
    if (isAmbiguousPath(url)) return this.refuse(reply, 400, 'This address is not valid.');
    const route = routeOfRequest(req);
    if (!route) return this.refuse(reply, 404, NOT_FOUND_MESSAGE);
    const method = request.method;

    // request.host is the Host header, or X-Forwarded-Host when TRUST_PROXY says a proxy in front of us sets it.
    if (!route.csrfExempt && isCrossSiteWrite(method, req.headers, this.deps.config.PUBLIC_URL, request.host)) {
      return this.refuse(reply, 403, CROSS_SITE_MESSAGE);
    }
    const sizeProblem = this.checkBodySize(req, route);
    if (sizeProblem) return this.refuse(reply, sizeProblem.status, sizeProblem.message);
    if (route.requiredHeader && !req.headers[route.requiredHeader.toLowerCase()]) {
      return this.refuse(reply, 400, `Missing ${route.requiredHeader} header`);
    }

    const path = pathOf(url);
    const sessionChanges = changesSession(method, path);
    if (sessionChanges) {
      this.deps.sessions.invalidate(req.headers.cookie);
      res.once('finish', () => this.deps.sessions.invalidate(req.headers.cookie));
    }
    const identity = await this.applyIdentity(req, route.service);
    if (identity === IDENTITY_UNAVAILABLE) return this.refuse(reply, 503, IDENTITY_UNAVAILABLE_MESSAGE);

    // After identity, so a signed-in user spends their own budget and a guest their address's (rate-limit.ts).
    const rateClass = rateLimitClassOf(method, route.rateLimit);
    const decision = await this.deps.rateLimiter.consume(rateClass, { userId: identity?.user.id ?? null, clientIp: request.ip });
    if (!decision.allowed) {
      const message = tooManyMessageOf(rateClass);
      return this.refuse(reply, 429, message, { 'retry-after': String(decision.retryAfterSeconds) });
    }

    // A guest's write where only members may write is refused here, before a byte of its body is read: otherwise
    // the service would take in and parse the whole body (up to 45 MB) only to answer 401.
    if (!identity && UNSAFE_METHODS.has(method) && !route.guestWrites) return this.refuse(reply, 401, SIGN_IN_REQUIRED_MESSAGE);
    if (!identity && route.membersOnly) return this.refuse(reply, 401, SIGN_IN_REQUIRED_MESSAGE);
    // Defence in depth: services check admin access themselves, but no admin call from a non-admin even reaches
    // them, including paths no service serves yet (which would otherwise answer 404 and reveal nothing useful).
    // The path is read normalised (`/api//admin` is `/api/admin`), as a proxy merging slashes would read it.
    if (isAdminPath(url)) {
      if (!identity) return this.refuse(reply, 401, SIGN_IN_REQUIRED_MESSAGE);
      if (!identity.user.isAdmin) return this.refuse(reply, 403, ADMIN_REQUIRED_MESSAGE);
    }
    // Past every check a proxied request passes: the gateway's own answer, never sent on to the route's service.
    if (route.answeredByGateway === 'dataExportArchive') return this.archive.answer(request, reply);
    // After the rate limit and every access check, so a cached answer is refused exactly when a fresh one would be.
    const cache = this.deps.microCache;
    // A member's read is answered from it only where the answer is the same for everyone (routes.ts).
    const cacheKey = cache?.keyOf(req, identity !== null && route.sameForEveryone !== true) ?? null;
    if (cache && cacheKey !== null) {
      const cached = MicroCache.wantsFresh(req) ? undefined : cache.get(cacheKey);
      if (cached) {
        this.answerFromCache(reply, cached);
        if (cache.claimRenewal(cacheKey, cached)) {
          this.setForwardingHeaders(req, request.id, request.ip, request.protocol, request.host);
          this.renew(route.service, req, cacheKey, cache);
        }
        return;
      }
      cache.expect(req, cacheKey, route.service);
    }
    this.setForwardingHeaders(req, request.id, request.ip, request.protocol, request.host);

    // The security headers and the request id are set on the response itself (app.ts), so the proxied answer has
    // them; nothing sets a header of Fastify's reply before this point.
    reply.hijack();
    // A caller who gives up lets go of the service request at once: abandoned slow requests must not pile up.
    res.once('close', () => {
      if (!res.writableFinished) (req as TrackedRequest)[EXCHANGE]?.clientLeft();
    });
    // Not in requestContext: the proxy's lines name the request id themselves, and a first run() of an
    // AsyncLocalStorage turns on Node 20's promise hooks, a cost on every promise of every request after it.
    this.forward(route.service, req, res);
  };

  /**
   * Node's 'upgrade' listener: socket.io's websocket goes to messaging, for members only. Everything is decided
   * here, before messaging hears of the socket: origin, identity, the upgrade budget (per member and per address),
   * a guest's 401, and the caps on open sockets per member and per address.
   */
  handleUpgrade = (req: http.IncomingMessage, socket: Duplex, head: Buffer): void => {
    socket.on('error', () => socket.destroy());
    const url = req.url ?? '/';
    const route = isAmbiguousPath(url) ? null : matchRoute(url);
    if (!route || route.prefix !== '/socket.io') return refuseUpgrade(socket, 404, NOT_FOUND_MESSAGE);
    // A websocket handshake carries the cookie like any request, so another site must not open one for the user.
    const siteHost = this.siteHostOf(req);
    if (!isSameOrigin(req.headers, this.deps.config.PUBLIC_URL, siteHost)) return refuseUpgrade(socket, 403, CROSS_SITE_MESSAGE);
    const requestId = requestIdFrom(req.headers[REQUEST_ID_HEADER]);
    const clientIp = proxyAddr(req, this.trustedProxy);
    this.admitUpgrade(req, socket, route, clientIp).then(
      (admitted) => {
        if (!admitted) return;
        this.setForwardingHeaders(req, requestId, clientIp, this.protocolOf(req), siteHost);
        this.deps.logger.info({ requestId, url, upstream: route.service }, 'websocket upgrade proxied');
        this.upgradedSockets.add(socket);
        socket.once('close', () => this.upgradedSockets.delete(socket));
        void this.proxies[route.service].upgrade(req, socket as never, head);
      },
      (error: unknown) => {
        this.deps.logger.error({ err: error, requestId }, 'websocket upgrade failed before proxying');
        refuseUpgrade(socket, 500, 'Something went wrong — please try again.');
      },
    );
  };

  /**
   * Whether the upgrade may reach messaging; when not, the refusal has been written. A socket let through holds
   * a place in its member's and address's counts until it closes.
   */
  private async admitUpgrade(req: http.IncomingMessage, socket: Duplex, route: RouteRule, clientIp: string): Promise<boolean> {
    const identity = await this.applyIdentity(req, route.service);
    if (identity === IDENTITY_UNAVAILABLE) {
      refuseUpgrade(socket, 503, IDENTITY_UNAVAILABLE_MESSAGE);
      return false;
    }
    // Before the 401, so a guest's flood of upgrades is bounded per address like anyone's.
    const decision = await this.deps.rateLimiter.consume(rateLimitClassOf('GET', route.rateLimit), {
      userId: identity?.user.id ?? null,
      clientIp,
    });
    if (!decision.allowed) {
      refuseUpgrade(socket, 429, TOO_MANY_REQUESTS_MESSAGE, { 'Retry-After': String(decision.retryAfterSeconds) });
      return false;
    }
    if (!identity) {
      refuseUpgrade(socket, 401, SIGN_IN_REQUIRED_MESSAGE);
      return false;
    }
    if (socket.destroyed) return false;
    const slot = await this.deps.socketSlots.acquire(identity.user.id, clientIp);
    if (!slot.allowed) {
      refuseUpgrade(socket, 429, TOO_MANY_SOCKETS_MESSAGE);
      return false;
    }
    if (socket.destroyed) {
      slot.release();
      return false;
    }
    socket.once('close', slot.release);
    return true;
  }

  /** Ends open websockets, which would otherwise keep a shutting-down server alive indefinitely. */
  closeUpgradedSockets(): void {
    for (const socket of this.upgradedSockets) socket.destroy();
    this.upgradedSockets.clear();
  }

  /**
   * Answers without proxying. A body the request still carries is never read: the answer says `Connection: close`
   * and the connection ends after it, so a refused upload stops instead of being drained.
   */
  private refuse(reply: FastifyReply, status: number, message: string, headers: Record<string, string> = {}): void {
    const closing = hasBody(reply.request.raw) ? { connection: 'close' } : {};
    void reply
      .code(status)
      .headers({ ...headers, ...closing })
      .type('application/json; charset=utf-8')
      .send({ message });
  }

  /** A guest's public GET answered from the micro-cache: the service's headers and body, or 304 if the client has them. */
  private answerFromCache(reply: FastifyReply, cached: CachedResponse): void {
    reply.headers(cached.headers).header('x-gateway-cache', 'hit');
    if (cached.etag !== undefined && matchesEtag(reply.request.headers['if-none-match'], cached.etag)) {
      reply.removeHeader('content-type');
      reply.removeHeader('content-encoding');
      void reply.code(304).send();
      return;
    }
    void reply.code(200).send(cached.body);
  }

  /** The host a websocket's browser addressed, as Fastify's request.host decides it for ordinary requests. */
  private siteHostOf(req: http.IncomingMessage): string {
    return this.forwardedByTrustedProxy(req, 'x-forwarded-host') ?? req.headers.host ?? '';
  }

  /** A websocket's scheme, as Fastify's request.protocol decides it for ordinary requests. */
  private protocolOf(req: http.IncomingMessage): string {
    return this.forwardedByTrustedProxy(req, 'x-forwarded-proto') ?? ('encrypted' in req.socket ? 'https' : 'http');
  }

  /** A forwarding header's last value when the peer is a trusted proxy (the value that proxy wrote), else undefined. */
  private forwardedByTrustedProxy(req: http.IncomingMessage, header: 'x-forwarded-host' | 'x-forwarded-proto'): string | undefined {
    const value = req.headers[header];
    if (typeof value !== 'string' || value.length === 0 || !this.trustedProxy(req.socket.remoteAddress ?? '', 0)) return undefined;
    return value.split(',').at(-1)?.trim() || undefined;
  }

  /**
   * Sends the request to its service (a replica in turn for a replicated one) and streams the answer back; used
   * again for the one retry of a dropped GET and for each further replica tried after one refused the connection.
   * A body goes through a ReplayableBody, so such a retry can send it again from the first byte.
   */
  private forward(service: ServiceName, req: TrackedRequest, res: http.ServerResponse): void {
    const tried = (req[TRIED_REPLICAS] ??= []);
    const target = this.upstreams[service].pick(tried) ?? this.upstreams[service].targets[0]!;
    tried.push(target);
    const body = hasBody(req) ? (req[REPLAYABLE_BODY] ??= new ReplayableBody(req)).stream() : null;
    const exchange = new ServiceExchange(req, res, (error) => this.exchangeFailed(service, req, res, error), this.copyOrInvalidate(service, req));
    req[EXCHANGE] = exchange;
    this.dispatch(target, req.method ?? 'GET', req.url ?? '/', upstreamHeaders(req.headers), body, exchange);
  }

  /** One request to one service address over its pool, bounded by UPSTREAM_TIMEOUT_MS for the head and each chunk. */
  private dispatch(target: string, method: string, path: string, headers: Record<string, string | string[]>, body: Readable | null, handler: Dispatcher.DispatchHandler): void {
    const timeoutMs = this.deps.config.UPSTREAM_TIMEOUT_MS;
    this.deps.pools.of(target).dispatch(
      { path, method: method as Dispatcher.HttpMethod, headers, body, headersTimeout: timeoutMs, bodyTimeout: timeoutMs },
      handler,
    );
  }

  /**
   * Asks the service again for a kept answer a guest has just been given, so the next readers get a fresh copy from
   * the cache instead of waiting for the service when it expires. Sent as the guest's request was (its forwarding
   * headers and request id) without its cookies, identity or conditions (a member's read of an answer that is the
   * same for everyone is renewed as a guest's); one attempt, and any failure simply lets the kept answer expire.
   */
  private renew(service: ServiceName, req: http.IncomingMessage, key: string, cache: MicroCache): void {
    const headers = upstreamHeaders(req.headers);
    for (const name of ['cookie', IDENTITY_HEADER, 'if-none-match', 'if-modified-since', 'cache-control', 'pragma']) delete headers[name];
    const upstreams = this.upstreams[service];
    this.dispatch(upstreams.pick() ?? upstreams.targets[0]!, 'GET', req.url ?? '/', headers, null, new CacheRenewal(key, service, cache, this.deps.logger));
  }

  /**
   * What the micro-cache does with this request's answer once its head arrives: a successful write drops the
   * service's kept answers; a guest's public read may be copied as it streams by.
   */
  private copyOrInvalidate(service: ServiceName, req: http.IncomingMessage): AnswerObserver | undefined {
    const cache = this.deps.microCache;
    if (!cache) return undefined;
    return (statusCode, headers) => {
      if (UNSAFE_METHODS.has(req.method ?? '')) {
        if (statusCode < 400) cache.invalidate(service);
        return null;
      }
      return cache.capture(req, statusCode, headers);
    };
  }

  /** An attempt ended without a whole answer: another replica, the one retry, or an answer saying what happened. */
  private exchangeFailed(service: ServiceName, req: TrackedRequest, res: http.ServerResponse, error: Error): void {
    // The caller left first (and the service request was let go): nobody to answer, nothing wrong.
    if (res.destroyed && !res.writableFinished) return;
    const { logger } = this.deps;
    const code = errorCode(error);
    const upstreams = this.upstreams[service];
    const requestId = req.headers[REQUEST_ID_HEADER];
    if (upstreams.replicated && NOT_RUNNING_CODES.has(code) && this.replicaRefused(upstreams, req, res)) {
      logger.warn({ service, replica: req[TRIED_REPLICAS]?.at(-1), url: req.url, code, requestId }, 'a replica refused the connection; trying the next');
      this.forward(service, req, res);
      return;
    }
    if (isRetryable(code, req, res)) {
      req[RETRIED] = true;
      logger.info({ service, url: req.url, code, requestId }, 'a connection to the service was dropped; sending the request again');
      this.forward(service, req, res);
      return;
    }
    logger.warn({ err: error, service, url: req.url, requestId }, 'proxying to a service failed');
    // The rest of a body still arriving will not be read now: close after the answer, as refuse() does.
    const closing = hasBody(req) && !req.complete ? { connection: 'close' } : {};
    if (NOT_RUNNING_CODES.has(code)) {
      sendJson(res, 503, { message: `The ${service} service is not available right now — please try again shortly.` }, closing);
    } else if (TIMEOUT_CODES.has(code)) {
      sendJson(res, 504, { message: `The ${service} service took too long to answer.` }, closing);
    } else {
      sendJson(res, 502, { message: `The ${service} service failed to answer.` }, closing);
    }
  }

  /**
   * After a replica refused the connection: passes it over for a while, and answers whether the request can go to
   * another replica now (one not tried yet, nothing of the answer sent, the body still kept if it has one).
   */
  private replicaRefused(upstreams: ServiceUpstreams, req: TrackedRequest, res: http.ServerResponse | Duplex): boolean {
    const tried = req[TRIED_REPLICAS] ?? [];
    const refused = tried.at(-1);
    if (refused === undefined) return false;
    upstreams.markDown(refused);
    // An upgrade can go on while its client's socket is open and no answer has been written to it.
    if ('writeHead' in res ? res.headersSent : res.destroyed || res.writableEnded) return false;
    if (hasBody(req) && !req[REPLAYABLE_BODY]?.replayable) return false;
    return upstreams.targets.some((target) => !tried.includes(target));
  }

  /**
   * Sends an upgrade on to the next replica after one refused the connection. http-proxy ends the client's socket
   * right after reporting the refusal; that end is skipped. The head was put back into the socket by the first
   * attempt, so none is given again.
   */
  private forwardUpgrade(service: ServiceName, req: TrackedRequest, socket: Duplex): void {
    const restoreEnd = skipNextEnd(socket);
    queueMicrotask(() => {
      restoreEnd();
      if (socket.destroyed) return;
      void this.proxies[service].upgrade(req, socket as never, NO_HEAD);
    });
  }

  private checkBodySize(req: http.IncomingMessage, route: RouteRule): { status: number; message: string } | null {
    const limit = this.bodyLimits[route.bodyLimit ?? 'default'];
    const declared = req.headers['content-length'];
    if (declared !== undefined) {
      const size = Number(declared);
      if (Number.isFinite(size) && size > limit) {
        return { status: 413, message: `The request is too large: the limit here is ${sizeInWords(limit)}.` };
      }
      return null;
    }
    // A chunked body cannot be measured before it is streamed on; browsers always send a length anyway.
    if (req.headers['transfer-encoding'] !== undefined) {
      return { status: 411, message: 'Send the request body with a Content-Length header.' };
    }
    return null;
  }

  /** Drops any identity the client claims and forwards the one identity vouches for, signed for `service` alone. */
  private async applyIdentity(
    req: http.IncomingMessage,
    service: ServiceName,
  ): Promise<ResolvedIdentity | null | typeof IDENTITY_UNAVAILABLE> {
    delete req.headers[IDENTITY_HEADER];
    try {
      const identity = await this.deps.sessions.resolve(req.headers.cookie, service);
      if (identity) req.headers[IDENTITY_HEADER] = identity.token;
      return identity;
    } catch (error) {
      if (!(error instanceof IdentityUnavailableError)) throw error;
      this.deps.logger.warn({ err: error }, 'session lookup failed');
      return IDENTITY_UNAVAILABLE;
    }
  }

  private setForwardingHeaders(req: http.IncomingMessage, requestId: string, clientIp: string, protocol: string, host: string): void {
    req.headers[REQUEST_ID_HEADER] = requestId;
    // The client's traceparent never reaches a service; the request's own span does when tracing is on.
    forwardTraceContext(req);
    // Only the address we determined ourselves: a client-written X-Forwarded-For must not reach services.
    req.headers['x-forwarded-for'] = clientIp;
    req.headers['x-forwarded-proto'] = protocol;
    req.headers['x-forwarded-host'] = host;
  }

  /** The websocket proxy of one service (http-proxy): upgrades only; every other request goes through forward(). */
  private createProxy(service: ServiceName, upstreams: ServiceUpstreams): RequestHandler {
    const { agent, logger } = this.deps;
    return createProxyMiddleware<http.IncomingMessage, http.ServerResponse>({
      target: upstreams.targets[0],
      // A replicated service's replicas in turn, per websocket upgrade, over the same pool.
      ...(upstreams.replicated && {
        router: (req: TrackedRequest) => {
          const tried = (req[TRIED_REPLICAS] ??= []);
          const target = upstreams.pick(tried) ?? upstreams.targets[0]!;
          tried.push(target);
          return target;
        },
      }),
      agent,
      changeOrigin: false,
      xfwd: false,
      ws: false,
      on: {
        // A websocket whose service end has closed: its client's socket goes too, soon after, even if the client
        // never closes its end (a dead peer would otherwise hold the socket, and its place in the counts, for long).
        proxyReqWs: (proxyReq, _req, socket) => {
          proxyReq.once('upgrade', (_res, serviceSocket: Duplex) => {
            serviceSocket.once('close', () => setTimeout(() => socket.destroy(), ENDED_WEBSOCKET_LINGER_MS).unref());
          });
        },
        error: (error, req, socket) => {
          if ('writeHead' in socket) {
            // Only upgrades come here; anything else is a mistake in the gateway, answered as such.
            sendJson(socket, 502, { message: `The ${service} service failed to answer.` });
            return;
          }
          const code = (error as NodeJS.ErrnoException).code ?? '';
          if (upstreams.replicated && NOT_RUNNING_CODES.has(code) && this.replicaRefused(upstreams, req as TrackedRequest, socket)) {
            const refused = (req as TrackedRequest)[TRIED_REPLICAS]?.at(-1);
            logger.warn({ service, replica: refused, url: req.url, code, requestId: req.headers[REQUEST_ID_HEADER] }, 'a replica refused the connection; trying the next');
            this.forwardUpgrade(service, req, socket);
            return;
          }
          logger.warn({ err: error, service, url: req.url, requestId: req.headers[REQUEST_ID_HEADER] }, 'a websocket upgrade could not reach its service');
          if (NOT_RUNNING_CODES.has(code)) refuseUpgrade(socket, 503, `The ${service} service is not available right now — please try again shortly.`);
          else socket.destroy();
        },
      },
    });
  }
}

/** What the micro-cache makes of an answer's head: a copy to fill as the body streams by, or nothing. */
type AnswerObserver = (statusCode: number, headers: http.IncomingHttpHeaders) => ResponseCopy | null;

/**
 * One attempt at a service, as undici reports it: the answer's head and body written to the client as they come
 * (the service is paused while the client is slow to take them), or the failure handed back to the edge proxy.
 */
class ServiceExchange implements Dispatcher.DispatchHandler {
  private controller: Dispatcher.DispatchController | null = null;
  private left = false;
  private copy: ResponseCopy | null = null;
  private readonly resume = (): void => this.controller?.resume();

  constructor(
    private readonly req: TrackedRequest,
    private readonly res: http.ServerResponse,
    private readonly failed: (error: Error) => void,
    private readonly observe: AnswerObserver | undefined,
  ) {}

  /** The client went away: the service request is let go, and its connection with it. */
  clientLeft(): void {
    this.left = true;
    this.controller?.abort(new Error('the client left before the answer'));
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    if (this.left) {
      controller.abort(new Error('the client left before the answer'));
      return;
    }
    // Connected: the body is on its way to this service and no longer needs keeping for another attempt.
    this.req[REPLAYABLE_BODY]?.forget();
  }

  onResponseStart(_controller: Dispatcher.DispatchController, statusCode: number, headers: http.IncomingHttpHeaders, statusMessage?: string): void {
    if (statusCode < 200) return;
    const passed = downstreamHeaders(headers);
    this.copy = this.observe?.(statusCode, passed) ?? null;
    if (statusMessage) this.res.writeHead(statusCode, statusMessage, passed);
    else this.res.writeHead(statusCode, passed);
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    this.copy?.add(chunk);
    if (!this.res.write(chunk)) {
      controller.pause();
      this.res.once('drain', this.resume);
    }
  }

  onResponseEnd(): void {
    this.copy?.end();
    this.res.end();
  }

  onResponseError(_controller: Dispatcher.DispatchController | undefined, error: Error): void {
    if (this.res.headersSent) {
      // Part of the answer is out: the client must see it cut short, not a second answer.
      this.res.destroy();
      return;
    }
    this.failed(error);
  }
}

/** A kept answer's background renewal, as undici reports it: the new answer copied into the cache, nothing sent. */
class CacheRenewal implements Dispatcher.DispatchHandler {
  private copy: ResponseCopy | null = null;

  constructor(
    private readonly key: string,
    private readonly service: ServiceName,
    private readonly cache: MicroCache,
    private readonly logger: Logger,
  ) {}

  /** Present so undici takes this for a handler of its current interface (it tells them apart by this method). */
  onRequestStart(): void {}

  onResponseStart(_controller: Dispatcher.DispatchController, statusCode: number, headers: http.IncomingHttpHeaders): void {
    if (statusCode < 200) return;
    this.copy = this.cache.renewal(this.key, statusCode, downstreamHeaders(headers), this.service);
  }

  onResponseData(_controller: Dispatcher.DispatchController, chunk: Buffer): void {
    this.copy?.add(chunk);
  }

  onResponseEnd(): void {
    this.copy?.end();
    this.cache.renewalEnded(this.key);
  }

  onResponseError(_controller: Dispatcher.DispatchController | undefined, error: Error): void {
    this.cache.renewalEnded(this.key);
    this.logger.debug({ err: error, service: this.service }, 'renewing a kept answer failed; it will expire');
  }
}
