import { Controller, Get, HttpCode } from '@nestjs/common';

/**
 * The gateway's public health: reachable from the internet through the Ingress, so it says up and nothing more.
 * Readiness is the gateway itself: it serves the SPA and guests' reads whatever identity or Redis are doing.
 * Dependencies are reported on the internal `OPS_PORT` (`/health/deps`), see dependencies.ts.
 */
@Controller('health')
export class HealthController {
  /** Liveness: the process answers. */
  @Get()
  @HttpCode(200)
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** Readiness: the gateway answers; it depends on nothing else to serve what it can. */
  @Get('ready')
  @HttpCode(200)
  ready(): { status: 'ok' } {
    return { status: 'ok' };
  }
}
