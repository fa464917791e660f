import { Injectable } from '@nestjs/common';
import { binaryFile, extensionOf, jsonFile, ModerationService, textFile, type DataExportContributor, type ExportFile } from '@hunted/platform';
import type { EntityManager } from 'typeorm';
import { CommentsService } from '../comments/comments.service.js';
import { HunterReviewsService } from '../hunter-reviews/hunter-reviews.service.js';
import { ReviewsService } from '../reviews/reviews.service.js';
import { REVIEWS_EXPORT_README } from './reviews-export-readme.js';

/**
 * The reviews part of a member's archive (issue 36): their brand reviews with the photos' bytes, comments, reviews of
 * hunters written and (as a hunter) received with their replies, and their reports and appeals (the moderation kit's). Each read through its owner.
 */
@Injectable()
export class ReviewsDataExport implements DataExportContributor {
  constructor(
    private readonly reviews: ReviewsService,
    private readonly comments: CommentsService,
    private readonly hunterReviews: HunterReviewsService,
    private readonly moderation: ModerationService,
  ) {}

  async collect(manager: EntityManager, userId: string): Promise<ExportFile[]> {
    const reviews = await this.reviews.ofAuthor(manager, userId);
    const comments = await this.comments.ofAuthor(manager, userId);
    const hunter = await this.hunterReviews.exportOf(manager, userId);
    const moderation = await this.moderation.exportOf(manager, userId);
    const photoPath = (photo: { id: string; contentType: string }) => `photos/${photo.id}.${extensionOf(photo.contentType)}`;
    return [
      textFile('reviews', 'README.md', REVIEWS_EXPORT_README),
      jsonFile(
        'reviews',
        'brand-reviews.json',
        reviews.map(({ photoFiles, photos: _urls, ...review }) => ({ ...review, photoFiles: photoFiles.map(photoPath) })),
      ),
      ...reviews.flatMap((review) =>
        review.photoFiles.map((photo) => binaryFile('reviews', photoPath(photo), photo.contentType, photo.bytes)),
      ),
      jsonFile('reviews', 'comments.json', comments),
      jsonFile('reviews', 'hunter-reviews-written.json', hunter.written),
      jsonFile('reviews', 'hunter-reviews-received.json', hunter.received),
      jsonFile('reviews', 'reports.json', moderation.reports),
      jsonFile('reviews', 'appeals.json', moderation.appeals),
    ];
  }
}
