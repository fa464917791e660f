import { Controller, Get, HttpCode, Post, Res } from '@nestjs/common';
import { HUNTER_REVIEW_MESSAGES, hideHunterReviewSchema, type AdminHunterReview } from '@hunted/contracts';
import {
  AdminOnly,
  CurrentUser,
  IdParam,
  pageOf,
  pageQuerySchema,
  sendPage,
  ValidBody,
  ValidQuery,
  type AuthenticatedUser,
} from '@hunted/platform';
import { z } from 'zod';
import { HunterReviewsService } from './hunter-reviews.service.js';

const ADMIN_PAGE = 50;

/** `?status=reported|hidden|all&limit=&offset=`: the reported queue unless asked otherwise, 50 a page. */
export const adminHunterReviewsQuerySchema = pageQuerySchema.extend({
  status: z.enum(['reported', 'hidden', 'all'], { error: 'status must be reported, hidden or all' }).default('reported'),
});

/** The admin's moderation of reviews of hunters: reported ones first; hiding takes a review out of the rating. */
@Controller('api/admin/hunter-reviews')
@AdminOnly()
export class AdminHunterReviewsController {
  constructor(private readonly reviews: HunterReviewsService) {}

  @Get()
  async list(
    @ValidQuery(adminHunterReviewsQuerySchema) query: z.output<typeof adminHunterReviewsQuerySchema>,
    @Res({ passthrough: true }) reply: Parameters<typeof sendPage>[0],
  ): Promise<AdminHunterReview[]> {
    const page = pageOf(query, ADMIN_PAGE) ?? { limit: ADMIN_PAGE, offset: 0 };
    return sendPage(reply, await this.reviews.adminPage(query.status, page));
  }

  @Post(':id/hide')
  @HttpCode(200)
  hide(
    @IdParam('id', HUNTER_REVIEW_MESSAGES.notFound) reviewId: number,
    @CurrentUser() admin: AuthenticatedUser,
    @ValidBody(hideHunterReviewSchema) body: z.output<typeof hideHunterReviewSchema>,
  ): Promise<AdminHunterReview> {
    return this.reviews.hide(admin, reviewId, body.reason);
  }

  @Post(':id/unhide')
  @HttpCode(200)
  unhide(@IdParam('id', HUNTER_REVIEW_MESSAGES.notFound) reviewId: number): Promise<AdminHunterReview> {
    return this.reviews.unhide(reviewId);
  }
}
