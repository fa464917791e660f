import { Controller, Get, Header, Res } from '@nestjs/common';
import {
  hunterEarningsQuerySchema,
  londonDateOf,
  type HunterEarnings,
  type HunterEarningsQuery,
} from '@hunted/contracts';
import { CurrentUser, SignedIn, ValidQuery, type AuthenticatedUser } from '@hunted/platform';
import type { FastifyReply } from 'fastify';
import { earningsCsv, earningsCsvFileName } from './earnings.js';
import { EarningsService } from './earnings.service.js';

/** `/api/hunter-earnings`: the signed-in member's own hunter earnings (404 without a hunter profile). */
@Controller('api/hunter-earnings')
@SignedIn()
export class EarningsController {
  constructor(private readonly earnings: EarningsService) {}

  @Get()
  get(
    @CurrentUser() user: AuthenticatedUser,
    @ValidQuery(hunterEarningsQuerySchema) query: HunterEarningsQuery,
  ): Promise<HunterEarnings> {
    return this.earnings.earnings(user, query.taxYear);
  }

  /** The tax year's bookings as a CSV attachment (`hunted-earnings-2026-2027.csv`). */
  @Get('export.csv')
  @Header('cache-control', 'private, no-store')
  async csv(
    @CurrentUser() user: AuthenticatedUser,
    @ValidQuery(hunterEarningsQuerySchema) query: HunterEarningsQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const earnings = await this.earnings.earnings(user, query.taxYear);
    void reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${earningsCsvFileName(earnings.taxYear)}"`);
    return earningsCsv(earnings, (instant) => londonDateOf(new Date(instant)));
  }
}
