import { storedPhotosController } from '@hunted/platform';
import { HUNTER_PHOTO_PATH, hunterPhotoIdOf } from './hunter-photos.js';

/** Serves hunter photos as reviews serve review photos: immutable cache, the type read from the bytes. */
export class HunterPhotosController extends storedPhotosController({
  path: 'api/media/hunter-photos',
  statement: { name: 'hunter-photos.bytes', text: 'select bytes from hunter_photos where id = $1' },
  idOf: (photoId) => hunterPhotoIdOf(`${HUNTER_PHOTO_PATH}/${photoId}`),
}) {}
