import { Controller, Get, HttpCode, Inject, ServiceUnavailableException } from '@nestjs/common';
import { GATEWAY_RUNTIME, type GatewayRuntime } from '../gateway-runtime.js';
import { getJson } from '../upstream-agent.js';

@Controller('health')
export class HealthController {
  constructor(@Inject(GATEWAY_RUNTIME) private readonly runtime: GatewayRuntime) {}

  /** Liveness: the process answers. */
  @Get()
  @HttpCode(200)
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** Readiness: Redis (rate limits) reachable and identity (every signed-in request needs it) answering. */
  @Get('ready')
  async ready(): Promise<{ status: 'ok'; checks: Record<string, 'up'> }> {
    const [redis, identity] = await Promise.all([this.runtime.rateLimiter.ping(), this.identityAnswers()]);
    const checks = { redis: redis ? 'up' : 'down', identity: identity ? 'up' : 'down' } as const;
    if (!redis || !identity) throw new ServiceUnavailableException({ status: 'unavailable', checks });
    return { status: 'ok', checks: { redis: 'up', identity: 'up' } };
  }

  private async identityAnswers(): Promise<boolean> {
    try {
      const answer = await getJson(new URL('/health', this.runtime.config.IDENTITY_URL).toString(), {}, this.runtime.agent, 2_000);
      return answer.status === 200;
    } catch {
      return false;
    }
  }
}
