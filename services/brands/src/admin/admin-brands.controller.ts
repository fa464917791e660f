import { BadRequestException, Body, Controller, Delete, Get, HttpCode, Post, Put } from '@nestjs/common';
import type { Brand, FieldErrorsResponse } from '@hunted/contracts';
import { AdminOnly, IdParam } from '@hunted/platform';
import { AdminBrandInputDto } from '../brands/brand-input.dto.js';
import { BRAND_NOT_FOUND } from '../brands/brand.repository.js';
import { AdminBrandsService } from './admin-brands.service.js';
import { AdminBrandUpdateDto } from './dto/admin-brand-update.dto.js';

@Controller('api/admin/brands')
@AdminOnly()
export class AdminBrandsController {
  constructor(private readonly brands: AdminBrandsService) {}

  @Get()
  list(): Promise<Brand[]> {
    return this.brands.list();
  }

  @Post()
  create(@Body() body: AdminBrandInputDto): Promise<Brand> {
    return this.brands.create(body);
  }

  @Put(':id')
  update(@IdParam('id', BRAND_NOT_FOUND) id: number, @Body() body: AdminBrandUpdateDto): Promise<Brand> {
    const { id: bodyId, ...input } = body;
    if (bodyId != null && bodyId !== id) {
      const message = 'The id in the body is not the id of the brand being edited';
      throw new BadRequestException({ statusCode: 400, message, errors: { id: message } } satisfies FieldErrorsResponse);
    }
    return this.brands.update(id, input);
  }

  @Delete(':id')
  @HttpCode(204)
  remove(@IdParam('id', BRAND_NOT_FOUND) id: number): Promise<void> {
    return this.brands.remove(id);
  }
}
