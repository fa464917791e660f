import { storedPhotosController } from '@hunted/platform';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Review photos, read on every request, not cached here: a deleted brand's photos must stop being served at once. */
export class ReviewPhotosController extends storedPhotosController({
  path: 'api/media/review-photos',
  statement: { name: 'review-photos.bytes', text: 'select bytes from review_photos where id = $1' },
  idOf: (photoId) => (UUID.test(photoId) ? photoId : null),
}) {}
