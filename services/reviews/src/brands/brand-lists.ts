import { applyDecorators, createParamDecorator, Get, type ExecutionContext, type PipeTransform } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { IdParam, pageOf, Public, PublicRead, SchemaPipe, sendPage, strictPageQuerySchema, type Page } from '@hunted/platform';
import { BRAND_NOT_FOUND } from './brand-copies.js';

/** `limit`/`offset` of a brand's list, the page asked for (null: the whole list); any other parameter is a 400. */
export const brandListPageSchema = strictPageQuerySchema.transform((query) => pageOf(query));

/** A brand's public list (its reviews, photos, comments): anyone may read it, and a shared cache may keep it. */
export const BrandList = (): MethodDecorator => applyDecorators(Get(), Public(), PublicRead());

/** The brand of the path (`/api/brands/{brandId}/...`), or 404 'Brand not found'. */
export const BrandIdParam = (): ParameterDecorator => IdParam('brandId', BRAND_NOT_FOUND);

/** The page a list request asks for, and how to answer it (the items, the total in `x-total-count`). */
export interface ListPage {
  page: Page | null;
  send<T>(listed: { items: T[]; total: number | undefined }): T[];
}

interface ListRequest {
  query: unknown;
  reply: FastifyReply;
}

const ListRequest = createParamDecorator((_: unknown, context: ExecutionContext): ListRequest => {
  const http = context.switchToHttp();
  return { query: http.getRequest<{ query?: unknown }>().query, reply: http.getResponse<FastifyReply>() };
});

const pagePipe = new SchemaPipe(brandListPageSchema);

/** The list request read into a ListPage (a pipe, as `@ValidQuery()` is). */
const listPagePipe: PipeTransform<ListRequest, ListPage> = {
  transform: ({ query, reply }) => ({ page: pagePipe.transform(query), send: (listed) => sendPage(reply, listed) }),
};

/** `@BrandListPage() list: ListPage`: the query's page (400 for a bad one), answered with `list.send(...)`. */
export const BrandListPage = (): ParameterDecorator => ListRequest(undefined, listPagePipe);
