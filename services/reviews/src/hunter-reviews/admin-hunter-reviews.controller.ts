import { Controller, Get, HttpCode, Post, Res } from '@nestjs/common';
import {
  adminHunterReviewsQuerySchema,
  HUNTER_REVIEW_MESSAGES,
  hideHunterReviewSchema,
  type AdminHunterReview,
  type AdminHunterReviewsQuery,
} from '@hunted/contracts';
import { AdminOnly, CurrentUser, IdParam, sendPage, ValidBody, ValidQuery, type AuthenticatedUser } from '@hunted/platform';
import type { z } from 'zod';
import { HunterReviewsService } from './hunter-reviews.service.js';

const ADMIN_PAGE = 50;

/** The admin's moderation of reviews of hunters: reported ones first; hiding takes a review out of the rating. */
@Controller('api/admin/hunter-reviews')
@AdminOnly()
export class AdminHunterReviewsController {
  constructor(private readonly reviews: HunterReviewsService) {}

  @Get()
  async list(
    @ValidQuery(adminHunterReviewsQuerySchema) query: AdminHunterReviewsQuery,
    @Res({ passthrough: true }) reply: Parameters<typeof sendPage>[0],
  ): Promise<AdminHunterReview[]> {
    // The reported queue unless asked otherwise, 50 a page.
    const page = { limit: query.limit ?? ADMIN_PAGE, offset: query.offset ?? 0 };
    return sendPage(reply, await this.reviews.adminPage(query.status ?? 'reported', page));
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
