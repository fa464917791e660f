import http from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  Registry,
  type CounterConfiguration,
  type GaugeConfiguration,
} from 'prom-client';

/** The metric types a feature keeps (services take them from here, not from prom-client). */
export type MetricCounter<Label extends string = string> = Counter<Label>;
export type MetricGauge<Label extends string = string> = Gauge<Label>;

/**
 * Request durations in seconds: a service answers most reads in milliseconds, and the slow end (a Stripe call, a
 * CSV upload) in seconds; the buckets cover both so p50 and p99 can be read from one histogram.
 */
const HTTP_DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * One application's Prometheus metrics (a service's or the gateway's), in a registry of its own so several apps in
 * one process (the integration tests) never mix their series. Node's own metrics (event-loop lag, heap, GC) and the
 * RED metrics of its HTTP requests come with it; each part of the platform adds gauges that read their value when
 * scraped, so nothing is counted on the hot path that a scrape can read instead.
 */
export class AppMetrics {
  readonly registry = new Registry();
  private readonly httpDuration: Histogram<'method' | 'route' | 'status'>;
  private readonly scrapeReads: (() => Promise<void>)[] = [];
  private readonly scrapeFailures: Gauge;

  constructor(readonly app: string) {
    this.registry.setDefaultLabels({ app });
    collectDefaultMetrics({ register: this.registry });
    this.httpDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP requests answered, by route template, method and status: their count and how long they took',
      labelNames: ['method', 'route', 'status'],
      buckets: HTTP_DURATION_BUCKETS,
      registers: [this.registry],
    });
    this.scrapeFailures = this.gauge({
      name: 'metrics_scrape_read_failures',
      help: 'Reads of PostgreSQL or Redis that failed during the last scrape (their gauges keep their last values)',
    });
  }

  /**
   * Times every request of a Fastify instance. The route is the template it matched (`/api/brands/:id`), never the
   * raw path, and 'unmatched' for a path no route has: a label per id or per probe of a scanner would grow without
   * bound. `routeOf` names the route where the router's template says too little (the gateway's one catch-all
   * proxy route: it gives its route table's entry instead).
   */
  observeRequests(
    fastify: FastifyInstance,
    routeOf: (request: FastifyRequest) => string | undefined = () => undefined,
  ): void {
    fastify.addHook('onResponse', (request, reply, done) => {
      const route = routeOf(request) ?? request.routeOptions.url ?? 'unmatched';
      this.httpDuration.observe(
        { method: request.method, route, status: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
      done();
    });
  }

  /** A gauge whose value is read when scraped (`collect` sets it); its failures leave the last value, logged by the caller. */
  gauge<Label extends string>(configuration: Omit<GaugeConfiguration<Label>, 'registers'>): Gauge<Label> {
    return new Gauge({ ...configuration, registers: [this.registry] });
  }

  /**
   * A read done at every scrape, before the metrics are written: for gauges that several reads of one dependency
   * set together (a stream's lag, pending and oldest entry from one round trip). A read that fails leaves its
   * gauges at their last values; `failures` counts them.
   */
  onScrape(read: () => Promise<void>): void {
    this.scrapeReads.push(read);
  }

  /** A counter of this app's (a feature counts what happened: bookings by transition, messages delivered). */
  counter<Label extends string>(configuration: Omit<CounterConfiguration<Label>, 'registers'>): Counter<Label> {
    return new Counter({ ...configuration, registers: [this.registry] });
  }

  /** The exposition text, as Prometheus scrapes it. */
  async text(): Promise<string> {
    const results = await Promise.allSettled(this.scrapeReads.map((read) => read()));
    this.scrapeFailures.set(results.filter((result) => result.status === 'rejected').length);
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}

/**
 * The internal ops listener: `GET /metrics` for Prometheus, on a port of its own (`OPS_PORT`) that the public
 * gateway never routes to and a NetworkPolicy can open to the scraper alone.
 */
export function createOpsServer(
  metrics: AppMetrics,
  extra?: (request: http.IncomingMessage, response: http.ServerResponse) => boolean,
): http.Server {
  return http.createServer((request, response) => {
    if (extra?.(request, response)) return;
    if (request.method === 'GET' && request.url?.split('?')[0] === '/metrics') {
      metrics.text().then(
        (text) => {
          response.writeHead(200, { 'content-type': metrics.contentType, 'cache-control': 'no-store' });
          response.end(text);
        },
        (error: unknown) => {
          response.writeHead(500, { 'content-type': 'text/plain' });
          response.end(`metrics failed: ${(error as Error).message}\n`);
        },
      );
      return;
    }
    response.writeHead(404, { 'content-type': 'text/plain' });
    response.end('Not found: this port serves GET /metrics\n');
  });
}
