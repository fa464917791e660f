import { Controller, HttpCode, Post, Query, Res } from '@nestjs/common';
import { brandInputSchema, type Brand, type BrandInputFields, type ViewResponse } from '@hunted/contracts';
import { IdParam, Public, PublicGet, sendPage, SignedIn, ValidBody } from '@hunted/platform';
import type { FastifyReply } from 'fastify';
import { parseBrandListQuery } from './brand-query.js';
import { BRAND_NOT_FOUND } from './brand.repository.js';
import { BrandsService } from './brands.service.js';

@Controller('api/brands')
export class BrandsController {
  constructor(private readonly brands: BrandsService) {}

  @PublicGet()
  async list(
    // Parsed by hand (not a schema): unknown parameters are ignored and 'all' means no filter, as the SPA sends.
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Brand[]> {
    const { brands, total } = await this.brands.list(parseBrandListQuery(query));
    return sendPage(reply, { items: brands, total });
  }

  @Post()
  @SignedIn()
  submit(@ValidBody(brandInputSchema) input: BrandInputFields): Promise<Brand> {
    return this.brands.submit(input);
  }

  @PublicGet(':id')
  findOne(@IdParam('id', BRAND_NOT_FOUND) id: number): Promise<Brand> {
    return this.brands.findById(id);
  }

  @Post(':id/view')
  @Public()
  @HttpCode(200)
  async view(@IdParam('id', BRAND_NOT_FOUND) id: number): Promise<ViewResponse> {
    return { views: await this.brands.recordView(id) };
  }
}
