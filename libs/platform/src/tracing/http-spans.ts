import type { IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import { context, propagation, trace, ROOT_CONTEXT, SpanKind, SpanStatusCode, type Span } from '@opentelemetry/api';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { tracer, tracingEnabled } from './tracing.js';

const SERVER_SPAN = Symbol('huntedServerSpan');
type TracedRequest = IncomingMessage & { [SERVER_SPAN]?: Span };

/** The W3C headers a trace travels in. A client's are never passed on by the gateway. */
const TRACE_HEADERS = ['traceparent', 'tracestate'] as const;

export interface ServerSpanOptions {
  /**
   * Whether the caller's `traceparent` is a parent: true in services (their caller is the gateway or another
   * service), false at the edge, where a browser's header must not choose the trace (nor fill it with its own).
   */
  continueCallerTrace: boolean;
}

/**
 * Health probes (`/health`, `/health/ready`, `/health/deps`): the orchestrator asks every few seconds on every
 * replica, and a trace of each would bury the requests people look for. Not traced.
 */
const UNTRACED_PATH = /^\/health(?:[/?]|$)/;

/**
 * Starts the request's server span and gives its trace id: the request id of a traced request, so a log line's
 * `reqId` is the id to search for in the tracing backend. Called from Fastify's `genReqId`, the first thing
 * Fastify does with a request. Only when tracing is on. Undefined for a health probe, which is not traced.
 */
export function startServerSpan(req: IncomingMessage, options: ServerSpanOptions): string | undefined {
  if (UNTRACED_PATH.test(req.url ?? '/')) return undefined;
  const parent = options.continueCallerTrace ? propagation.extract(ROOT_CONTEXT, req.headers) : ROOT_CONTEXT;
  const span = tracer().startSpan(
    req.method ?? 'HTTP',
    { kind: SpanKind.SERVER, attributes: { 'http.request.method': req.method ?? '', 'url.path': pathOf(req.url ?? '/') } },
    parent,
  );
  (req as TracedRequest)[SERVER_SPAN] = span;
  return span.spanContext().traceId;
}

/** The server span of a request, when tracing is on. */
export function serverSpanOf(req: IncomingMessage): Span | undefined {
  return (req as TracedRequest)[SERVER_SPAN];
}

/**
 * The headers of a request sent on for `req` (the gateway's proxy): the client's trace headers dropped, and this
 * request's span as the parent of the next hop's, when tracing is on.
 */
export function forwardTraceContext(req: IncomingMessage, headers: OutgoingHttpHeaders | IncomingMessage['headers'] = req.headers): void {
  for (const name of TRACE_HEADERS) delete headers[name];
  const span = serverSpanOf(req);
  if (span) propagation.inject(trace.setSpan(ROOT_CONTEXT, span), headers);
}

/**
 * The W3C headers of the active span, for a call the current work makes to another service (the gateway's session
 * lookup at identity), so that service's span joins the trace. Empty when tracing is off.
 */
export function activeTraceHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  if (tracingEnabled()) propagation.inject(context.active(), headers);
  return headers;
}

export interface TraceRequestsOptions extends ServerSpanOptions {
  /** The span's name after the method: the route template (`/api/bookings/:id`) unless given. Never a raw path. */
  routeOf?: (request: FastifyRequest) => string | undefined;
}

/**
 * A server span per request, named by method and route template, with the status; the handler runs inside it,
 * so the spans it starts (an event published, a job queued) are its children. Adds nothing when tracing is off.
 * The span is normally started by `genReqId` (startServerSpan); a request that came in some other way gets one here.
 */
export function traceRequests(fastify: FastifyInstance, options: TraceRequestsOptions): void {
  if (!tracingEnabled()) return;
  const routeOf = options.routeOf ?? ((request: FastifyRequest) => request.routeOptions.url);
  // Entered twice: at onRequest for the hooks that follow it, and again at preHandler, because a body is read
  // from the socket's events, outside the context entered before it.
  const enter = (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const span = serverSpanOf(request.raw);
    if (span) context.with(trace.setSpan(context.active(), span), done);
    else done();
  };
  fastify.addHook('onRequest', (request, reply, done) => {
    if (!serverSpanOf(request.raw)) startServerSpan(request.raw, options);
    const span = serverSpanOf(request.raw);
    if (!span) return done();
    // 'close' comes for every end, an aborted request and a hijacked (proxied) reply included.
    reply.raw.once('close', () => {
      const route = routeOf(request);
      const status = reply.raw.statusCode;
      span.updateName(route ? `${request.method} ${route}` : request.method);
      if (route) span.setAttribute('http.route', route);
      span.setAttribute('http.response.status_code', status);
      if (status >= 500 || !reply.raw.writableFinished) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    });
    enter(request, reply, done);
  });
  fastify.addHook('preHandler', enter);
}

function pathOf(url: string): string {
  const queryAt = url.indexOf('?');
  return queryAt === -1 ? url : url.slice(0, queryAt);
}
