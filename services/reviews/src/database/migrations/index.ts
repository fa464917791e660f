import { CreateReviewsPhotosComments1764115200000 } from './1764115200000-create-reviews-photos-comments.js';
import { BrandListCounts1764201600000 } from './1764201600000-brand-list-counts.js';
import { HunterReviews1795824000000 } from './1795824000000-hunter-reviews.js';
import { RepublishReviewsForAuthors1796300000000 } from './1796300000000-republish-reviews-for-authors.js';
import { SharedBookingCopies1796400000000 } from './1796400000000-shared-booking-copies.js';
import { UploadQuotaDays1797400010000 } from './1797400010000-upload-quota-days.js';
import { ReviewsThatQualify1797500060000 } from './1797500060000-reviews-that-qualify.js';
import { HunterStatuses1797600000000 } from './1797600000000-hunter-statuses.js';
import { YourData1797900020000 } from './1797900020000-your-data.js';
import { Moderation1798000000000 } from './1798000000000-moderation.js';

/** Every migration of this service, in order. They run on start. */
export const migrations = [
  CreateReviewsPhotosComments1764115200000,
  BrandListCounts1764201600000,
  HunterReviews1795824000000,
  RepublishReviewsForAuthors1796300000000,
  SharedBookingCopies1796400000000,
  UploadQuotaDays1797400010000,
  ReviewsThatQualify1797500060000,
  HunterStatuses1797600000000,
  YourData1797900020000,
  Moderation1798000000000,
];
