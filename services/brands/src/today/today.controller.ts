import { Controller, Get, Res } from '@nestjs/common';
import {
  todayListQuerySchema,
  topBrandsQuerySchema,
  type TodayBrand,
  type TodayListQueryParsed,
  type TopBrandsQueryParsed,
} from '@hunted/contracts';
import { Public, PublicRead, sendPage, ValidQuery } from '@hunted/platform';
import type { FastifyReply } from 'fastify';
import { todayListQueryOf } from '../brands/brand-query.js';
import { TodayService } from './today.service.js';

@Controller('api/brands')
@Public()
export class TodayController {
  constructor(private readonly today: TodayService) {}

  @Get('today')
  @PublicRead()
  async list(
    @ValidQuery(todayListQuerySchema) query: TodayListQueryParsed,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<TodayBrand[]> {
    const { brands, total } = await this.today.list(todayListQueryOf(query));
    return sendPage(reply, { items: brands, total });
  }

  @Get('top')
  @PublicRead()
  top(@ValidQuery(topBrandsQuerySchema) { limit }: TopBrandsQueryParsed): Promise<TodayBrand[]> {
    return this.today.top(limit);
  }

  /** 200 with `null` when there is no brand at all (the SPA reads the body either way). */
  @Get('featured')
  @PublicRead()
  featured(): Promise<TodayBrand | null> {
    return this.today.featured();
  }
}
