import { Controller, Get, Inject, Logger, ServiceUnavailableException } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { Public } from '../auth/access.decorators.js';
import { withTimeout } from '../redis/redis.js';
import { REDIS, SERVICE_NAME } from '../tokens.js';

const CHECK_TIMEOUT_MS = 2_000;

export type DependencyState = 'up' | 'down';

/** What `/health/deps` answers: every dependency by name, for alerts. Never part of readiness. */
export interface DependencyReport {
  status: 'ok' | 'degraded';
  checks: Record<string, DependencyState>;
}

/**
 * Remembers each dependency's last state and logs only its changes, so a probe every few seconds during an
 * outage writes one line when it starts (with the reason) and one when it ends, not one per probe.
 */
export class DependencyStates {
  private readonly last = new Map<string, DependencyState>();

  constructor(private readonly logger: Pick<Logger, 'warn' | 'log'>) {}

  record(name: string, problem: string | null): DependencyState {
    const state: DependencyState = problem === null ? 'up' : 'down';
    const before = this.last.get(name);
    this.last.set(name, state);
    if (state === 'down' && before !== 'down') this.logger.warn(`${name} is down: ${problem}`);
    if (state === 'up' && before === 'down') this.logger.log(`${name} is up again`);
    return state;
  }
}

/** Settles with null when the check passed, or the reason it did not. */
async function problemOf(check: () => Promise<unknown>, label: string): Promise<string | null> {
  try {
    await withTimeout(check(), CHECK_TIMEOUT_MS, label);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

/**
 * Health of a service. Readiness is the process and its PostgreSQL only: a Redis outage delays events and jobs
 * (they wait in the outbox and the queues) but every request is still served, so it must not take every pod of
 * every service out of the load balancer at once. Redis is reported by `/health/deps`, for alerts.
 */
@Controller('health')
export class HealthController {
  private readonly states = new DependencyStates(new Logger('Health'));

  constructor(
    @Inject(SERVICE_NAME) private readonly service: string,
    private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  /** Liveness: the process answers. */
  @Public()
  @Get()
  live() {
    return { status: 'ok', service: this.service };
  }

  /** Readiness: the process answers and PostgreSQL runs a query. Up or down, nothing more. */
  @Public()
  @Get('ready')
  async ready(): Promise<{ status: 'ok' }> {
    if ((await this.postgres()) === 'down') throw new ServiceUnavailableException({ status: 'unavailable' });
    return { status: 'ok' };
  }

  /** Each dependency's state, for alerts: 503 when one is down. Never a probe's target (see `ready`). */
  @Public()
  @Get('deps')
  async deps(): Promise<DependencyReport> {
    const [postgres, redis] = await Promise.all([this.postgres(), this.redisState()]);
    const report: DependencyReport = { status: postgres === 'up' && redis === 'up' ? 'ok' : 'degraded', checks: { postgres, redis } };
    if (report.status !== 'ok') throw new ServiceUnavailableException(report);
    return report;
  }

  private async postgres(): Promise<DependencyState> {
    return this.states.record('postgres', await problemOf(() => this.dataSource.query('select 1'), 'PostgreSQL select 1'));
  }

  private async redisState(): Promise<DependencyState> {
    // While disconnected the client queues commands until Redis is back; a PING would only wait out the timeout.
    if (this.redis.status !== 'ready') return this.states.record('redis', `not connected (${this.redis.status})`);
    return this.states.record('redis', await problemOf(() => this.redis.ping(), 'Redis PING'));
  }
}
