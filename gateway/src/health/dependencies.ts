import type http from 'node:http';
import type { Logger } from 'pino';
import { createOpsServer, DependencyStates, type AppMetrics, type DependencyReport } from '@hunted/platform';
import type { GatewayRuntime } from '../gateway-runtime.js';
import { SERVICE_NAMES, type ServiceName } from '../routes.js';
import { serviceTargets } from '../proxy/upstreams.js';
import { getJson } from '../upstream-agent.js';

const CHECK_TIMEOUT_MS = 2_000;

/**
 * What the gateway depends on, for alerts: Redis (rate limits) and each service's readiness (identity's is what
 * every signed-in request needs). None of it is the gateway's readiness: while identity restarts guests are still
 * served, and while Redis is away requests go through unlimited, so no state here may take the gateway's pods
 * out of the load balancer.
 */
export class GatewayDependencies {
  private readonly states: DependencyStates;

  constructor(
    private readonly runtime: Pick<GatewayRuntime, 'config' | 'agent' | 'rateLimiter'>,
    logger: Logger,
  ) {
    this.states = new DependencyStates({ warn: (message: string) => logger.warn(message), log: (message: string) => logger.info(message) });
  }

  async report(): Promise<DependencyReport> {
    const names = ['redis', ...SERVICE_NAMES] as const;
    const problems = await Promise.all([this.redisProblem(), ...SERVICE_NAMES.map((service) => this.serviceProblem(service))]);
    const checks = Object.fromEntries(names.map((name, index) => [name, this.states.record(name, problems[index] ?? null)]));
    return { status: Object.values(checks).every((state) => state === 'up') ? 'ok' : 'degraded', checks };
  }

  private async redisProblem(): Promise<string | null> {
    return (await this.runtime.rateLimiter.ping()) ? null : 'Redis does not answer PING';
  }

  /** Each replica's readiness: one that is not ready is a problem worth an alert, even while the others serve. */
  private async serviceProblem(service: ServiceName): Promise<string | null> {
    const problems = await Promise.all(
      serviceTargets(this.runtime.config, service).map(async (target) => {
        const url = new URL('/health/ready', target).toString();
        try {
          const answer = await getJson(url, {}, this.runtime.agent, CHECK_TIMEOUT_MS);
          return answer.status === 200 ? null : `${url} answered ${answer.status}`;
        } catch (error) {
          return (error as Error).message;
        }
      }),
    );
    const found = problems.filter((problem) => problem !== null);
    return found.length ? found.join('; ') : null;
  }
}

/**
 * The gateway's internal listener (`OPS_PORT`): `GET /health/deps` and Prometheus' `GET /metrics`. Kept off the
 * public port because the report names the system's parts and their outages, which is for operators' alerts, not
 * for anyone on the internet; no Service port or Ingress rule leads here.
 */
export function createGatewayOpsServer(dependencies: GatewayDependencies, metrics: AppMetrics): http.Server {
  return createOpsServer(metrics, (req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/health/deps') return false;
    const send = (status: number, body: unknown) => {
      const payload = JSON.stringify(body);
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(payload) });
      res.end(payload);
    };
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      send(405, { message: 'Method not allowed' });
      return true;
    }
    dependencies.report().then(
      (report) => send(report.status === 'ok' ? 200 : 503, report),
      () => send(500, { message: 'The dependency report failed' }),
    );
    return true;
  });
}
