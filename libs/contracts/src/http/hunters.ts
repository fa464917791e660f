/**
 * HTTP shapes of the hunters service (owner of /api/hunters, /api/hunter-profile and /api/hunter-availability),
 * shared with the web app, whose forms offer the same lists and limits the server enforces. Lists and texts are
 * the spec's (hunter-marketplace.md, sections 3 and 5).
 */
// validator's CommonJS module: the namespace's `default` is the function under Node, the web bundler and both
// TypeScript resolutions (the same URL check class-validator's isURL made).
import * as isURLModule from 'validator/lib/isURL.js';
import { z } from 'zod';
import { dayNumberOf, londonDateOf } from '../time/london-clock.js';
import { BRAND_COUNTRIES } from './brands.js';
import { listFilterOneOf, listSearch, listWholeNumber } from './list-filters.js';
import { oneLineText } from './text-rules.js';

export const HUNTER_SPECIALTIES = [
  'Luxury Fashion',
  'Fine Jewelry',
  'Designer Handbags',
  'Premium Beauty',
  'Haute Couture',
  'Vintage Luxury',
  'Sustainable Fashion',
  'Street Style',
  'Formal Wear',
  'Casual Luxury',
  'Accessories',
  'Footwear',
] as const;
export type HunterSpecialty = (typeof HUNTER_SPECIALTIES)[number];

export const HUNTER_LANGUAGES = ['English', 'French', 'Italian', 'Spanish', 'German', 'Swedish', 'Danish', 'Greek'] as const;
export type HunterLanguage = (typeof HUNTER_LANGUAGES)[number];
export const DEFAULT_HUNTER_LANGUAGE: HunterLanguage = 'English';

/** Where a hunter is based: the directory's seven countries. */
export const HUNTER_LOCATIONS = BRAND_COUNTRIES;
export type HunterLocation = (typeof HUNTER_LOCATIONS)[number];

/**
 * The services a hunter offers (stored as `adviceTypes`): the union of the spec's two lists (the listing filter's
 * and the dashboard form's), so every service a hunter can pick can also be filtered on.
 */
export const HUNTER_SERVICES = [
  'Personal Shopping',
  'Wardrobe Audit',
  'Style Consultation',
  'Event Styling',
  'Closet Organization',
  'Color Analysis',
  'Trend Forecasting',
  'Sustainable Fashion',
  'Interior Design',
  'Event Planning',
  'Trip Planning',
  'Hotel Planning',
  'Virtual Consultation',
  'In-Person Session',
  'Shopping Trip',
  'Special Event Styling',
  'Seasonal Updates',
] as const;
export type HunterService = (typeof HUNTER_SERVICES)[number];

export const HUNTER_AVAILABILITY_STATUSES = ['Available', 'Busy', 'Unavailable'] as const;
export type HunterAvailabilityStatus = (typeof HUNTER_AVAILABILITY_STATUSES)[number];

/** The four session types, in the spec's order. */
export const SESSION_TYPES = ['whatsappVoice', 'whatsappVideo', 'inPerson', 'askQuestion'] as const;
export type SessionTypeKey = (typeof SESSION_TYPES)[number];

export interface SessionTypeSettings {
  enabled: boolean;
  /** Whole pounds; 0 is a free session. */
  price: number;
  /** Minutes. */
  duration: number;
}
export type SessionTypes = Record<SessionTypeKey, SessionTypeSettings>;

export const SESSION_TYPE_LABELS: Record<SessionTypeKey, string> = {
  whatsappVoice: 'WhatsApp Voice Message',
  whatsappVideo: 'WhatsApp Video Call',
  inPerson: 'In-Person Consultation',
  askQuestion: 'Ask Me a Question',
};

export const DEFAULT_SESSION_TYPES: SessionTypes = {
  whatsappVoice: { enabled: true, price: 50, duration: 30 },
  whatsappVideo: { enabled: true, price: 80, duration: 60 },
  inPerson: { enabled: false, price: 150, duration: 90 },
  askQuestion: { enabled: true, price: 25, duration: 15 },
};

/** The 12 bookable hours, each label the hour starting then (London time). */
export const AVAILABILITY_SLOTS = [
  '09:00',
  '10:00',
  '11:00',
  '12:00',
  '13:00',
  '14:00',
  '15:00',
  '16:00',
  '17:00',
  '18:00',
  '19:00',
  '20:00',
] as const;
export type AvailabilitySlot = (typeof AVAILABILITY_SLOTS)[number];

/** The week of `GET`/`PUT /api/hunter-availability/weekly`, Monday first (a date's weekday in London). */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
/** Weekly hours: each weekday's offered slots; an empty list is a day off. */
export type WeeklyHours = Record<Weekday, AvailabilitySlot[]>;

/** Limits of the availability routes (days counted inclusive of both ends). */
export const AVAILABILITY_LIMITS = {
  /** `GET /api/hunter-availability` reads at most this many days. */
  maxReadDays: 62,
  /** `POST /api/hunter-availability/range` sets at most this many days. */
  maxRangeDays: 92,
  /** A date may be set at most this many days after today (London). */
  maxDaysAhead: 365,
} as const;

/**
 * One date's effective availability: its own record (`source: 'date'`) when it has one, else its weekday's hours
 * (`'weekly'`). `isAvailable` is true exactly when `timeSlots` is not empty.
 */
export interface AvailabilityDay {
  date: string;
  timeSlots: AvailabilitySlot[];
  isAvailable: boolean;
  source: 'date' | 'weekly';
}

/** `POST /api/hunter-availability`: a date's own record (an empty list is a day off). */
export interface AvailabilityInput {
  date: string;
  timeSlots: AvailabilitySlot[];
  /** Optional; when sent it must be true exactly when timeSlots is not empty. */
  isAvailable?: boolean;
}

/** `POST /api/hunter-availability/range`: the same slots on every date from startDate to endDate ('Block dates': []). */
export interface AvailabilityRangeInput {
  startDate: string;
  endDate: string;
  timeSlots: AvailabilitySlot[];
}

/** Price bands of the listing filter, on pricePerSession: [min, max) in whole pounds, max null = no bound. */
export const PRICE_BANDS = ['20-40', '40-60', '60-100', '100+'] as const;
export type PriceBand = (typeof PRICE_BANDS)[number];
export const PRICE_BAND_RANGES: Record<PriceBand, { min: number; max: number | null; label: string }> = {
  '20-40': { min: 20, max: 40, label: '£20-£40' },
  '40-60': { min: 40, max: 60, label: '£40-£60' },
  '60-100': { min: 60, max: 100, label: '£60-£100' },
  '100+': { min: 100, max: null, label: '£100+' },
};

/** The listing's sorts; 'rating' ('Our top picks') is the default. */
export const HUNTER_SORTS = ['rating', 'price-low', 'price-high', 'experience', 'sessions'] as const;
export type HunterSort = (typeof HUNTER_SORTS)[number];
export const HUNTER_SORT_LABELS: Record<HunterSort, string> = {
  rating: 'Our top picks',
  'price-low': 'Price: low to high',
  'price-high': 'Price: high to low',
  experience: 'Most experienced',
  sessions: 'Most sessions',
};
export const DEFAULT_HUNTER_SORT: HunterSort = 'rating';

/** Limits the form and the server share. */
export const HUNTER_LIMITS = {
  name: 255,
  bio: 2000,
  url: 500,
  minYears: 0,
  maxYears: 60,
  /** A paid session costs 2–5,000 whole pounds; 0 is free. */
  minPaidPrice: 2,
  maxPrice: 5000,
  minDuration: 15,
  maxDuration: 240,
  /** Bytes of an uploaded photo (the spec's 5 MB: 5 * 1024 * 1024). */
  photoBytes: 5 * 1024 * 1024,
} as const;

/** The spec's form messages. */
export const HUNTER_MESSAGES = {
  specialties: 'Select at least one specialty',
  adviceTypes: 'Select at least one advice type',
  languages: 'Select at least one language',
  price: 'Session price is required',
  yearsExperience: 'Years of experience is required',
  notFound: 'Hunter not found',
} as const;

/**
 * A hunter as the public reads answer it (`GET /api/hunters`, `GET /api/hunters/{id}`): whose account it is stays
 * private (messaging takes the hunter's id as a receiver, bookings and messaging copy the owner from events).
 */
export interface Hunter {
  id: number;
  name: string;
  profileImageUrl: string | null;
  bio: string;
  specialties: string[];
  /** The lowest price among the enabled session types (computed, never set). */
  pricePerSession: number;
  location: string;
  availabilityStatus: HunterAvailabilityStatus;
  rating: number;
  reviewCount: number;
  totalSessions: number;
  /** Shown as "Services". */
  adviceTypes: string[];
  languages: string[];
  yearsExperience: number;
  featured: boolean;
  sessionTypes: SessionTypes;
  instagramUrl: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The caller's own profile (`GET /api/hunter-profile`, and what `POST`/`PATCH /api/hunters` answer): with its owner. */
export interface OwnHunter extends Hunter {
  userId: string;
}

/** `POST /api/hunters`: what a hunter sets (id, userId, rating, reviewCount, totalSessions and featured are refused). */
export interface HunterInput {
  name: string;
  bio?: string;
  location: HunterLocation;
  specialties: HunterSpecialty[];
  adviceTypes: HunterService[];
  languages: HunterLanguage[];
  yearsExperience: number;
  instagramUrl?: string | null;
  availabilityStatus?: HunterAvailabilityStatus;
  sessionTypes: SessionTypes;
  profileImageUrl?: string | null;
  /** Ignored: the server computes it from the session types. */
  pricePerSession?: number;
}

/** `PATCH /api/hunters/{id}`: any of the input's fields. */
export type HunterUpdate = Partial<HunterInput>;

/** The marketplace's paging bounds: a page of at most 100 hunters, at most 10,000 in (the platform's list caps). */
export const HUNTER_LIST_PAGING = { maxLimit: 100, maxOffset: 10_000 } as const;

/**
 * `GET /api/hunters`'s query as read (search, price, location, specialty, service, sort, limit, offset); each
 * absent when not given or 'all'/blank; unknown parameters are ignored. The service fills the defaults.
 */
export const hunterListQuerySchema = z.object({
  price: listFilterOneOf('price', PRICE_BANDS),
  location: listFilterOneOf('location', HUNTER_LOCATIONS),
  specialty: listFilterOneOf('specialty', HUNTER_SPECIALTIES),
  service: listFilterOneOf('service', HUNTER_SERVICES),
  search: listSearch(),
  sort: listFilterOneOf('sort', HUNTER_SORTS),
  limit: listWholeNumber('limit', 1, HUNTER_LIST_PAGING.maxLimit),
  offset: listWholeNumber('offset', 0, HUNTER_LIST_PAGING.maxOffset),
});
export type HunterListQueryParsed = z.output<typeof hunterListQuerySchema>;

/** `GET /api/hunters` query; 'all' or blank is no filter. */
export interface HunterListQuery {
  search?: string;
  price?: PriceBand | 'all';
  location?: HunterLocation | 'all';
  specialty?: HunterSpecialty | 'all';
  service?: HunterService | 'all';
  sort?: HunterSort;
  limit?: number;
  offset?: number;
}

// ---------------------------------------------------------------------------------------------------------------
// Input schemas: what the hunters service reads (`@ValidBody`/`@ValidQuery`) and the web form checks first.
// ---------------------------------------------------------------------------------------------------------------

const oneOf = (list: readonly string[]) => `must be one of: ${list.join(', ')}`;
const trimmedText = (value: unknown) => (typeof value === 'string' ? value.trim() : value);
/** Optional text: blank means none. */
const trimmedOrNull = (value: unknown) => (typeof value === 'string' ? value.trim() || null : value);

/** Why a session-type map is refused, or null when it is fine. */
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
    if (typeof type !== 'object' || type === null || Array.isArray(type))
      return `Session type ${key} must be an object`;
    const { enabled: on, price, duration, ...rest } = type as Record<string, unknown>;
    if (Object.keys(rest).length) return `Session type ${key} may set only enabled, price and duration`;
    if (typeof on !== 'boolean') return `Session type ${key}: enabled must be true or false`;
    const whole = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n);
    if (!on) {
      // A disabled type keeps the numbers the form shows; they must still be whole and in range.
      if (!whole(price) || price < 0 || price > HUNTER_LIMITS.maxPrice)
        return `Session type ${key}: price must be a whole number of pounds`;
      if (!whole(duration) || duration < 0 || duration > HUNTER_LIMITS.maxDuration)
        return `Session type ${key}: duration must be a whole number of minutes`;
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

/**
 * A list picked from `list`, duplicates dropped (order kept); `required` when missing, not a list or empty, `each`
 * when an entry is not on the list. The field's message names the field, never one entry.
 */
function pickedFrom<T extends string>(list: readonly T[], required: string, each: string) {
  return z
    .array(z.unknown(), { error: required })
    .min(1, { error: required })
    .refine((picked) => picked.every((entry) => (list as readonly unknown[]).includes(entry)), { error: each })
    .transform((picked) => [...new Set(picked)] as T[]);
}

const LINK_OPTIONS = { protocols: ['http', 'https'], require_protocol: true };
const isURL = isURLModule.default as unknown as (value: string, options: typeof LINK_OPTIONS) => boolean;

/** An optional http(s) link within the length limit; null or blank is none; trimmed. */
function optionalLink(label: string, max: number) {
  return z.preprocess(
    trimmedOrNull,
    z.custom<string | null>(
      (value) => value === null || (typeof value === 'string' && value.length <= max && isURL(value, LINK_OPTIONS)),
      {
        error: ({ input }) =>
          typeof input === 'string' && input.length > max
            ? `${label} must be at most ${max} characters`
            : `${label} must be a link starting with http:// or https://`,
      },
    ),
  );
}

/**
 * Site paths a profile photo may name: one of the hunters service's photos (the profile's own only, which the
 * service checks where the profile is read), an avatar identity serves, or a demo hunter's portrait (served by the
 * web app), which the profile form sends back unchanged once someone has become that hunter. Links to other sites
 * are refused: a photo shown to every visitor of the listing would let its host follow who looks at it.
 */
const SITE_PHOTO =
  /^(\/api\/(media\/hunter-photos|auth\/avatars)\/[\w.-]{1,200}|\/demo-hunters\/[a-z0-9-]{1,100}\.svg)$/;
export const PHOTO_MESSAGE = 'Profile photo must be an uploaded image or none (links to other sites are not accepted)';

/** A `data:image/...` upload (its bytes are checked when stored), one of the site's photo paths, or null (blank) for none. */
const profilePhoto = z.preprocess(
  trimmedOrNull,
  z.custom<string | null>(
    (value) => value === null || (typeof value === 'string' && (value.startsWith('data:') || SITE_PHOTO.test(value))),
    { error: PHOTO_MESSAGE },
  ),
);

const sessionTypesRule = z.unknown().superRefine((value, ctx) => {
  const error = sessionTypesError(value);
  if (error !== null) ctx.addIssue({ code: 'custom', message: error });
}) as unknown as z.ZodType<SessionTypes, unknown>;

/** The profile's fields; each field's basic check (required, a list, a whole number) reports before finer ones. */
const hunterFields = {
  name: z.preprocess(
    trimmedText,
    oneLineText(
      z
        .string({ error: 'Name is required' })
        .min(1, { error: 'Name is required' })
        .max(HUNTER_LIMITS.name, { error: `Name must be at most ${HUNTER_LIMITS.name} characters` }),
      'Name may not contain control characters (such as line breaks)',
    ),
  ),
  location: z.enum(HUNTER_LOCATIONS, { error: `Location ${oneOf(HUNTER_LOCATIONS)}` }),
  specialties: pickedFrom(
    HUNTER_SPECIALTIES,
    HUNTER_MESSAGES.specialties,
    `Each specialty ${oneOf(HUNTER_SPECIALTIES)}`,
  ),
  adviceTypes: pickedFrom(HUNTER_SERVICES, HUNTER_MESSAGES.adviceTypes, `Each service ${oneOf(HUNTER_SERVICES)}`),
  languages: pickedFrom(HUNTER_LANGUAGES, HUNTER_MESSAGES.languages, `Each language ${oneOf(HUNTER_LANGUAGES)}`),
  yearsExperience: z
    .number({ error: HUNTER_MESSAGES.yearsExperience })
    .refine(Number.isInteger, { error: HUNTER_MESSAGES.yearsExperience })
    .refine((years) => years >= HUNTER_LIMITS.minYears && years <= HUNTER_LIMITS.maxYears, {
      error: `Years of experience must be from ${HUNTER_LIMITS.minYears} to ${HUNTER_LIMITS.maxYears}`,
    }),
  sessionTypes: sessionTypesRule,
};

/** Fields optional on creation too: checked only when sent. */
const hunterOptionalFields = {
  /** null is an empty bio. */
  bio: z
    .preprocess(
      (value) => (value === null ? '' : trimmedText(value)),
      z.string({ error: 'Bio must be text' }).max(HUNTER_LIMITS.bio, { error: 'Bio must be at most 2,000 characters' }),
    )
    .optional(),
  instagramUrl: optionalLink('Instagram', HUNTER_LIMITS.url).optional(),
  availabilityStatus: z
    .enum(HUNTER_AVAILABILITY_STATUSES, { error: `Availability status ${oneOf(HUNTER_AVAILABILITY_STATUSES)}` })
    .optional(),
  profileImageUrl: profilePhoto.optional(),
  /** Accepted for the spec's form, which sends it, and ignored: the server stores the lowest enabled price. */
  pricePerSession: z.unknown().optional(),
};

/**
 * `POST /api/hunters`: id, userId, rating, reviewCount, totalSessions and featured are not fields, so they are
 * refused (400 'property … should not exist'); pricePerSession is accepted and ignored.
 */
export const hunterInputSchema = z.strictObject({ ...hunterFields, ...hunterOptionalFields });
/** `PATCH /api/hunters/{id}`: any of the fields; a field sent is checked as on creation, one left out keeps its value. */
export const hunterUpdateSchema = z.strictObject({
  ...Object.fromEntries(Object.entries(hunterFields).map(([key, rule]) => [key, rule.optional()])),
  ...hunterOptionalFields,
} as { [K in keyof typeof hunterFields]: z.ZodOptional<(typeof hunterFields)[K]> } & typeof hunterOptionalFields);
export type HunterInputParsed = z.output<typeof hunterInputSchema>;
export type HunterUpdateParsed = z.output<typeof hunterUpdateSchema>;

// Availability: dates are London calendar dates ('YYYY-MM-DD'), compared with today in London at parse time.

const SLOT_SET: ReadonlySet<string> = new Set(AVAILABILITY_SLOTS);
/** More labels than this in one list is refused outright (12 distinct exist; duplicates are dropped). */
const MAX_LABELS_SENT = 100;

/** Labels de-duplicated and sorted as the day runs ('HH:MM' sorts as text). */
export function normalizedSlots(slots: readonly AvailabilitySlot[]): AvailabilitySlot[] {
  return [...new Set(slots)].sort();
}

/** Listed labels only, de-duplicated and in the day's order; `missing` when the field is absent. */
function slotList(field: string, missing = `${field} must be a list of time slots (an empty list is a day off)`) {
  return z
    .array(z.unknown(), {
      error: ({ input }) =>
        input === undefined ? missing : `${field} must be a list of time slots (an empty list is a day off)`,
    })
    .max(MAX_LABELS_SENT, { error: `${field} must have at most ${MAX_LABELS_SENT} entries`, abort: true })
    .refine((labels) => labels.every((label) => typeof label === 'string' && SLOT_SET.has(label)), {
      error: `Each of ${field} must be one of: ${AVAILABILITY_SLOTS.join(', ')}`,
    })
    .transform((labels) => normalizedSlots(labels as AvailabilitySlot[]));
}

const isSlotList = (value: unknown) =>
  Array.isArray(value) &&
  value.length <= MAX_LABELS_SENT &&
  value.every((label) => typeof label === 'string' && SLOT_SET.has(label));

type DateErrors = Record<string, string>;

/** A date's day number, or an error on `field`; with `today`, "not past, at most 365 days ahead" (London). */
function checkDate(value: unknown, field: string, errors: DateErrors, today: string | null): number | undefined {
  if (typeof value !== 'string' || value === '') {
    errors[field] = `${field} is required, as YYYY-MM-DD`;
    return undefined;
  }
  const day = dayNumberOf(value);
  if (day === null) {
    errors[field] = `${field} must be a real date as YYYY-MM-DD`;
    return undefined;
  }
  if (today !== null) {
    const todayNumber = dayNumberOf(today)!;
    if (day < todayNumber) errors[field] = `${field} must not be in the past (today is ${today} in London)`;
    else if (day > todayNumber + AVAILABILITY_LIMITS.maxDaysAhead) {
      errors[field] = `${field} must be at most ${AVAILABILITY_LIMITS.maxDaysAhead} days ahead`;
    }
  }
  return day;
}

function checkRange(start: unknown, end: unknown, maxDays: number, today: string | null, errors: DateErrors): void {
  const first = checkDate(start, 'startDate', errors, today);
  const last = checkDate(end, 'endDate', errors, today);
  if (first === undefined || last === undefined) return;
  if (last < first) errors.endDate = 'endDate must not be before startDate';
  else if (last - first + 1 > maxDays) errors.endDate = `The range must be at most ${maxDays} days`;
}

const todayInLondon = () => londonDateOf(Date.now());

/** A date field checked at parse time (its message names `field`); `settable`: not past, within a year (London). */
function dateOf(field: string, settable: boolean) {
  return z.unknown().superRefine((value, ctx) => {
    const errors: DateErrors = {};
    checkDate(value, field, errors, settable ? todayInLondon() : null);
    if (errors[field]) ctx.addIssue({ code: 'custom', message: errors[field] });
  }) as unknown as z.ZodType<string, unknown>;
}

/** A range's dates, checked together as the old rules did (an order or length error replaces a date's own). */
function rangeOf<Shape extends z.ZodRawShape>(shape: Shape, maxDays: number, settable: boolean) {
  return z
    .object({
      ...shape,
      startDate: z.unknown().optional() as z.ZodType<string, unknown>,
      endDate: z.unknown().optional() as z.ZodType<string, unknown>,
    })
    .superRefine(
      (value, ctx) => {
        const record = value as Record<string, unknown>;
        const errors: DateErrors = {};
        checkRange(record.startDate, record.endDate, maxDays, settable ? todayInLondon() : null, errors);
        for (const [field, message] of Object.entries(errors)) ctx.addIssue({ code: 'custom', path: [field], message });
      },
      { when: () => true },
    );
}

/**
 * A body with only `keys` (an unknown field is refused on its own, before any field is checked), then `schema`.
 */
function onlyFields<Schema extends z.ZodType<unknown, Record<string, unknown>>>(
  keys: readonly string[],
  schema: Schema,
) {
  return z
    .record(z.string(), z.unknown(), { error: 'The body must be a JSON object' })
    .superRefine((body, ctx) => {
      for (const key of Object.keys(body)) {
        if (!keys.includes(key))
          ctx.addIssue({ code: 'custom', path: [key], message: `property ${key} should not exist` });
      }
    })
    .pipe(schema);
}

/** `POST /api/hunter-availability`: {date, timeSlots, isAvailable?}; isAvailable, when sent, must match the slots. */
export const availabilityInputSchema = onlyFields(
  ['date', 'timeSlots', 'isAvailable'],
  z
    .object({
      date: dateOf('date', true),
      timeSlots: slotList('timeSlots'),
      isAvailable: z.boolean({ error: 'isAvailable must be true or false' }).optional(),
    })
    .superRefine(
      (value, ctx) => {
        const { timeSlots, isAvailable } = value as { timeSlots: unknown; isAvailable: unknown };
        if (
          typeof isAvailable === 'boolean' &&
          isSlotList(timeSlots) &&
          isAvailable !== (timeSlots as unknown[]).length > 0
        ) {
          ctx.addIssue({
            code: 'custom',
            path: ['isAvailable'],
            message: 'isAvailable must be true exactly when timeSlots is not empty (an empty list is a day off)',
          });
        }
      },
      { when: () => true },
    )
    .transform(({ date, timeSlots }) => ({ date, timeSlots, isAvailable: timeSlots.length > 0 })),
);

/** `POST /api/hunter-availability/range`: every date settable, endDate not before startDate, at most 92 days. */
export const availabilityRangeInputSchema = onlyFields(
  ['startDate', 'endDate', 'timeSlots'],
  rangeOf({ timeSlots: slotList('timeSlots') }, AVAILABILITY_LIMITS.maxRangeDays, true),
);

/** `GET /api/hunter-availability?startDate&endDate`: any real dates, at most 62 days; other parameters are ignored. */
export const availabilityReadQuerySchema = rangeOf({}, AVAILABILITY_LIMITS.maxReadDays, false).transform(
  ({ startDate, endDate }) => ({ startDate, endDate }),
);

/** `DELETE /api/hunter-availability/{date}`'s path: a settable date. */
export const availabilityDateParamSchema = z.object({ date: dateOf('date', true) });

/** `PUT /api/hunter-availability/weekly`: all seven weekdays, each a list of labels. */
export const weeklyHoursSchema = onlyFields(
  WEEKDAYS,
  z.object(
    Object.fromEntries(
      WEEKDAYS.map((day) => [day, slotList(day, `${day} is required (an empty list is a day off)`)]),
    ) as Record<Weekday, ReturnType<typeof slotList>>,
  ),
);
