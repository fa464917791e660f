import { Controller, Get, Query, Res } from '@nestjs/common';
import type { TodayBrand } from '@hunted/contracts';
import { Public, PublicRead, sendPage } from '@hunted/platform';
import type { FastifyReply } from 'fastify';
import { parseTodayQuery, parseTopLimit } from '../brands/brand-query.js';
import { TodayService } from './today.service.js';

@Controller('api/brands')
@Public()
export class TodayController {
  constructor(private readonly today: TodayService) {}

  @Get('today')
  @PublicRead()
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) reply: FastifyReply): Promise<TodayBrand[]> {
    const { brands, total } = await this.today.list(parseTodayQuery(query));
    return sendPage(reply, { items: brands, total });
  }

  @Get('top')
  @PublicRead()
  top(@Query() query: Record<string, unknown>): Promise<TodayBrand[]> {
    return this.today.top(parseTopLimit(query));
  }

  /** 200 with `null` when there is no brand at all (the SPA reads the body either way). */
  @Get('featured')
  @PublicRead()
  featured(): Promise<TodayBrand | null> {
    return this.today.featured();
  }
}
