import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Controller, Get, Injectable, Module, type DynamicModule } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { InjectDataSource } from '@nestjs/typeorm';
import { SpanKind } from '@opentelemetry/api';
import type { BookingEventV1, IntegrationEvent } from '@hunted/contracts';
import {
  AfterCommit,
  createServiceApp,
  defineJob,
  EventConsumer,
  EventPublisher,
  EventsModule,
  InjectJobQueue,
  JobsModule,
  PlatformModule,
  Public,
  type EventHandler,
  type JobHandler,
  type JobQueue,
  type JobRun,
} from '@hunted/platform';
import { startInMemoryTracing, TEST_DATABASE_URL, testConfig, waitFor, type InMemoryTracing, type ReadableSpan } from '@hunted/platform/testing';
import pg from 'pg';
import type { DataSource, EntityManager } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, testGatewayConfig, type StartedGateway } from './support/test-gateway.js';

/**
 * One trace from the edge to the last job an event causes: a request through the real gateway to a service built on
 * the platform (named bookings, so the gateway routes /api/bookings to it) that confirms a booking, the event
 * through the real outbox, relay and Redis stream to a consumer (named messaging) whose handler queues an email
 * job on BullMQ, and the job's run. Every span is caught by the SDK's InMemorySpanExporter (startInMemoryTracing).
 *
 * The two services are small platform apps rather than the real bookings and messaging (services never import
 * each other, and their HTTP, event and job plumbing is all the platform's, which is what is traced).
 */

const RUN = `${process.pid}_${randomUUID().slice(0, 6)}`;
const BOOKINGS_SCHEMA = `traces_bookings_${RUN}`;
const MESSAGING_SCHEMA = `traces_messaging_${RUN}`;
/** Both services' streams and queues under one prefix, as in one deployment. */
const REDIS_PREFIX = `test:traces:${RUN}:`;

function confirmedBooking(): BookingEventV1 {
  return {
    bookingId: randomUUID(),
    hunterId: 7,
    hunterUserId: 'user-hunter',
    clientUserId: 'user-client',
    sessionType: 'whatsappVideo',
    startsAt: '2030-01-01T10:00:00.000Z',
    endsAt: '2030-01-01T10:30:00.000Z',
    pricePence: 0,
    sequence: 0,
    notes: null,
    photoUrls: [],
  };
}

@Controller('api/bookings')
class ConfirmController {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly events: EventPublisher,
  ) {}

  /** A GET for the probe's sake (a guest's write would be refused at the edge): confirms a booking. */
  @Public()
  @Get(':id/confirm')
  async confirm() {
    const booking = confirmedBooking();
    await this.dataSource.transaction((manager) => this.events.publish(manager, 'bookings.booking.confirmed', booking));
    return { bookingId: booking.bookingId };
  }
}

@Module({})
class BookingsProbeModule {
  static forRoot(): DynamicModule {
    const config = testConfig({ DATABASE_SCHEMA: BOOKINGS_SCHEMA, REDIS_PREFIX });
    return {
      module: BookingsProbeModule,
      imports: [PlatformModule.forService({ name: 'bookings', config, entities: [], migrations: [], relay: { pollIntervalMs: 50 } })],
      controllers: [ConfirmController],
    };
  }
}

const emailsSent: string[] = [];

@Injectable()
class ConfirmationEmailJob implements JobHandler<{ bookingId: string }> {
  async run(job: JobRun<{ bookingId: string }>): Promise<void> {
    emailsSent.push(job.data.bookingId);
  }
}

const confirmationEmail = defineJob<{ bookingId: string }>({ queue: `traces-email-${RUN}`, handler: ConfirmationEmailJob });

@Injectable()
class BookingConfirmedProbe implements EventHandler<'bookings.booking.confirmed'> {
  readonly type = 'bookings.booking.confirmed' as const;
  constructor(
    private readonly afterCommit: AfterCommit,
    @InjectJobQueue(confirmationEmail) private readonly emails: JobQueue<{ bookingId: string }>,
  ) {}

  async handle(event: IntegrationEvent<'bookings.booking.confirmed'>, manager: EntityManager): Promise<void> {
    this.afterCommit.enqueue(manager, this.emails, { bookingId: event.data.bookingId });
  }
}

@Module({ imports: [JobsModule.forFeature([confirmationEmail])], providers: [ConfirmationEmailJob], exports: [JobsModule] })
class EmailProbeModule {}

@Module({})
class MessagingProbeModule {
  static forRoot(): DynamicModule {
    const config = testConfig({ DATABASE_SCHEMA: MESSAGING_SCHEMA, REDIS_PREFIX });
    return {
      module: MessagingProbeModule,
      imports: [
        PlatformModule.forService({ name: 'messaging', config, entities: [], migrations: [] }),
        EmailProbeModule,
        EventsModule.forService({ consumes: [BookingConfirmedProbe], imports: [EmailProbeModule], consumer: { blockMs: 100 } }),
      ],
    };
  }
}

async function startService(module: DynamicModule, name: string): Promise<{ app: NestFastifyApplication; base: string }> {
  const app = await createServiceApp(module, { name, config: testConfig() });
  await app.listen(0, '127.0.0.1');
  return { app, base: `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}` };
}

describe('traces', () => {
  let traced: InMemoryTracing;
  let bookings: { app: NestFastifyApplication; base: string };
  let messaging: { app: NestFastifyApplication; base: string };
  let edge: StartedGateway;
  let webDist: string;

  beforeAll(async () => {
    // Before the apps are created, as in main.ts: their request hooks exist only when tracing is on.
    traced = startInMemoryTracing('traces-test');
    bookings = await startService(BookingsProbeModule.forRoot(), 'bookings');
    messaging = await startService(MessagingProbeModule.forRoot(), 'messaging');
    webDist = mkdtempSync(path.join(tmpdir(), 'traces-web-'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Hunted</title>');
    edge = await startTestGateway(testGatewayConfig({ name: 'traces', webDist, services: bookings.base }));
  });

  afterAll(async () => {
    await edge?.gateway.app.close();
    await messaging?.app.close();
    await bookings?.app.close();
    await traced?.tracing.shutdown();
    if (webDist) rmSync(webDist, { recursive: true, force: true });
    const db = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await db.connect();
    for (const schema of [BOOKINGS_SCHEMA, MESSAGING_SCHEMA]) await db.query(`drop schema if exists "${schema}" cascade`);
    await db.end();
  });

  it('follows a request from the gateway through bookings, its event and messaging, to the email job: one trace', async () => {
    // A client's own traceparent must not choose the trace.
    const clientTrace = `00-${'ab'.repeat(16)}-${'cd'.repeat(8)}-01`;
    const response = await fetch(`${edge.base}/api/bookings/42/confirm`, { headers: { traceparent: clientTrace } });
    expect(response.status).toBe(200);
    const { bookingId } = (await response.json()) as { bookingId: string };
    await waitFor('the email job to run', async () => emailsSent.includes(bookingId), 10_000);
    const requestId = response.headers.get('x-request-id');

    const processSpan = () => traced.exporter.getFinishedSpans().find((span) => span.name.startsWith('process') && span.kind === SpanKind.CONSUMER && span.attributes['bullmq.job.name'] !== undefined);
    await waitFor('the job span to end', async () => processSpan() !== undefined, 5_000);

    const spans = traced.exporter.getFinishedSpans();
    const named = (predicate: (span: ReadableSpan) => boolean, what: string): ReadableSpan => {
      const span = spans.find(predicate);
      if (!span) throw new Error(`no ${what} span among: ${spans.map((s) => `${s.name} (${SpanKind[s.kind]})`).join(', ')}`);
      return span;
    };
    const edgeSpan = named((s) => s.name === 'GET /api/bookings' && s.kind === SpanKind.SERVER, 'gateway server');
    const serviceSpan = named((s) => s.name === 'GET /api/bookings/:id/confirm' && s.kind === SpanKind.SERVER, 'bookings server');
    const publishSpan = named((s) => s.name === 'bookings.booking.confirmed publish', 'publish');
    const consumeSpan = named((s) => s.name === 'bookings.booking.confirmed process', 'consume');
    const jobSpan = processSpan()!;
    const traceId = edgeSpan.spanContext().traceId;

    // One trace, and the gateway's trace id is the request id the client (and every log line) sees.
    expect(traceId).not.toBe('ab'.repeat(16));
    expect(requestId).toBe(traceId);
    for (const span of [serviceSpan, publishSpan, consumeSpan, jobSpan]) expect(span.spanContext().traceId, span.name).toBe(traceId);

    // Each hop is the child of the one before.
    const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;
    expect(edgeSpan.parentSpanContext).toBeUndefined();
    expect(parentOf(serviceSpan)).toBe(edgeSpan.spanContext().spanId);
    expect(parentOf(publishSpan)).toBe(serviceSpan.spanContext().spanId);
    expect(parentOf(consumeSpan)).toBe(publishSpan.spanContext().spanId);
    // The relay's hop to the stream: its span under the publish span (whose traceparent the outbox row kept), and
    // the XADD's Redis command span under it. The consumer is still the publish span's child (the event carries
    // the publish span's traceparent).
    const relaySpan = named((s) => s.name === 'relay bookings.booking.confirmed', 'relay');
    expect(relaySpan.kind).toBe(SpanKind.PRODUCER);
    expect(relaySpan.spanContext().traceId).toBe(traceId);
    expect(parentOf(relaySpan)).toBe(publishSpan.spanContext().spanId);
    expect(relaySpan.attributes['messaging.message.id']).toBe(publishSpan.attributes['messaging.message.id']);
    const xadd = named((s) => s.attributes['db.system.name'] === 'redis' && s.name === 'xadd' && parentOf(s) === relaySpan.spanContext().spanId, 'xadd under the relay');
    expect(xadd.kind).toBe(SpanKind.CLIENT);
    expect(xadd.spanContext().traceId).toBe(traceId);
    // BullMQ's own spans: the add (a child of the consume span) and the run (a child of the add).
    const addSpan = named((s) => s.kind === SpanKind.PRODUCER && s.spanContext().spanId === parentOf(jobSpan), 'job add');
    expect(parentOf(addSpan)).toBe(consumeSpan.spanContext().spanId);

    expect(serviceSpan.attributes['http.route']).toBe('/api/bookings/:id/confirm');
    expect(serviceSpan.attributes['http.response.status_code']).toBe(200);
    expect(consumeSpan.attributes['messaging.consumer.group.name']).toBe('messaging');

    // The pg instrumentation: the confirm's outbox insert, a query span in the request's trace, a child of the
    // bookings server span (TypeORM's pool checkout is bound to the request's context).
    const outboxInsert = named(
      (s) => s.attributes['db.system.name'] === 'postgresql' && /^insert into .*"outbox"/i.test(String(s.attributes['db.query.text'])) && s.spanContext().traceId === traceId,
      'outbox insert query',
    );
    expect(outboxInsert.name).toMatch(/^pg\.query:INSERT/);
    expect(outboxInsert.kind).toBe(SpanKind.CLIENT);
    expect(parentOf(outboxInsert)).toBe(serviceSpan.spanContext().spanId);
    const serviceQueries = spans.filter((s) => s.attributes['db.system.name'] === 'postgresql' && parentOf(s) === serviceSpan.spanContext().spanId);
    expect(serviceQueries.map((s) => s.name)).toEqual(expect.arrayContaining([expect.stringMatching(/^pg\.query:START/), expect.stringMatching(/^pg\.query:COMMIT/)]));

    // The consumer's inbox transaction: queries under the consume span.
    expect(spans.some((s) => s.attributes['db.system.name'] === 'postgresql' && parentOf(s) === consumeSpan.spanContext().spanId)).toBe(true);

    // The ioredis instrumentation: BullMQ's add runs its Lua script on Redis, a command span under the add span.
    const redisCommands = spans.filter((s) => s.attributes['db.system.name'] === 'redis' && parentOf(s) === addSpan.spanContext().spanId);
    expect(redisCommands.length, 'redis command spans under the job add').toBeGreaterThan(0);
    for (const command of redisCommands) {
      expect(command.kind).toBe(SpanKind.CLIENT);
      expect(command.spanContext().traceId).toBe(traceId);
    }

    // Outside a request, event or job (the relay's outbox polls, the consumers' blocking reads): no span at all.
    const orphans = spans.filter((s) => ['postgresql', 'redis'].includes(String(s.attributes['db.system.name'])) && s.parentSpanContext === undefined);
    expect(orphans.map((s) => s.name)).toEqual([]);
  });

  it('starts a trace of its own for an event without a trace context (an untraced publisher)', async () => {
    traced.exporter.reset();
    const event = { id: randomUUID(), type: 'bookings.booking.confirmed', version: 1, occurredAt: new Date().toISOString(), data: confirmedBooking() } as const;
    expect(await messaging.app.get(EventConsumer).apply(event)).toBe(true);
    const consume = traced.exporter.getFinishedSpans().find((span) => span.name === 'bookings.booking.confirmed process');
    expect(consume).toBeDefined();
    expect(consume!.parentSpanContext).toBeUndefined();
  });
});
