import { CreateDirectory1763856000000 } from './1763856000000-create-directory.js';
import { BrandSearchAndDailyVotes1763942400000 } from './1763942400000-brand-search-and-daily-votes.js';
import { TodayVotesAndBrandCounts1764028800000 } from './1764028800000-today-votes-and-brand-counts.js';
import { BrandReviewRatings1764115200000 } from './1764115200000-brand-review-ratings.js';
import { BrandUpdatedAt1764633600000 } from './1764633600000-brand-updated-at.js';
import { DirectoryFigures1795910400000 } from './1795910400000-directory-figures.js';
import { DropBoardItems1796200000000 } from './1796200000000-drop-board-items.js';
import { RepublishBrands1796200060000 } from './1796200060000-republish-brands.js';
import { SharedBookingCopies1796400000000 } from './1796400000000-shared-booking-copies.js';
import { StylePassport1796300000000 } from './1796300000000-style-passport.js';
import { BookingCopiesReviewQualifies1797500030000 } from './1797500030000-booking-copies-review-qualifies.js';
import { BrandImages1797800000000 } from './1797800000000-brand-images.js';
import { YourData1797900010000 } from './1797900010000-your-data.js';
import { HiddenBrands1798000010000 } from './1798000010000-hidden-brands.js';
import { ReviewVisibility1798000010100 } from './1798000010100-review-visibility.js';

/** Every migration of this service, in order. They run on start. */
export const migrations = [
  CreateDirectory1763856000000,
  BrandSearchAndDailyVotes1763942400000,
  TodayVotesAndBrandCounts1764028800000,
  BrandReviewRatings1764115200000,
  BrandUpdatedAt1764633600000,
  DirectoryFigures1795910400000,
  DropBoardItems1796200000000,
  RepublishBrands1796200060000,
  StylePassport1796300000000,
  SharedBookingCopies1796400000000,
  BookingCopiesReviewQualifies1797500030000,
  BrandImages1797800000000,
  YourData1797900010000,
  HiddenBrands1798000010000,
  ReviewVisibility1798000010100,
];
