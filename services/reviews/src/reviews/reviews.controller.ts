import { Body, Controller, Get, Param, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { Review, ReviewPhoto } from '@hunted/contracts';
import { CurrentUser, Public, SignedIn, type AuthenticatedUser } from '@hunted/platform';
import { BrandIdPipe } from '../brands/brand-id.pipe.js';
import { pageOf, PageQueryDto, sendPage } from '../paging/page-query.dto.js';
import { ReviewInputDto } from './dto/review-input.dto.js';
import { ReviewsService } from './reviews.service.js';

@Controller('api/brands/:brandId/reviews')
export class ReviewsController {
  constructor(private readonly reviews: ReviewsService) {}

  @Get()
  @Public()
  async list(
    @Param('brandId', BrandIdPipe) brandId: number,
    @Query() query: PageQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Review[]> {
    return sendPage(reply, await this.reviews.list(brandId, pageOf(query)));
  }

  /** Whether the caller may still write a review, without reading the whole list to find out. */
  @Get('mine')
  @SignedIn()
  mine(@Param('brandId', BrandIdPipe) brandId: number, @CurrentUser() user: AuthenticatedUser): Promise<Review | null> {
    return this.reviews.mine(brandId, user.id);
  }

  @Post()
  @SignedIn()
  create(
    @Param('brandId', BrandIdPipe) brandId: number,
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
  async list(
    @Param('brandId', BrandIdPipe) brandId: number,
    @Query() query: PageQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ReviewPhoto[]> {
    return sendPage(reply, await this.reviews.photos(brandId, pageOf(query)));
  }
}
