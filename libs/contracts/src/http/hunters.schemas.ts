import { z } from 'zod';
import { dateIn, dayNumberOf, isTimeZone, placeOfZone } from '../time/clock.js';
import { CURRENCIES } from '../money/currencies.js';
import {
  AVAILABILITY_LIMITS,
  AVAILABILITY_SLOTS,
  HUNTER_AVAILABILITY_STATUSES,
  HUNTER_LANGUAGES,
  HUNTER_LIMITS,
  HUNTER_LIST_PAGING,
  HUNTER_LOCATIONS,
  HUNTER_MESSAGES,
  HUNTER_REASON_MAX,
  HUNTER_STATUSES,
  HUNTER_SERVICES,
  E164_PATTERN,
  JOINING_LIMITS,
  JOINING_MESSAGES,
  HUNTER_SORTS,
  HUNTER_SPECIALTIES,
  PHOTO_MESSAGE,
  PRICE_BANDS,
  VETTING_MESSAGES,
  WEEKDAYS,
  normalizedSlots,
  sessionTypesError,
  type AvailabilitySlot,
  type JoiningDetails,
  type SessionTypes,
  type Weekday,
} from './hunters.js';
import { hunterKnownBrandFilters } from './hunter-edits.schemas.js';
import { isHttpLink, trimmed, trimmedOrNull } from './input-rules.js';
import { listFilterOneOf, listSearch, listWholeNumber } from './list-filters.js';
import { hasControlCharacters, oneLineText } from './text-rules.js';

/**
 * The hunters API's request schemas (read by hunters' SchemaPipe, checked first by the profile form). Apart from
 * `hunters.ts` so that a page which only needs the types and limits brings neither zod nor validator into its
 * bundle (the package is side-effect free, so an unused schema module is dropped).
 */

/**
 * `GET /api/hunters`'s query as read (search, price, location, specialty, service, sort, limit, offset); each
 * absent when not given or 'all'/blank; unknown parameters are ignored. The service fills the defaults.
 */
export const hunterListQuerySchema = z.object({
  price: listFilterOneOf('price', PRICE_BANDS),
  location: listFilterOneOf('location', HUNTER_LOCATIONS),
  specialty: listFilterOneOf('specialty', HUNTER_SPECIALTIES),
  service: listFilterOneOf('service', HUNTER_SERVICES),
  language: listFilterOneOf('language', HUNTER_LANGUAGES),
  search: listSearch(),
  sort: listFilterOneOf('sort', HUNTER_SORTS),
  limit: listWholeNumber('limit', 1, HUNTER_LIST_PAGING.maxLimit),
  offset: listWholeNumber('offset', 0, HUNTER_LIST_PAGING.maxOffset),
  ...hunterKnownBrandFilters,
});
export type HunterListQueryParsed = z.output<typeof hunterListQuerySchema>;

// ---------------------------------------------------------------------------------------------------------------
// Input schemas: what the hunters service reads (`@ValidBody`/`@ValidQuery`) and the web form checks first.
// ---------------------------------------------------------------------------------------------------------------

const oneOf = (list: readonly string[]) => `must be one of: ${list.join(', ')}`;

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

/** An optional http(s) link within the length limit; null or blank is none; trimmed. */
function optionalLink(label: string, max: number) {
  return z.preprocess(
    trimmedOrNull,
    z.custom<string | null>(
      (value) => value === null || (typeof value === 'string' && value.length <= max && isHttpLink(value)),
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
 * Site paths a profile photo may name, each photo id a UUID as both services store them: one of the hunters
 * service's photos (the profile's own only), an avatar identity serves (the caller's own only), or a demo hunter's
 * portrait (served by the web app), which the profile form sends back unchanged once someone has become that hunter;
 * the service checks whose each is where the profile is written. Links to other sites
 * are refused: a photo shown to every visitor of the listing would let its host follow who looks at it.
 */
const SITE_PHOTO =
  /^(\/api\/(media\/hunter-photos|auth\/avatars)\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\/demo-hunters\/[a-z0-9-]{1,100}\.svg)$/;

/** A `data:image/...` upload (its bytes are checked when stored), one of the site's photo paths, or null (blank) for none. */
const profilePhoto = z.preprocess(
  trimmedOrNull,
  z.custom<string | null>(
    (value) => value === null || (typeof value === 'string' && (value.startsWith('data:') || SITE_PHOTO.test(value))),
    { error: PHOTO_MESSAGE },
  ),
);

const sessionTypesRule = z.unknown().superRefine((value, ctx) => {
  // Prices are checked in the profile's currency by the service, which knows it on an edit too.
  const error = sessionTypesError(value, null);
  if (error !== null) ctx.addIssue({ code: 'custom', message: error });
}) as unknown as z.ZodType<SessionTypes, unknown>;

/** The profile's fields; each field's basic check (required, a list, a whole number) reports before finer ones. */
const hunterFields = {
  name: z.preprocess(
    trimmed,
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
      (value) => (value === null ? '' : trimmed(value)),
      z.string({ error: 'Bio must be text' }).max(HUNTER_LIMITS.bio, { error: 'Bio must be at most 2,000 characters' }),
    )
    .optional(),
  instagramUrl: optionalLink('Instagram', HUNTER_LIMITS.url).optional(),
  availabilityStatus: z
    .enum(HUNTER_AVAILABILITY_STATUSES, { error: `Availability status ${oneOf(HUNTER_AVAILABILITY_STATUSES)}` })
    .optional(),
  profileImageUrl: profilePhoto.optional(),
  /** An IANA zone; left out at creation, the service takes the location's. */
  timeZone: z.custom<string>(isTimeZone, { error: HUNTER_MESSAGES.unknownTimeZone }).optional(),
  currency: z.enum(CURRENCIES, { error: `Currency ${oneOf(CURRENCIES)}` }).optional(),
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

// Availability: dates are calendar dates ('YYYY-MM-DD') of the hunter's own zone. A date they set must not be past and
// at most a year ahead on that zone's clock, so the schemas that set dates are made for a hunter's "today"
// (`availabilityInputSchemaFor(hunterToday(zone, now))`): a hunter in Los Angeles may still set their own today at
// 23:30 there, when London is on the next day, and one in Athens may not set yesterday just after their midnight.

/** Today on a hunter's clock: the date, and the place the refusal names ("today is 2027-03-28 in Athens"). */
export interface HunterToday {
  date: string;
  place: string;
}

/** The hunter's today at `instant` in their zone. */
export function hunterToday(zone: string, instant: Date | number): HunterToday {
  return { date: dateIn(zone, instant), place: placeOfZone(zone) };
}

const SLOT_SET: ReadonlySet<string> = new Set(AVAILABILITY_SLOTS);
/** More labels than this in one list is refused outright (12 distinct exist; duplicates are dropped). */
const MAX_LABELS_SENT = 100;

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

/** A date's day number, or an error on `field`; with `today`, "not past, at most 365 days ahead" (the hunter's). */
function checkDate(value: unknown, field: string, errors: DateErrors, today: HunterToday | null): number | undefined {
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
    const todayNumber = dayNumberOf(today.date)!;
    if (day < todayNumber)
      errors[field] = `${field} must not be in the past (today is ${today.date} in ${today.place})`;
    else if (day > todayNumber + AVAILABILITY_LIMITS.maxDaysAhead) {
      errors[field] = `${field} must be at most ${AVAILABILITY_LIMITS.maxDaysAhead} days ahead`;
    }
  }
  return day;
}

function checkRange(
  start: unknown,
  end: unknown,
  maxDays: number,
  today: HunterToday | null,
  errors: DateErrors,
): void {
  const first = checkDate(start, 'startDate', errors, today);
  const last = checkDate(end, 'endDate', errors, today);
  if (first === undefined || last === undefined) return;
  if (last < first) errors.endDate = 'endDate must not be before startDate';
  else if (last - first + 1 > maxDays) errors.endDate = `The range must be at most ${maxDays} days`;
}

/** A date field (its message names `field`); with `today`, settable: not past, within a year of it. */
function dateOf(field: string, today: HunterToday | null) {
  return z.unknown().superRefine((value, ctx) => {
    const errors: DateErrors = {};
    checkDate(value, field, errors, today);
    if (errors[field]) ctx.addIssue({ code: 'custom', message: errors[field] });
  }) as unknown as z.ZodType<string, unknown>;
}

/** A range's dates, checked together as the old rules did (an order or length error replaces a date's own). */
function rangeOf<Shape extends z.ZodRawShape>(shape: Shape, maxDays: number, today: HunterToday | null) {
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
        checkRange(record.startDate, record.endDate, maxDays, today, errors);
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
export const availabilityInputSchemaFor = (today: HunterToday) =>
  onlyFields(
    ['date', 'timeSlots', 'isAvailable'],
    z
      .object({
        date: dateOf('date', today),
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
export type AvailabilityInputParsed = z.output<ReturnType<typeof availabilityInputSchemaFor>>;

/** `POST /api/hunter-availability/range`: every date settable, endDate not before startDate, at most 92 days. */
export const availabilityRangeInputSchemaFor = (today: HunterToday) =>
  onlyFields(
    ['startDate', 'endDate', 'timeSlots'],
    rangeOf({ timeSlots: slotList('timeSlots') }, AVAILABILITY_LIMITS.maxRangeDays, today),
  );
export type AvailabilityRangeInputParsed = z.output<ReturnType<typeof availabilityRangeInputSchemaFor>>;

/** `GET /api/hunter-availability?startDate&endDate`: any real dates, at most 62 days; other parameters are ignored. */
export const availabilityReadQuerySchema = rangeOf({}, AVAILABILITY_LIMITS.maxReadDays, null).transform(
  ({ startDate, endDate }) => ({ startDate, endDate }),
);

/** `DELETE /api/hunter-availability/{date}`'s path: a settable date. */
export const availabilityDateParamSchemaFor = (today: HunterToday) => z.object({ date: dateOf('date', today) });

/** `PUT /api/hunter-availability/weekly`: all seven weekdays, each a list of labels. */
export const weeklyHoursSchema = onlyFields(
  WEEKDAYS,
  z.object(
    Object.fromEntries(
      WEEKDAYS.map((day) => [day, slotList(day, `${day} is required (an empty list is a day off)`)]),
    ) as Record<Weekday, ReturnType<typeof slotList>>,
  ),
);

// ---------------------------------------------------------------------------------------------------------------
// Vetting (`/api/admin/hunters`, admins only).
// ---------------------------------------------------------------------------------------------------------------

/** `GET /api/admin/hunters` query: a status ('all' or none: every hunter), a search over name and bio, a page. */
export const adminHunterListQuerySchema = z.object({
  status: listFilterOneOf('status', HUNTER_STATUSES),
  revision: listFilterOneOf('revision', ['pending'] as const),
  search: listSearch(),
  limit: listWholeNumber('limit', 1, HUNTER_LIST_PAGING.maxLimit),
  offset: listWholeNumber('offset', 0, HUNTER_LIST_PAGING.maxOffset),
});
export type AdminHunterListQueryParsed = z.output<typeof adminHunterListQuerySchema>;

/** Body of a decision: `reason` trimmed, one paragraph of at most `HUNTER_REASON_MAX`; required to reject or suspend. */
const decisionReason = z.preprocess(
  trimmedOrNull,
  z
    .string()
    .max(HUNTER_REASON_MAX, { error: `The reason must be at most ${HUNTER_REASON_MAX} characters` })
    .nullable(),
);
export const hunterDecisionSchema = z.strictObject({ reason: decisionReason.optional() });
// An absent reason reads as none (null), so it gets the same message as a blank one rather than zod's type error.
export const hunterDecisionWithReasonSchema = z.strictObject({
  reason: z.preprocess(
    (value) => trimmedOrNull(value) ?? null,
    z
      .string({ error: VETTING_MESSAGES.reasonRequired })
      .max(HUNTER_REASON_MAX, { error: `The reason must be at most ${HUNTER_REASON_MAX} characters` }),
  ),
});
export type HunterDecisionParsed = z.output<typeof hunterDecisionSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Joining details (`PUT /api/hunter-profile/joining-details`, the hunter's own).
// ---------------------------------------------------------------------------------------------------------------

/** What people type around a number and the form strips before the E.164 check: spaces, dashes, brackets, dots. */
const PHONE_PUNCTUATION = /[\s\-().]/g;

/**
 * A WhatsApp number: null or blank is none; otherwise the punctuation stripped, it must be E.164 ('+447700900123'),
 * else JOINING_MESSAGES.phone (which the 400 gives under `whatsappVideo.phone`, say).
 */
const joiningPhone = z.preprocess(
  (value) => (typeof value === 'string' ? trimmedOrNull(value.replace(PHONE_PUNCTUATION, '')) : value),
  z.custom<string | null>((value) => value === null || (typeof value === 'string' && E164_PATTERN.test(value)), {
    error: JOINING_MESSAGES.phone,
  }),
);

/**
 * A meeting area or address: trimmed, blank is none, at most `max` characters. Line breaks (an address pasted from
 * several lines) become ', ': the text ends up on one line in the invite's LOCATION and the emails, so any other
 * control character is refused.
 */
function joiningPlace(max: number, message: string) {
  return z.preprocess(
    (value) => (typeof value === 'string' ? trimmedOrNull(value.replace(/\s*[\r\n]+\s*/g, ', ')) : value),
    z.custom<string | null>(
      (value) => value === null || (typeof value === 'string' && value.length <= max && !hasControlCharacters(value)),
      { error: message },
    ),
  );
}

/** A section of the body: absent reads as empty (the PUT is the whole set), anything but an object is refused. */
function joiningSection<Shape extends z.ZodRawShape>(shape: Shape, name: string) {
  return z.preprocess((value) => value ?? {}, z.strictObject(shape, { error: `${name} must be an object` }));
}

/**
 * `PUT /api/hunter-profile/joining-details`: the whole JoiningDetails (a section or field left out is none).
 * In person takes both an area and an address or neither; the missing one is named.
 */
export const joiningDetailsSchema = z
  .strictObject(
    {
      whatsappVoice: joiningSection({ phone: joiningPhone.optional() }, 'whatsappVoice'),
      whatsappVideo: joiningSection({ phone: joiningPhone.optional() }, 'whatsappVideo'),
      inPerson: joiningSection(
        {
          area: joiningPlace(JOINING_LIMITS.area, JOINING_MESSAGES.area).optional(),
          address: joiningPlace(JOINING_LIMITS.address, JOINING_MESSAGES.address).optional(),
        },
        'inPerson',
      ),
    },
    { error: 'The body must be a JSON object' },
  )
  .superRefine(({ inPerson }, ctx) => {
    const area = inPerson.area ?? null;
    const address = inPerson.address ?? null;
    if (area !== null && address === null) {
      ctx.addIssue({ code: 'custom', path: ['inPerson', 'address'], message: JOINING_MESSAGES.address });
    } else if (address !== null && area === null) {
      ctx.addIssue({ code: 'custom', path: ['inPerson', 'area'], message: JOINING_MESSAGES.area });
    }
  })
  .transform(({ whatsappVoice, whatsappVideo, inPerson }): JoiningDetails => ({
    whatsappVoice: { phone: whatsappVoice.phone ?? null },
    whatsappVideo: { phone: whatsappVideo.phone ?? null },
    inPerson: { area: inPerson.area ?? null, address: inPerson.address ?? null },
  }));

/** `POST /api/admin/hunters/{id}/feature`: {featured: true | false}. */
export const hunterFeatureSchema = z.strictObject(
  { featured: z.boolean({ error: 'featured must be true or false' }) },
  { error: 'The body must be a JSON object' },
);
