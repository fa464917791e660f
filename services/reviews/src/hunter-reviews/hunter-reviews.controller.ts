import { Controller, Get, Post } from '@nestjs/common';
import {
  HUNTER_MESSAGES,
  HUNTER_REVIEW_MESSAGES,
  hunterReviewInputSchema,
  hunterReviewReplySchema,
  hunterReviewsPageQuerySchema,
  type HunterReview,
  type HunterReviewInputFields,
  type HunterReviewPage,
  type HunterReviewsPageQuery,
  type MyHunterReviews,
} from '@hunted/contracts';
import { CurrentUser, IdParam, PublicGet, SignedIn, ValidBody, ValidQuery, type AuthenticatedUser } from '@hunted/platform';
import type { z } from 'zod';
import { HunterReviewsService } from './hunter-reviews.service.js';

const DEFAULT_PAGE = 10;

/** A hunter's reviews under the hunter's path: anyone may read an approved hunter's (hidden ones are left out). */
@Controller('api/hunters/:hunterId/reviews')
export class HunterPublicReviewsController {
  constructor(private readonly reviews: HunterReviewsService) {}

  @PublicGet()
  page(
    @IdParam('hunterId', HUNTER_MESSAGES.notFound) hunterId: number,
    @ValidQuery(hunterReviewsPageQuerySchema) query: HunterReviewsPageQuery,
  ): Promise<HunterReviewPage> {
    return this.reviews.page(hunterId, { limit: query.limit ?? DEFAULT_PAGE, offset: query.offset ?? 0 });
  }
}

/** Writing, replying to and listing one's own reviews of hunters (reports: the moderation kit's `/api/reports`). */
@Controller('api/hunter-reviews')
export class HunterReviewsController {
  constructor(private readonly reviews: HunterReviewsService) {}

  @Post()
  @SignedIn()
  create(
    @CurrentUser() author: AuthenticatedUser,
    @ValidBody(hunterReviewInputSchema) input: HunterReviewInputFields,
  ): Promise<HunterReview> {
    return this.reviews.create(author, input);
  }

  @Get('mine')
  @SignedIn()
  mine(@CurrentUser() user: AuthenticatedUser): Promise<MyHunterReviews> {
    return this.reviews.mine(user.id);
  }

  @Post(':id/reply')
  @SignedIn()
  reply(
    @IdParam('id', HUNTER_REVIEW_MESSAGES.notFound) reviewId: number,
    @CurrentUser() hunter: AuthenticatedUser,
    @ValidBody(hunterReviewReplySchema) body: z.output<typeof hunterReviewReplySchema>,
  ): Promise<HunterReview> {
    return this.reviews.reply(hunter, reviewId, body.text);
  }
}
