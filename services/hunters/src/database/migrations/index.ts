import { CreateHunters1764288000000 } from './1764288000000-create-hunters.js';
import { CreateHunterPhotos1764374400000 } from './1764374400000-create-hunter-photos.js';
import { CreateUsersCopy1764460800000 } from './1764460800000-create-users-copy.js';
import { CreateAvailability1764547200000 } from './1764547200000-create-availability.js';
import { AddDemoEmails1764633600000 } from './1764633600000-add-demo-emails.js';
import { CreateCompletedSessions1764720000000 } from './1764720000000-create-completed-sessions.js';
import { AddHunterPhotoOwners1764806400000 } from './1764806400000-add-hunter-photo-owners.js';
import { AddHunterVetting1764892800000 } from './1764892800000-add-hunter-vetting.js';
import { CreateJoiningDetails1795824000000 } from './1795824000000-create-joining-details.js';
import { RatingsFromReviews1795824060000 } from './1795824060000-ratings-from-reviews.js';
import { CreateHunterEdits1796200000000 } from './1796200000000-create-hunter-edits.js';
import { SharedBookingCopies1796400000000 } from './1796400000000-shared-booking-copies.js';
import { CreateHunterPicks1796200120000 } from './1796200120000-create-hunter-picks.js';
import { CreateProfileRevisions1797200000000 } from './1797200000000-create-profile-revisions.js';
import { EditPhotoPrivacy1797500000000 } from './1797500000000-edit-photo-privacy.js';
import { KnownValueTags1797500010000 } from './1797500010000-known-value-tags.js';
import { RepublishHuntersForStatuses1797600010000 } from './1797600010000-republish-hunters-for-statuses.js';
import { UploadQuotaDays1797400020000 } from './1797400020000-upload-quota-days.js';
import { BookingCopiesReviewQualifies1797500020000 } from './1797500020000-booking-copies-review-qualifies.js';
import { CreateDataExportFiles1797900030000 } from './1797900030000-create-data-export-files.js';
import { HiddenBrandCopies1798000100000 } from './1798000100000-hidden-brand-copies.js';
import { HunterTimeZones1798000110000 } from './1798000110000-hunter-time-zones.js';
import { HunterCurrencies1798000150000 } from './1798000150000-hunter-currencies.js';
import { DropOldPriceIndexes1798000150001 } from './1798000150001-drop-old-price-indexes.js';
import { HunterLanguagesIndex1798000170000 } from './1798000170000-hunter-languages-index.js';

/** Every migration of this service, in order. They run on start. */
export const migrations = [
  CreateHunters1764288000000,
  CreateHunterPhotos1764374400000,
  CreateUsersCopy1764460800000,
  CreateAvailability1764547200000,
  AddDemoEmails1764633600000,
  CreateCompletedSessions1764720000000,
  AddHunterPhotoOwners1764806400000,
  AddHunterVetting1764892800000,
  CreateJoiningDetails1795824000000,
  RatingsFromReviews1795824060000,
  CreateHunterEdits1796200000000,
  CreateHunterPicks1796200120000,
  SharedBookingCopies1796400000000,
  CreateProfileRevisions1797200000000,
  UploadQuotaDays1797400020000,
  EditPhotoPrivacy1797500000000,
  KnownValueTags1797500010000,
  BookingCopiesReviewQualifies1797500020000,
  RepublishHuntersForStatuses1797600010000,
  CreateDataExportFiles1797900030000,
  HiddenBrandCopies1798000100000,
  HunterTimeZones1798000110000,
  HunterCurrencies1798000150000,
  DropOldPriceIndexes1798000150001,
  HunterLanguagesIndex1798000170000,
];
