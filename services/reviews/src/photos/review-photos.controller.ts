import { storedPhotosController } from '@hunted/platform';
import { REVIEW_PHOTO_BYTES } from '../reviews/reviews.service.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Review photos, read on every request, not cached here: a deleted brand's photos must stop being served at once. */
export class ReviewPhotosController extends storedPhotosController({
  path: 'api/media/review-photos',
  statement: REVIEW_PHOTO_BYTES,
  idOf: (photoId) => (UUID.test(photoId) ? photoId : null),
}) {}
