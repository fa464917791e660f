import { context, propagation, trace, SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import http from 'node:http';
import Module, { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activeTraceHeaders, forwardTraceContext, startServerSpan, traceRequests } from './http-spans.js';
import { activeTraceId, contextOfTraceparent, inSpan, startTracing, tracingEnabled, type Tracing } from './tracing.js';

const PARENT = `00-${'12'.repeat(16)}-${'34'.repeat(8)}-01`;

/** Before any test: whether startTracing has hooked `require` (require-in-the-middle replaces it). */
const originalRequire = Module.prototype.require;
const loadedModules = () => Object.keys(createRequire(import.meta.url).cache);

/**
 * The client methods the pg and ioredis instrumentations wrap (shimmer marks a wrapper `__wrapped`), on the classes
 * as this ES module imported them: the instances the apps create.
 */
function clientPatches(): Record<string, boolean> {
  const wrapped = (method: unknown) => (method as { __wrapped?: boolean }).__wrapped === true;
  return {
    'pg Client.query': wrapped(pg.Client.prototype.query),
    'pg Pool.connect': wrapped(pg.Pool.prototype.connect),
    'ioredis sendCommand': wrapped(Redis.prototype.sendCommand),
  };
}
const allPatched = { 'pg Client.query': true, 'pg Pool.connect': true, 'ioredis sendCommand': true };
const nonePatched = { 'pg Client.query': false, 'pg Pool.connect': false, 'ioredis sendCommand': false };

let started: Tracing | undefined;
afterEach(async () => {
  await started?.shutdown();
  started = undefined;
});

describe('tracing off (no OTLP endpoint)', () => {
  it('starts no SDK: the API stays no-op and the hooks add nothing', async () => {
    started = startTracing({ serviceName: 'probe', env: {} });
    expect(started.enabled).toBe(false);
    expect(tracingEnabled()).toBe(false);
    // The API's no-op tracer: spans that record nothing and carry no ids.
    expect(trace.getTracer('x').startSpan('y').isRecording()).toBe(false);

    const fastify = { addHook: vi.fn() };
    traceRequests(fastify as never, { continueCallerTrace: true });
    expect(fastify.addHook).not.toHaveBeenCalled();

    expect(await inSpan('work', { kind: SpanKind.INTERNAL }, async () => activeTraceId())).toBeUndefined();
    expect(activeTraceHeaders()).toEqual({});
  });

  it('takes an empty endpoint for none (the k8s ConfigMap and docker-compose.yml default it to empty)', () => {
    started = startTracing({ serviceName: 'probe', env: { OTEL_EXPORTER_OTLP_ENDPOINT: '', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: '', OTEL_SERVICE_NAME: 'probe' } });
    expect(started.enabled).toBe(false);
    expect(tracingEnabled()).toBe(false);
  });

  it('loads no instrumentation: no require hook, the pg and ioredis clients untouched', () => {
    started = startTracing({ serviceName: 'probe', env: {} });
    expect(Module.prototype.require).toBe(originalRequire);
    expect(loadedModules().filter((file) => file.includes('@opentelemetry/instrumentation'))).toEqual([]);
    expect(clientPatches()).toEqual(nonePatched);
  });

  it('still strips a client trace header when proxying', () => {
    const headers: Record<string, string> = { traceparent: PARENT, tracestate: 'vendor=1', accept: '*/*' };
    forwardTraceContext({ headers } as never, headers);
    expect(headers).toEqual({ accept: '*/*' });
  });
});

describe('tracing on', () => {
  it('starts with an OTLP endpoint, and shuts down to no-op again', async () => {
    started = startTracing({ serviceName: 'probe', env: { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9' } });
    expect(started.enabled).toBe(true);
    expect(tracingEnabled()).toBe(true);
    await started.shutdown();
    expect(tracingEnabled()).toBe(false);
    expect(trace.getTracer('x').startSpan('y').isRecording()).toBe(false);
  });

  it('patches the pg and ioredis clients this ES module imported before tracing started, and unpatches them at shutdown', async () => {
    // pg, pg-pool and ioredis were loaded by this file's static imports, before any require hook existed.
    expect(clientPatches()).toEqual(nonePatched);
    started = startTracing({ serviceName: 'probe', spanProcessors: [new SimpleSpanProcessor(new InMemorySpanExporter())] });
    expect(clientPatches()).toEqual(allPatched);
    await started.shutdown();
    expect(clientPatches()).toEqual(nonePatched);
    // Started again in the same process (the hook hands each module over once): patched again.
    started = startTracing({ serviceName: 'probe', spanProcessors: [new SimpleSpanProcessor(new InMemorySpanExporter())] });
    expect(clientPatches()).toEqual(allPatched);
  });

  it('exports the spans over OTLP/HTTP to the configured endpoint, flushed at shutdown', async () => {
    const received: { url: string; body: string }[] = [];
    const collector = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        received.push({ url: req.url ?? '', body });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    const { port } = collector.address() as AddressInfo;
    started = startTracing({ serviceName: 'probe', env: { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}` } });
    await inSpan('exported work', { kind: SpanKind.INTERNAL }, async () => undefined);
    await started.shutdown();
    collector.close();

    expect(received.map((request) => request.url)).toEqual(['/v1/traces']);
    const exported = JSON.stringify(JSON.parse(received[0]!.body));
    expect(exported).toContain('"exported work"');
    expect(exported).toContain('"service.name","value":{"stringValue":"probe"}');
  });

  it('names a service span by its route template, continues the caller trace and runs the handler inside it', async () => {
    const exporter = new InMemorySpanExporter();
    started = startTracing({ serviceName: 'probe', spanProcessors: [new SimpleSpanProcessor(exporter)] });
    const app = Fastify({ genReqId: (req) => startServerSpan(req, { continueCallerTrace: true }) ?? 'untraced' });
    traceRequests(app, { continueCallerTrace: true });
    app.post('/things/:id', async (request) => ({ requestId: request.id, traceId: activeTraceId() }));
    app.get('/health/ready', async (request) => ({ requestId: request.id }));
    const response = await app.inject({ method: 'POST', url: '/things/42?x=1', headers: { traceparent: PARENT }, payload: { a: 1 } });
    // A health probe is not traced: no span, and its own request id.
    const probe = await app.inject({ url: '/health/ready', headers: { traceparent: PARENT } });
    await app.close();

    expect(probe.json()).toEqual({ requestId: 'untraced' });
    expect(exporter.getFinishedSpans()).toHaveLength(1);

    expect(response.json()).toEqual({ requestId: '12'.repeat(16), traceId: '12'.repeat(16) });
    const [span] = exporter.getFinishedSpans();
    expect(span?.name).toBe('POST /things/:id');
    expect(span?.kind).toBe(SpanKind.SERVER);
    expect(span?.parentSpanContext?.spanId).toBe('34'.repeat(8));
    expect(span?.attributes['url.path']).toBe('/things/42');
  });

  it('starts a new trace at the edge whatever the client sent, and forwards its own', async () => {
    const exporter = new InMemorySpanExporter();
    started = startTracing({ serviceName: 'probe', spanProcessors: [new SimpleSpanProcessor(exporter)] });
    const req = { method: 'GET', url: '/api/x', headers: { traceparent: PARENT } as Record<string, string> };
    const traceId = startServerSpan(req as never, { continueCallerTrace: false });
    expect(traceId).not.toBe('12'.repeat(16));
    forwardTraceContext(req as never);
    const forwarded = trace.getSpanContext(propagation.extract(context.active(), req.headers));
    expect(forwarded?.traceId).toBe(traceId);
  });

  it('reads a traceparent as a remote parent, and records a failure on the span', async () => {
    const exporter = new InMemorySpanExporter();
    started = startTracing({ serviceName: 'probe', spanProcessors: [new SimpleSpanProcessor(exporter)] });
    await expect(
      inSpan('fails', { kind: SpanKind.CONSUMER, parent: contextOfTraceparent(PARENT) }, async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    // A call made inside a span carries it on (the gateway's session lookup).
    const headers = await inSpan('lookup', { kind: SpanKind.INTERNAL, parent: contextOfTraceparent(PARENT) }, async () => activeTraceHeaders());
    expect(headers.traceparent).toMatch(new RegExp(`^00-${'12'.repeat(16)}-[0-9a-f]{16}-01$`));
    const [span] = exporter.getFinishedSpans();
    expect(span?.spanContext().traceId).toBe('12'.repeat(16));
    expect(span?.status.code).toBe(2);
    expect(span?.events[0]?.name).toBe('exception');
  });
});
