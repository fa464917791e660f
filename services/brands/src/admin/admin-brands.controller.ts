import { BadRequestException, Controller, Delete, Get, HttpCode, Post, Put } from '@nestjs/common';
import {
  adminBrandInputSchema,
  adminBrandUpdateSchema,
  type AdminBrandInputFields,
  type AdminBrandUpdateFields,
  type Brand,
  type FieldErrorsResponse,
} from '@hunted/contracts';
import { AdminOnly, CurrentUser, IdParam, ValidBody, type AuthenticatedUser } from '@hunted/platform';
import { BRAND_NOT_FOUND } from '../brands/brand.repository.js';
import { AdminBrandsService } from './admin-brands.service.js';

@Controller('api/admin/brands')
@AdminOnly()
export class AdminBrandsController {
  constructor(private readonly brands: AdminBrandsService) {}

  @Get()
  list(): Promise<Brand[]> {
    return this.brands.list();
  }

  @Post()
  create(@ValidBody(adminBrandInputSchema) body: AdminBrandInputFields, @CurrentUser() user: AuthenticatedUser): Promise<Brand> {
    return this.brands.create(body, user.id);
  }

  @Put(':id')
  update(
    @IdParam('id', BRAND_NOT_FOUND) id: number,
    @ValidBody(adminBrandUpdateSchema) body: AdminBrandUpdateFields,
    @CurrentUser() user: AuthenticatedUser,
  ): Promise<Brand> {
    const { id: bodyId, ...input } = body;
    if (bodyId != null && bodyId !== id) {
      const message = 'The id in the body is not the id of the brand being edited';
      throw new BadRequestException({ statusCode: 400, message, errors: { id: message } } satisfies FieldErrorsResponse);
    }
    return this.brands.update(id, input, user.id);
  }

  @Delete(':id')
  @HttpCode(204)
  remove(@IdParam('id', BRAND_NOT_FOUND) id: number): Promise<void> {
    return this.brands.remove(id);
  }
}
