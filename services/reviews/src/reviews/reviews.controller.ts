import { Body, Controller, Get, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { Review, ReviewPhoto } from '@hunted/contracts';
import {
  BodyLimit,
  CurrentUser,
  IdParam,
  pageOf,
  PageQueryDto,
  Public,
  PublicRead,
  sendPage,
  SignedIn,
  type AuthenticatedUser,
} from '@hunted/platform';
import { BRAND_NOT_FOUND } from '../brands/brand-copies.js';
import { ReviewInputDto } from './dto/review-input.dto.js';
import { ReviewsService } from './reviews.service.js';

/** Room for three 10 MB photos sent inline as base64 JSON (4/3 of their size, ~40 MB) plus the other fields. */
export const REVIEW_POST_BODY_LIMIT = 45 * 1024 * 1024;

@Controller('api/brands/:brandId/reviews')
export class ReviewsController {
  constructor(private readonly reviews: ReviewsService) {}

  @Get()
  @Public()
  @PublicRead()
  async list(
    @IdParam('brandId', BRAND_NOT_FOUND) brandId: number,
    @Query() query: PageQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Review[]> {
    return sendPage(reply, await this.reviews.list(brandId, pageOf(query)));
  }

  /** Whether the caller may still write a review, without reading the whole list to find out. */
  @Get('mine')
  @SignedIn()
  mine(@IdParam('brandId', BRAND_NOT_FOUND) brandId: number, @CurrentUser() user: AuthenticatedUser): Promise<Review | null> {
    return this.reviews.mine(brandId, user.id);
  }

  @Post()
  @SignedIn()
  @BodyLimit(REVIEW_POST_BODY_LIMIT)
  create(
    @IdParam('brandId', BRAND_NOT_FOUND) brandId: number,
    @CurrentUser() author: AuthenticatedUser,
    @Body() input: ReviewInputDto,
  ): Promise<Review> {
    return this.reviews.create(brandId, author, input);
  }
}

@Controller('api/brands/:brandId/photos')
export class BrandPhotosController {
  constructor(private readonly reviews: ReviewsService) {}

  /** Paged like the reviews (`limit`, `offset`, `x-total-count`), so a brand page reads only the photos it shows. */
  @Get()
  @Public()
  @PublicRead()
  async list(
    @IdParam('brandId', BRAND_NOT_FOUND) brandId: number,
    @Query() query: PageQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ReviewPhoto[]> {
    return sendPage(reply, await this.reviews.photos(brandId, pageOf(query)));
  }
}
