import { Controller, Get, Post } from '@nestjs/common';
import {
  HUNTER_REVIEW_MESSAGES,
  HUNTER_REVIEWS_PAGE_MAX,
  hunterReviewInputSchema,
  hunterReviewReplySchema,
  hunterReviewReportSchema,
  type HunterReview,
  type HunterReviewInputFields,
  type HunterReviewPage,
  type MyHunterReviews,
} from '@hunted/contracts';
import {
  CurrentUser,
  IdParam,
  MAX_PAGE_OFFSET,
  PublicGet,
  SignedIn,
  ValidBody,
  ValidQuery,
  type AuthenticatedUser,
} from '@hunted/platform';
import { z } from 'zod';
import { HunterReviewsService, type HunterReviewReported } from './hunter-reviews.service.js';

const HUNTER_NOT_FOUND = 'Hunter not found';
const DEFAULT_PAGE = 10;

const wholeNumber = (name: string, min: number, max: number, tooSmall: string) => {
  const notWhole = `${name} must be a whole number`;
  return z.coerce
    .number({ error: notWhole })
    .int({ error: notWhole })
    .min(min, { error: tooSmall })
    .max(max, { error: `${name} must be at most ${max}` });
};

/** `?limit=&offset=` of a hunter's public reviews: 10 a page unless asked, at most 50. */
export const hunterReviewsPageSchema = z.strictObject({
  limit: wholeNumber('limit', 1, HUNTER_REVIEWS_PAGE_MAX, 'limit must be at least 1').default(DEFAULT_PAGE),
  offset: wholeNumber('offset', 0, MAX_PAGE_OFFSET, 'offset must be 0 or more').default(0),
});

/** A hunter's reviews under the hunter's path: anyone may read them (hidden ones are left out). */
@Controller('api/hunters/:hunterId/reviews')
export class HunterPublicReviewsController {
  constructor(private readonly reviews: HunterReviewsService) {}

  @PublicGet()
  page(
    @IdParam('hunterId', HUNTER_NOT_FOUND) hunterId: number,
    @ValidQuery(hunterReviewsPageSchema) page: z.output<typeof hunterReviewsPageSchema>,
  ): Promise<HunterReviewPage> {
    return this.reviews.page(hunterId, page);
  }
}

/** Writing, replying to, reporting and listing one's own reviews of hunters. */
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

  @Post(':id/report')
  @SignedIn()
  report(
    @IdParam('id', HUNTER_REVIEW_MESSAGES.notFound) reviewId: number,
    @CurrentUser() reporter: AuthenticatedUser,
    @ValidBody(hunterReviewReportSchema) body: z.output<typeof hunterReviewReportSchema>,
  ): Promise<HunterReviewReported> {
    return this.reviews.report(reporter, reviewId, body.reason);
  }
}
