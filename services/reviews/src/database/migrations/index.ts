import { CreateReviewsPhotosComments1764115200000 } from './1764115200000-create-reviews-photos-comments.js';
import { BrandListCounts1764201600000 } from './1764201600000-brand-list-counts.js';

/** Every migration of this service, in order. They run on start. */
export const migrations = [CreateReviewsPhotosComments1764115200000, BrandListCounts1764201600000];
