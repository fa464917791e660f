import { REVIEW_LIMITS, type ReviewInput } from '@hunted/contracts';
import {
  Allow,
  ArrayMaxSize,
  IsArray,
  IsDefined,
  IsInt,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
} from 'class-validator';

export const RATINGS_REQUIRED = 'Please rate all categories to submit your review';
const wholeStars = (label: string) => ({ message: `${label} rating must be a whole number from 1 to 5` });

/**
 * Body of POST /api/brands/{id}/reviews. The spec's client also sends brandId, userId and rating: they are allowed
 * through and ignored (the path names the brand, the identity the user, and the server computes the rating).
 */
export class ReviewInputDto implements ReviewInput {
  @IsInt(wholeStars('Speed'))
  @Min(1, wholeStars('Speed'))
  @Max(5, wholeStars('Speed'))
  @IsDefined({ message: RATINGS_REQUIRED })
  speedRating: number;

  @IsInt(wholeStars('Ease'))
  @Min(1, wholeStars('Ease'))
  @Max(5, wholeStars('Ease'))
  @IsDefined({ message: RATINGS_REQUIRED })
  easeRating: number;

  @IsInt(wholeStars('Quality'))
  @Min(1, wholeStars('Quality'))
  @Max(5, wholeStars('Quality'))
  @IsDefined({ message: RATINGS_REQUIRED })
  qualityRating: number;

  @IsInt(wholeStars('Sustainability'))
  @Min(1, wholeStars('Sustainability'))
  @Max(5, wholeStars('Sustainability'))
  @IsDefined({ message: RATINGS_REQUIRED })
  sustainabilityRating: number;

  @IsOptional()
  @IsString({ message: 'Review text must be text' })
  @MaxLength(REVIEW_LIMITS.text, { message: `Review text must be at most ${REVIEW_LIMITS.text} characters` })
  reviewText?: string | null;

  /** Checked here for shape; the bytes (type and size) are checked when decoded. */
  @IsOptional()
  @IsArray({ message: 'Photos must be a list of images' })
  @ArrayMaxSize(REVIEW_LIMITS.photos, { message: `You can add up to ${REVIEW_LIMITS.photos} photos` })
  @IsString({ each: true, message: 'Only image files can be uploaded' })
  photos?: string[];

  @Allow()
  brandId?: number | string;

  @Allow()
  userId?: string;

  @Allow()
  rating?: number;
}
