import { CreateReviewsPhotosComments1764115200000 } from './1764115200000-create-reviews-photos-comments.js';

/** Every migration of this service, in order. They run on start. */
export const migrations = [CreateReviewsPhotosComments1764115200000];
