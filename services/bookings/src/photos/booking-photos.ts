import { randomUUID } from 'node:crypto';
import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import {
  BOOKING_ACTION_MESSAGES,
  BOOKING_PHOTO_BYTES,
  type BookingPhotoUploaded,
} from '@hunted/contracts';
import { InjectDataSource } from '@nestjs/typeorm';
import { chargeUploadQuota, dailyUploadQuota, readImageUpload, SERVICE_CONFIG, type DailyUploadQuota, type ImageRules } from '@hunted/platform';
import { DataSource, type EntityManager } from 'typeorm';
import type { BookingsConfig } from '../config.js';
import { BookingViews } from '../views/booking-views.js';
import { BOOKING_PHOTO_PATH, isBookingId } from '../store/booking-rows.js';
import { BookingPhotosRepository } from './booking-photos.repository.js';

/** A 5 MB photo in base64 (about 6.7 MB) and its JSON: the route's own body limit (the platform's is 1 MB). */
export const PHOTO_BODY_LIMIT = 8 * 1024 * 1024;

/** png, jpeg, gif or webp by their bytes, at most BOOKING_PHOTO_BYTES (5 MB) each. */
const BOOKING_PHOTO_RULES: ImageRules = {
  // decodeImageDataUrl refuses `maxBytes` or more; a photo of exactly 5 MB is allowed.
  maxBytes: BOOKING_PHOTO_BYTES + 1,
  tooLarge: () => BOOKING_ACTION_MESSAGES.photoSize,
  notAnImage: BOOKING_ACTION_MESSAGES.photoType,
};

function refused(field: string, message: string): BadRequestException {
  return new BadRequestException({ statusCode: 400, message, errors: { [field]: message } });
}

/** A booking's photos: checked before they are stored, attached to the caller's booking, shown to its two sides. */
@Injectable()
export class BookingPhotos {
  private readonly quota: DailyUploadQuota;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly photos: BookingPhotosRepository,
    private readonly views: BookingViews,
    @Inject(SERVICE_CONFIG) config: BookingsConfig,
  ) {
    this.quota = dailyUploadQuota('booking-photos', 'booking photos', config.BOOKING_PHOTOS_PER_DAY, config.BOOKING_PHOTOS_MB_PER_DAY);
  }

  /**
   * Stores one upload of `ownerUserId`, cleaned (decoded in full, metadata dropped) and counted against their daily
   * allowance in the insert's transaction: refused before anything is stored when its bytes are no image, too large,
   * or over the allowance (429).
   */
  async upload(ownerUserId: string, dataUrl: string): Promise<BookingPhotoUploaded> {
    const decoded = await readImageUpload(dataUrl, BOOKING_PHOTO_RULES);
    if (!decoded.ok) throw refused('photo', decoded.message);
    const id = randomUUID();
    await this.dataSource.transaction(async (manager) => {
      await chargeUploadQuota(manager, ownerUserId, this.quota, { uploads: 1, bytes: decoded.bytes.length });
      await this.photos.insert(manager, { id, ownerUserId, bytes: decoded.bytes, contentType: decoded.contentType });
    });
    return { id, url: `${BOOKING_PHOTO_PATH}/${id}` };
  }

  /** Attaches the caller's photos to their new booking, in its transaction; one that is not theirs refuses it all. */
  async attach(manager: EntityManager, bookingId: string, ownerUserId: string, ids: readonly string[]): Promise<void> {
    if ((await this.photos.attach(manager, bookingId, ownerUserId, ids)) !== ids.length) {
      throw refused('photoIds', BOOKING_ACTION_MESSAGES.photoNotYours);
    }
  }

  /**
   * The photo's bytes when `userId` uploaded it, or is the member of the hunter of its booking and its client shares
   * the question (`passport.question`); else null.
   */
  async bytesFor(photoId: string, userId: string): Promise<Buffer | null> {
    if (!isBookingId(photoId)) return null;
    const photo = await this.photos.find(photoId);
    if (!photo) return null;
    if (photo.ownerUserId === userId) return photo.bytes;
    if (photo.bookingId && (await this.views.hunterMemberSeesQuestionOf(photo.bookingId, userId))) return photo.bytes;
    return null;
  }

  prune(): Promise<number> {
    return this.photos.pruneUnattached();
  }
}
