import { Controller, Get, Inject, ServiceUnavailableException } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { Public } from '../auth/access.decorators.js';
import { REDIS, SERVICE_NAME } from '../tokens.js';

const CHECK_TIMEOUT_MS = 2_000;

function withTimeout<T>(promise: Promise<T>, label: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${label} did not answer in ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS).unref()),
  ]);
}

@Controller('health')
export class HealthController {
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

  /** Readiness: the process can do its work, so PostgreSQL and Redis both answer. */
  @Public()
  @Get('ready')
  async ready() {
    const checks: Record<string, string> = {};
    await Promise.all([
      withTimeout(this.dataSource.query('select 1'), 'postgres').then(
        () => (checks.postgres = 'ok'),
        (error: Error) => (checks.postgres = error.message),
      ),
      withTimeout(this.redis.ping(), 'redis').then(
        () => (checks.redis = 'ok'),
        (error: Error) => (checks.redis = error.message),
      ),
    ]);
    const ok = Object.values(checks).every((value) => value === 'ok');
    if (!ok) throw new ServiceUnavailableException({ status: 'unavailable', service: this.service, checks });
    return { status: 'ok', service: this.service, checks };
  }
}
