import { applyDecorators, Get } from '@nestjs/common';
import { IdParam, pageOf, pageQuerySchema, Public, PublicRead, ValidQuery } from '@hunted/platform';
import { z } from 'zod';
import { BRAND_NOT_FOUND } from './brand-copies.js';

/** `limit`/`offset` of a brand's list, the page asked for (null: the whole list); any other parameter is a 400. */
export const brandListPageSchema = z.strictObject(pageQuerySchema.shape).transform((query) => pageOf(query));

/** A brand's public list (its reviews, photos, comments): anyone may read it, and a shared cache may keep it. */
export const BrandList = (): MethodDecorator => applyDecorators(Get(), Public(), PublicRead());

/** The brand of the path (`/api/brands/{brandId}/...`), or 404 'Brand not found'. */
export const BrandIdParam = (): ParameterDecorator => IdParam('brandId', BRAND_NOT_FOUND);

/** The page of a brand's list the query asks for: `@BrandListPage() page: Page | null`. */
export const BrandListPage = (): ParameterDecorator => ValidQuery(brandListPageSchema);
