import { storedPhotosController } from '@hunted/platform';
import { BRAND_IMAGE_BYTES } from './brand-images.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Brand images, public like the brands that show them, served from the site (never from where a link pointed). */
export class BrandImageMediaController extends storedPhotosController({
  path: 'api/media/brand-images',
  statement: BRAND_IMAGE_BYTES,
  idOf: (photoId) => (UUID.test(photoId) ? photoId.toLowerCase() : null),
}) {}
