import {
  HUNTER_AVAILABILITY_STATUSES,
  HUNTER_LANGUAGES,
  HUNTER_LIMITS,
  HUNTER_LOCATIONS,
  HUNTER_MESSAGES,
  HUNTER_SERVICES,
  HUNTER_SPECIALTIES,
  SESSION_TYPES,
  type HunterAvailabilityStatus,
  type HunterInput,
  type HunterUpdate,
  type SessionTypes,
} from '@hunted/contracts';
import { NoControlCharacters } from '@hunted/platform';
import { Transform } from 'class-transformer';
import {
  Allow,
  ArrayNotEmpty,
  IsArray,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  isURL,
  registerDecorator,
} from 'class-validator';

const URL_OPTIONS = { protocols: ['http', 'https'], require_protocol: true };
const oneOf = (list: readonly string[]) => `must be one of: ${list.join(', ')}`;
const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** Optional text: blank means none. */
const trimmedOrNull = ({ value }: { value: unknown }) => {
  if (typeof value !== 'string') return value;
  return value.trim() === '' ? null : value.trim();
};
/** A list as picked: duplicates dropped, order kept. */
const unique = ({ value }: { value: unknown }) => (Array.isArray(value) ? [...new Set(value)] : value);

/** Why a session-type map is refused, or null when it is fine (see the rules). */
export function sessionTypesError(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return `Session types must set ${SESSION_TYPES.join(', ')}`;
  }
  const map = value as Record<string, unknown>;
  const keys = Object.keys(map);
  if (keys.length !== SESSION_TYPES.length || !SESSION_TYPES.every((key) => keys.includes(key))) {
    return `Session types must set exactly ${SESSION_TYPES.join(', ')}`;
  }
  let enabled = 0;
  for (const key of SESSION_TYPES) {
    const type = map[key];
    if (typeof type !== 'object' || type === null || Array.isArray(type)) return `Session type ${key} must be an object`;
    const { enabled: on, price, duration, ...rest } = type as Record<string, unknown>;
    if (Object.keys(rest).length) return `Session type ${key} may set only enabled, price and duration`;
    if (typeof on !== 'boolean') return `Session type ${key}: enabled must be true or false`;
    const whole = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n);
    if (!on) {
      // A disabled type keeps the numbers the form shows; they must still be whole and in range.
      if (!whole(price) || price < 0 || price > HUNTER_LIMITS.maxPrice) return `Session type ${key}: price must be a whole number of pounds`;
      if (!whole(duration) || duration < 0 || duration > HUNTER_LIMITS.maxDuration) return `Session type ${key}: duration must be a whole number of minutes`;
      continue;
    }
    enabled += 1;
    if (price === null || price === undefined) return HUNTER_MESSAGES.price;
    if (!whole(price) || (price !== 0 && (price < HUNTER_LIMITS.minPaidPrice || price > HUNTER_LIMITS.maxPrice))) {
      return `Session price must be 0 (free) or a whole number from £${HUNTER_LIMITS.minPaidPrice} to £5,000`;
    }
    if (!whole(duration) || duration < HUNTER_LIMITS.minDuration || duration > HUNTER_LIMITS.maxDuration) {
      return `Session duration must be a whole number from ${HUNTER_LIMITS.minDuration} to ${HUNTER_LIMITS.maxDuration} minutes`;
    }
  }
  return enabled ? null : 'Enable at least one session type';
}

/** pricePerSession: the lowest price among the enabled session types (what the card and the price filter show). */
export function pricePerSessionOf(sessionTypes: SessionTypes): number {
  const prices = SESSION_TYPES.filter((key) => sessionTypes[key].enabled).map((key) => sessionTypes[key].price);
  return prices.length ? Math.min(...prices) : 0;
}

function ValidSessionTypes() {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'validSessionTypes',
      target: target.constructor,
      propertyName,
      options: { message: (args) => sessionTypesError(args.value) ?? '' },
      validator: { validate: (value: unknown) => sessionTypesError(value) === null },
    });
}

/** An optional http(s) link within the length limit; null (or blank) is none. */
function OptionalLink(label: string, max: number) {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'optionalLink',
      target: target.constructor,
      propertyName,
      options: {
        message: ({ value }) =>
          typeof value === 'string' && value.length > max
            ? `${label} must be at most ${max} characters`
            : `${label} must be a link starting with http:// or https://`,
      },
      validator: {
        validate: (value: unknown) =>
          value === null || (typeof value === 'string' && value.length <= max && isURL(value, URL_OPTIONS)),
      },
    });
}

/**
 * Site paths a profile photo may name: one of this service's photos (the profile's own only, checked where the
 * profile is read: see storedPhotoUrl), an avatar identity serves, or a demo hunter's portrait (served by the web
 * app), which the profile form sends back unchanged once someone has become that hunter. Links to other sites are
 * refused: a photo shown to every visitor of the listing would let its host follow who looks at it.
 */
const SITE_PHOTO = /^(\/api\/(media\/hunter-photos|auth\/avatars)\/[\w.-]{1,200}|\/demo-hunters\/[a-z0-9-]{1,100}\.svg)$/;
export const PHOTO_MESSAGE = 'Profile photo must be an uploaded image or none (links to other sites are not accepted)';

function ProfilePhoto() {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'profilePhoto',
      target: target.constructor,
      propertyName,
      options: { message: PHOTO_MESSAGE },
      validator: {
        validate: (value: unknown) =>
          value === null || (typeof value === 'string' && (value.startsWith('data:') || SITE_PHOTO.test(value))),
      },
    });
}

/**
 * The profile's fields and rules, for creation (every required field checked) or an edit (`partial`: a field left
 * out keeps its value, a field sent is checked as on creation). id, userId, rating, reviewCount, totalSessions and
 * featured are not fields, so the platform's ValidationPipe refuses them (400); pricePerSession is accepted and
 * ignored (the server computes it).
 */
function hunterFields(partial: boolean) {
  /** Checked when required, or when sent on an edit. */
  const checked = () => ValidateIf((_body: object, value: unknown) => !partial || value !== undefined);
  /** Optional on both: checked only when sent. */
  const optional = () => ValidateIf((_body: object, value: unknown) => value !== undefined);

  // class-validator reports a field's checks bottom-up and the API names the first, so each field's basic
  // check (required, a list, a whole number) is its last decorator and the finer ones sit above it.
  class HunterFields {
    @Transform(trimmed)
    @checked()
    @NoControlCharacters('Name may not contain control characters (such as line breaks)')
    @MaxLength(HUNTER_LIMITS.name, { message: `Name must be at most ${HUNTER_LIMITS.name} characters` })
    @IsNotEmpty({ message: 'Name is required' })
    @IsString({ message: 'Name is required' })
    name?: string;

    @Transform(({ value }: { value: unknown }) => (value === null ? '' : trimmed({ value })))
    @optional()
    @MaxLength(HUNTER_LIMITS.bio, { message: `Bio must be at most 2,000 characters` })
    @IsString({ message: 'Bio must be text' })
    bio?: string;

    @checked()
    @IsIn(HUNTER_LOCATIONS, { message: `Location ${oneOf(HUNTER_LOCATIONS)}` })
    location?: string;

    @Transform(unique)
    @checked()
    @IsIn(HUNTER_SPECIALTIES, { each: true, message: `Each specialty ${oneOf(HUNTER_SPECIALTIES)}` })
    @ArrayNotEmpty({ message: HUNTER_MESSAGES.specialties })
    @IsArray({ message: HUNTER_MESSAGES.specialties })
    specialties?: string[];

    @Transform(unique)
    @checked()
    @IsIn(HUNTER_SERVICES, { each: true, message: `Each service ${oneOf(HUNTER_SERVICES)}` })
    @ArrayNotEmpty({ message: HUNTER_MESSAGES.adviceTypes })
    @IsArray({ message: HUNTER_MESSAGES.adviceTypes })
    adviceTypes?: string[];

    @Transform(unique)
    @checked()
    @IsIn(HUNTER_LANGUAGES, { each: true, message: `Each language ${oneOf(HUNTER_LANGUAGES)}` })
    @ArrayNotEmpty({ message: HUNTER_MESSAGES.languages })
    @IsArray({ message: HUNTER_MESSAGES.languages })
    languages?: string[];

    @checked()
    @Max(HUNTER_LIMITS.maxYears, { message: 'Years of experience must be from 0 to 60' })
    @Min(HUNTER_LIMITS.minYears, { message: 'Years of experience must be from 0 to 60' })
    @IsInt({ message: HUNTER_MESSAGES.yearsExperience })
    yearsExperience?: number;

    @Transform(trimmedOrNull)
    @optional()
    @OptionalLink('Instagram', HUNTER_LIMITS.url)
    instagramUrl?: string | null;

    @optional()
    @IsIn(HUNTER_AVAILABILITY_STATUSES, { message: `Availability status ${oneOf(HUNTER_AVAILABILITY_STATUSES)}` })
    availabilityStatus?: HunterAvailabilityStatus;

    @checked()
    @ValidSessionTypes()
    sessionTypes?: SessionTypes;

    // A `data:image/...` upload (its bytes are checked when stored), the URL the profile already has, the
    // user's avatar (pre-filled by the form), a demo portrait, or null for none.
    @Transform(trimmedOrNull)
    @optional()
    @ProfilePhoto()
    profileImageUrl?: string | null;

    /** Accepted for the spec's form, which sends it, and ignored: the lowest enabled session price is stored. */
    @Allow()
    pricePerSession?: unknown;
  }
  return HunterFields;
}

/** `POST /api/hunters`'s body. */
export class HunterInputDto extends hunterFields(false) {}

/** `PATCH /api/hunters/{id}`'s body: any of the fields. */
export class HunterUpdateDto extends hunterFields(true) {}

/** The values a hunter sets, as stored (pricePerSession computed). */
export type HunterValues = Required<Omit<HunterInput, 'pricePerSession'>> & { pricePerSession: number };
export type HunterChanges = Partial<HunterValues>;

/** A new profile's values: the input with the spec's defaults and the computed price. */
export function newHunterValues(input: HunterInputDto): HunterValues {
  const sessionTypes = input.sessionTypes!;
  return {
    name: input.name!,
    bio: input.bio ?? '',
    location: input.location as HunterValues['location'],
    specialties: input.specialties as HunterValues['specialties'],
    adviceTypes: input.adviceTypes as HunterValues['adviceTypes'],
    languages: input.languages as HunterValues['languages'],
    yearsExperience: input.yearsExperience!,
    instagramUrl: input.instagramUrl ?? null,
    availabilityStatus: input.availabilityStatus ?? 'Available',
    sessionTypes,
    profileImageUrl: input.profileImageUrl ?? null,
    pricePerSession: pricePerSessionOf(sessionTypes),
  };
}

/** An edit's changes: the fields sent (pricePerSession ignored, recomputed when the session types change). */
export function hunterChangesOf(update: HunterUpdateDto): HunterChanges {
  const { pricePerSession: _ignored, ...sent } = update as HunterUpdateDto & HunterUpdate;
  const changes = Object.fromEntries(Object.entries(sent).filter(([, value]) => value !== undefined)) as HunterChanges;
  if (changes.sessionTypes) changes.pricePerSession = pricePerSessionOf(changes.sessionTypes);
  return changes;
}
