import { Body, Controller, Get, HttpCode, NotFoundException, Param, Post, Query, Res } from '@nestjs/common';
import type { Brand, ViewResponse } from '@hunted/contracts';
import { Public, SignedIn } from '@hunted/platform';
import type { FastifyReply } from 'fastify';
import { BrandInputDto } from './brand-input.dto.js';
import { brandIdOf, parseBrandListQuery } from './brand-query.js';
import { BRAND_NOT_FOUND, BrandsService } from './brands.service.js';

export const TOTAL_COUNT_HEADER = 'x-total-count';

/** A path id that is not a positive integer names no brand. */
export function requireBrandId(raw: string): number {
  const id = brandIdOf(raw);
  if (id === null) throw new NotFoundException(BRAND_NOT_FOUND);
  return id;
}

@Controller('api/brands')
export class BrandsController {
  constructor(private readonly brands: BrandsService) {}

  @Get()
  @Public()
  async list(
    // Parsed by hand (not a DTO): unknown parameters are ignored and 'all' means no filter, as the SPA sends.
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Brand[]> {
    const { brands, total } = await this.brands.list(parseBrandListQuery(query));
    if (total !== undefined) reply.header(TOTAL_COUNT_HEADER, String(total));
    return brands;
  }

  @Post()
  @SignedIn()
  submit(@Body() input: BrandInputDto): Promise<Brand> {
    return this.brands.submit(input);
  }

  @Get(':id')
  @Public()
  findOne(@Param('id') id: string): Promise<Brand> {
    return this.brands.findById(requireBrandId(id));
  }

  @Post(':id/view')
  @Public()
  @HttpCode(200)
  async view(@Param('id') id: string): Promise<ViewResponse> {
    return { views: await this.brands.recordView(requireBrandId(id)) };
  }
}
