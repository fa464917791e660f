import { storedPhotosController } from '@hunted/platform';
import { HUNTER_PHOTO_BYTES, HUNTER_PHOTO_PATH, hunterPhotoIdOf } from '../store/hunter-photos.js';

/** Serves hunter photos as reviews serve review photos: immutable cache, the type read from the bytes. */
export class HunterPhotosController extends storedPhotosController({
  path: 'api/media/hunter-photos',
  statement: HUNTER_PHOTO_BYTES,
  idOf: (photoId) => hunterPhotoIdOf(`${HUNTER_PHOTO_PATH}/${photoId}`),
}) {}
