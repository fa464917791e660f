import { Body, Controller, Get, Param, Post } from '@nestjs/common';
import type { Review } from '@hunted/contracts';
import { CurrentUser, Public, SignedIn, type AuthenticatedUser } from '@hunted/platform';
import { BrandIdPipe } from '../brands/brand-id.pipe.js';
import { ReviewInputDto } from './dto/review-input.dto.js';
import { ReviewsService } from './reviews.service.js';

@Controller('api/brands/:brandId/reviews')
export class ReviewsController {
  constructor(private readonly reviews: ReviewsService) {}

  @Get()
  @Public()
  list(@Param('brandId', BrandIdPipe) brandId: number): Promise<Review[]> {
    return this.reviews.list(brandId);
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
