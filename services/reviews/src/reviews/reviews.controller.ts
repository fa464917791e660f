import { Controller, Get, Post } from '@nestjs/common';
import { reviewInputSchema, type Review, type ReviewInputFields, type ReviewPhoto } from '@hunted/contracts';
import { BodyLimit, CurrentUser, SignedIn, ValidBody, type AuthenticatedUser } from '@hunted/platform';
import { BrandIdParam, BrandList, BrandListPage, type ListPage } from '../brands/brand-lists.js';
import { ReviewsService } from './reviews.service.js';

/** Room for three 10 MB photos sent inline as base64 JSON (4/3 of their size, ~40 MB) plus the other fields. */
export const REVIEW_POST_BODY_LIMIT = 45 * 1024 * 1024;

@Controller('api/brands/:brandId/reviews')
export class ReviewsController {
  constructor(private readonly reviews: ReviewsService) {}

  @BrandList()
  async list(@BrandIdParam() brandId: number, @BrandListPage() list: ListPage): Promise<Review[]> {
    return list.send(await this.reviews.list(brandId, list.page));
  }

  /** Whether the caller may still write a review, without reading the whole list to find out. */
  @Get('mine')
  @SignedIn()
  mine(@BrandIdParam() brandId: number, @CurrentUser() user: AuthenticatedUser): Promise<Review | null> {
    return this.reviews.mine(brandId, user.id);
  }

  @Post()
  @SignedIn()
  @BodyLimit(REVIEW_POST_BODY_LIMIT)
  create(
    @BrandIdParam() brandId: number,
    @CurrentUser() author: AuthenticatedUser,
    @ValidBody(reviewInputSchema) input: ReviewInputFields,
  ): Promise<Review> {
    return this.reviews.create(brandId, author, input);
  }
}

@Controller('api/brands/:brandId/photos')
export class BrandPhotosController {
  constructor(private readonly reviews: ReviewsService) {}

  /** Paged like the reviews (`limit`, `offset`, `x-total-count`), so a brand page reads only the photos it shows. */
  @BrandList()
  async list(@BrandIdParam() brandId: number, @BrandListPage() list: ListPage): Promise<ReviewPhoto[]> {
    return list.send(await this.reviews.photos(brandId, list.page));
  }
}
