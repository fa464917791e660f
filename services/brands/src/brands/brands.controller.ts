import { Controller, HttpCode, Post, Res } from '@nestjs/common';
import {
  brandInputSchema,
  brandListQuerySchema,
  type Brand,
  type BrandInputFields,
  type BrandListQueryParsed,
  type ViewResponse,
} from '@hunted/contracts';
import {
  CurrentUser,
  IdParam,
  Public,
  PublicGet,
  sendPage,
  SignedIn,
  ValidBody,
  ValidQuery,
  type AuthenticatedUser,
} from '@hunted/platform';
import type { FastifyReply } from 'fastify';
import { brandListQueryOf } from './brand-query.js';
import { BRAND_NOT_FOUND } from './brand.repository.js';
import { FilterHabits, type FilterUse } from '../passport/filter-habits.js';
import { BrandsService } from './brands.service.js';
import { DirectoryFigures } from './directory-figures.js';

@Controller('api/brands')
export class BrandsController {
  constructor(
    private readonly brands: BrandsService,
    private readonly figures: DirectoryFigures,
    private readonly habits: FilterHabits,
  ) {}

  @PublicGet()
  async list(
    // Unknown parameters are ignored and 'all' means no filter, as the SPA sends.
    @ValidQuery(brandListQuerySchema) query: BrandListQueryParsed,
    @Res({ passthrough: true }) reply: FastifyReply,
    @CurrentUser() user: AuthenticatedUser | null,
  ): Promise<Brand[]> {
    const { brands, total } = await this.brands.list(brandListQueryOf(query));
    // A signed-in member's value and price filters feed their style passport: counted after the answer, once per
    // search (its first page; paging on through the same search counts nothing more).
    if (user && (query.offset ?? 0) === 0) this.habits.countLater(user.id, filterUsesOf(query));
    return sendPage(reply, { items: brands, total });
  }

  @Post()
  @SignedIn()
  submit(@ValidBody(brandInputSchema) input: BrandInputFields, @CurrentUser() user: AuthenticatedUser): Promise<Brand> {
    return this.brands.submit(input, user.id);
  }

  /** The list filter's hashtags, counted over the whole directory (the page no longer downloads it to find them). */
  @PublicGet('hashtags')
  hashtags(): Promise<string[]> {
    return this.figures.hashtags();
  }

  /** A hidden brand answers 404 but to an admin and its submitter (see BrandsService.findPage). */
  @PublicGet(':id')
  async findOne(
    @IdParam('id', BRAND_NOT_FOUND) id: number,
    @CurrentUser() user: AuthenticatedUser | null,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Brand> {
    const brand = await this.brands.findPage(id, user);
    // A hidden brand's page is its submitter's and the admins' only: never kept by a shared cache.
    if (brand.moderation) reply.header('cache-control', 'private, no-store');
    return brand;
  }

  @Post(':id/view')
  @Public()
  @HttpCode(200)
  async view(@IdParam('id', BRAND_NOT_FOUND) id: number): Promise<ViewResponse> {
    return { views: await this.brands.recordView(id) };
  }
}

/** The filters of a directory search that make a member's filter habits: the value tag and the price level. */
function filterUsesOf(query: BrandListQueryParsed): FilterUse[] {
  const uses: FilterUse[] = [];
  if (query.tag !== undefined) uses.push({ kind: 'valueTag', value: query.tag });
  if (query.priceCategory !== undefined) uses.push({ kind: 'priceLevel', value: query.priceCategory });
  return uses;
}
