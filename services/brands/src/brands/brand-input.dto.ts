import {
  BRAND_CATEGORIES,
  BRAND_PLACEHOLDER_IMAGE_URL,
  BRAND_COUNTRIES,
  BRAND_LIMITS,
  BRAND_VALUE_TAGS,
  DELIVERY_SCOPES,
  PRICE_CATEGORIES,
  type AdminBrandInput,
  type BrandInput,
} from '@hunted/contracts';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsISO8601,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  MaxLength,
  ValidateIf,
  isURL,
  registerDecorator,
  type ValidationArguments,
} from 'class-validator';

const DEMO_IMAGE_PATH = /^\/demo-brands\/[a-z0-9-]+\.svg$/;

/** Whether an image URL is one of the pictures the site itself serves (from web/public). */
export function isSiteImagePath(value: unknown): boolean {
  return value === BRAND_PLACEHOLDER_IMAGE_URL || (typeof value === 'string' && DEMO_IMAGE_PATH.test(value));
}

export const LINK_REQUIRED_MESSAGE = 'Please provide at least one social media or website link';
const LINK_FIELDS = ['instagramUrl', 'etsyUrl', 'websiteUrl', 'tiktokUrl'] as const;
const URL_OPTIONS = { protocols: ['http', 'https'], require_protocol: true };

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** Optional text: blank means "not given". */
const trimmedOrNull = ({ value }: { value: unknown }) => {
  if (typeof value !== 'string') return value;
  return value.trim() === '' ? null : value.trim();
};
const oneOf = (list: readonly string[]) => `must be one of: ${list.join(', ')}`;

/** Hashtags as the spec enters them: trimmed, '#' added when missing, blanks dropped, duplicates removed. */
export function normaliseHashtags(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  const seen = new Set<string>();
  const result: unknown[] = [];
  for (const raw of value) {
    if (typeof raw !== 'string') {
      result.push(raw);
      continue;
    }
    const tag = raw.trim().replace(/^#+/, '');
    if (!tag) continue;
    const hashtag = `#${tag}`;
    const key = hashtag.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    result.push(hashtag);
  }
  return result;
}

/**
 * An optional http(s) link: absent or null is fine, anything else must be a URL within the length limit. Written
 * as one decorator (not IsOptional + IsUrl) so the at-least-one-link rule on the same field still runs.
 */
function OptionalLink(label: string) {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'optionalLink',
      target: target.constructor,
      propertyName,
      options: {
        message: (args: ValidationArguments) =>
          typeof args.value === 'string' && args.value.length > BRAND_LIMITS.url
            ? `${label} must be at most ${BRAND_LIMITS.url} characters`
            : `${label} must be a link starting with http:// or https://`,
      },
      validator: {
        validate: (value: unknown) =>
          value === null ||
          value === undefined ||
          (typeof value === 'string' && value.length <= BRAND_LIMITS.url && isURL(value, URL_OPTIONS)),
      },
    });
}

/** At least one of the four links, reported on instagramUrl as the spec's form does. */
function AtLeastOneLink() {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'atLeastOneLink',
      target: target.constructor,
      propertyName,
      options: { message: LINK_REQUIRED_MESSAGE },
      validator: {
        validate: (_value: unknown, args: ValidationArguments) => {
          const body = args.object as Record<string, unknown>;
          return LINK_FIELDS.some((field) => typeof body[field] === 'string' && (body[field] as string).length > 0);
        },
      },
    });
}

/**
 * A brand as members submit it and admins create or edit it: the spec's section 5 rules, the allowed lists of
 * section 9 and the entity's lengths. Unknown fields are refused by the platform's ValidationPipe.
 */
export class BrandInputDto implements BrandInput {
  @Transform(trimmed)
  @IsString({ message: 'Name is required' })
  @IsNotEmpty({ message: 'Name is required' })
  @MaxLength(BRAND_LIMITS.name, { message: `Name must be at most ${BRAND_LIMITS.name} characters` })
  name!: string;

  @Transform(trimmed)
  @IsString({ message: 'Description is required' })
  @IsNotEmpty({ message: 'Description is required' })
  @MaxLength(BRAND_LIMITS.description, { message: `Description must be at most ${BRAND_LIMITS.description} characters` })
  description!: string;

  @IsIn(BRAND_CATEGORIES, { message: `Category ${oneOf(BRAND_CATEGORIES)}` })
  category!: string;

  @IsIn(BRAND_COUNTRIES, { message: `Location ${oneOf(BRAND_COUNTRIES)}` })
  location!: string;

  @IsIn(DELIVERY_SCOPES, { message: `Delivery ${oneOf(DELIVERY_SCOPES)}` })
  delivery!: string;

  @Transform(trimmed)
  @IsString({ message: 'Image URL is required' })
  @IsNotEmpty({ message: 'Image URL is required' })
  @MaxLength(BRAND_LIMITS.url, { message: `Image URL must be at most ${BRAND_LIMITS.url} characters` })
  // Images the site serves itself (the CSV placeholder, the demo directory's pictures) are site paths, not
  // links; an admin editing such a brand sends them back unchanged.
  @ValidateIf((body: { imageUrl?: unknown }) => !isSiteImagePath(body.imageUrl))
  @IsUrl(URL_OPTIONS, { message: 'Image URL must be a link starting with http:// or https://' })
  imageUrl!: string;

  @Transform(trimmedOrNull)
  @AtLeastOneLink()
  @OptionalLink('Instagram')
  instagramUrl?: string | null;

  @Transform(trimmedOrNull)
  @OptionalLink('Etsy shop')
  etsyUrl?: string | null;

  @Transform(trimmedOrNull)
  @OptionalLink('Website')
  websiteUrl?: string | null;

  @Transform(trimmedOrNull)
  @OptionalLink('TikTok')
  tiktokUrl?: string | null;

  @Transform(({ value }: { value: unknown }) => (Array.isArray(value) ? [...new Set(value)] : value))
  @IsOptional()
  @IsArray({ message: 'Tags must be a list' })
  @ArrayMaxSize(BRAND_LIMITS.tags, { message: `At most ${BRAND_LIMITS.tags} tags` })
  @IsIn(BRAND_VALUE_TAGS, { each: true, message: `Each tag ${oneOf(BRAND_VALUE_TAGS)}` })
  tags?: string[];

  @Transform(({ value }: { value: unknown }) => normaliseHashtags(value))
  @IsOptional()
  @IsArray({ message: 'Hashtags must be a list' })
  @ArrayMaxSize(BRAND_LIMITS.hashtags, { message: `At most ${BRAND_LIMITS.hashtags} hashtags` })
  @IsString({ each: true, message: 'Each hashtag must be text' })
  @MaxLength(BRAND_LIMITS.hashtag, { each: true, message: `Each hashtag must be at most ${BRAND_LIMITS.hashtag} characters` })
  @Matches(/^#[\p{L}\p{N}_]+$/u, { each: true, message: 'Hashtags may contain only letters, numbers and underscores' })
  hashtags?: string[];

  @IsOptional()
  @IsIn(PRICE_CATEGORIES, { message: `Price range ${oneOf(PRICE_CATEGORIES)}` })
  priceCategory?: string;
}

/** What an admin may set beyond a submission: featuring a brand for a London day. */
export class AdminBrandInputDto extends BrandInputDto implements AdminBrandInput {
  @IsOptional()
  @IsBoolean({ message: 'Featured must be true or false' })
  featured?: boolean;

  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'Featured date must be a date like 2026-05-31' })
  @IsISO8601({ strict: true }, { message: 'Featured date must be a date like 2026-05-31' })
  featuredDate?: string | null;
}
