import {
  defaultCurrencyOf,
  priceRangeMessage,
  isCurrency,
  sessionPriceError,
  type Currency,
  DEFAULT_HUNTER_LANGUAGE,
  DEFAULT_SESSION_TYPES,
  HUNTER_LIMITS,
  HUNTER_MESSAGES,
  hunterInputSchema,
  hunterUpdateSchema,
  SESSION_TYPES,
  type Hunter,
  type HunterAvailabilityStatus,
  type HunterInput,
  type SessionTypeKey,
  type SessionTypes,
} from '@hunted/contracts';
import { viewerTimeZone } from '@/lib/time-zone';
import { isWebLink } from '@/lib/web-link';

/** One session type as its inputs hold it. */
export interface SessionTypeFormValues {
  enabled: boolean;
  price: string;
  duration: string;
}

/** What the hunter profile form edits: every field as its input holds it ('' for nothing entered or chosen). */
export interface HunterFormValues {
  /** An uploaded photo as inline data, a URL the profile or the user already has, or null for none. */
  profileImageUrl: string | null;
  name: string;
  location: string;
  /** The IANA zone the hunter's hours are read in. */
  timeZone: string;
  /** What the prices are in: '' until chosen (a new profile then takes its location's, defaultCurrencyOf). */
  currency: string;
  availabilityStatus: HunterAvailabilityStatus;
  yearsExperience: string;
  bio: string;
  instagramUrl: string;
  specialties: string[];
  adviceTypes: string[];
  languages: string[];
  sessionTypes: Record<SessionTypeKey, SessionTypeFormValues>;
}

/**
 * Creation asks for the numbers (the spec's 'required' messages); an edit turns an empty or invalid number into 0
 * (spec, section 5, "Hunter profile (editing)").
 */
export type HunterFormMode = 'create' | 'edit';

export type SessionNumberField = `sessionTypes.${SessionTypeKey}.${'price' | 'duration'}`;
/** The form's fields as the server names them in a 400's `errors`, plus one per session-type number. */
export type HunterFormField = Exclude<keyof HunterFormValues, 'sessionTypes'> | 'sessionTypes' | SessionNumberField;
export type HunterFormErrors = Partial<Record<HunterFormField, string>>;

export const sessionNumberField = (key: SessionTypeKey, part: 'price' | 'duration'): SessionNumberField =>
  `sessionTypes.${key}.${part}`;

/** The order fields appear in, so the first one in error can be focused. */
export const HUNTER_FORM_FIELDS: readonly HunterFormField[] = [
  'profileImageUrl',
  'name',
  'location',
  'timeZone',
  'currency',
  'availabilityStatus',
  'yearsExperience',
  'bio',
  'instagramUrl',
  'specialties',
  'adviceTypes',
  'languages',
  'sessionTypes',
  ...SESSION_TYPES.flatMap((key) => [sessionNumberField(key, 'price'), sessionNumberField(key, 'duration')]),
];

export const HUNTER_FORM_MESSAGES = {
  name: 'Name is required',
  location: 'Please select a location',
  years: `Years of experience must be from ${HUNTER_LIMITS.minYears} to ${HUNTER_LIMITS.maxYears}`,
  instagram: 'Instagram must be a link starting with http:// or https://',
  price: `Session price must be 0 (free) or a whole number from £${HUNTER_LIMITS.minPaidPrice} to £5,000`,
  duration: `Session duration must be a whole number from ${HUNTER_LIMITS.minDuration} to ${HUNTER_LIMITS.maxDuration} minutes`,
  noSessionType: 'Enable at least one session type',
} as const;

/**
 * A number input's text as a whole number, 0 when empty or not a number. A fraction drops its decimals, as the
 * spec's conversion to whole numbers does.
 */
export function wholeNumberOf(text: string): number {
  const number = Number.parseInt(text.trim(), 10);
  return Number.isFinite(number) ? number : 0;
}

/**
 * A new profile's form: the user's name and photo pre-filled, the spec's session types with their durations; the
 * prices start empty, the defaults (50, 80, 150, 25) shown only as placeholders, so the hunter sets their own.
 */
export function newHunterFormValues(user: {
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
}): HunterFormValues {
  return {
    profileImageUrl: user.profileImageUrl || null,
    name: [user.firstName, user.lastName].filter(Boolean).join(' '),
    location: '',
    // The browser's zone: where the hunter is as they fill the form in (they can pick another).
    timeZone: viewerTimeZone(),
    currency: '',
    availabilityStatus: 'Available',
    yearsExperience: '',
    bio: '',
    instagramUrl: '',
    specialties: [],
    adviceTypes: [],
    languages: [DEFAULT_HUNTER_LANGUAGE],
    sessionTypes: sessionTypeFormValuesOf(DEFAULT_SESSION_TYPES, { withPrices: false }),
  };
}

/** The Settings form of an existing profile. */
export function hunterFormValuesOf(hunter: Hunter): HunterFormValues {
  return {
    profileImageUrl: hunter.profileImageUrl,
    name: hunter.name,
    location: hunter.location,
    timeZone: hunter.timeZone,
    currency: hunter.currency,
    availabilityStatus: hunter.availabilityStatus,
    yearsExperience: String(hunter.yearsExperience),
    bio: hunter.bio,
    instagramUrl: hunter.instagramUrl ?? '',
    specialties: hunter.specialties,
    adviceTypes: hunter.adviceTypes,
    languages: hunter.languages.length > 0 ? hunter.languages : [DEFAULT_HUNTER_LANGUAGE],
    sessionTypes: sessionTypeFormValuesOf(hunter.sessionTypes, { withPrices: true }),
  };
}

function sessionTypeFormValuesOf(
  types: SessionTypes,
  { withPrices }: { withPrices: boolean },
): Record<SessionTypeKey, SessionTypeFormValues> {
  return Object.fromEntries(
    SESSION_TYPES.map((key) => [
      key,
      {
        enabled: types[key].enabled,
        price: withPrices ? String(types[key].price) : '',
        duration: String(types[key].duration),
      },
    ]),
  ) as Record<SessionTypeKey, SessionTypeFormValues>;
}

/** The languages after a click on one: added, or removed unless it is the last one selected (spec, section 5). */
export function toggledLanguages(languages: readonly string[], language: string): string[] {
  if (!languages.includes(language)) return [...languages, language];
  return languages.length > 1 ? languages.filter((chosen) => chosen !== language) : [...languages];
}

const isWholeNumberText = (text: string) => /^-?\d+$/.test(text.trim());
const isBlank = (text: string) => text.trim() === '';

/**
 * What is wrong with the form, field by field: the form's own messages for what a person types (a number left
 * empty, a location not picked), then the contracts' schema, the server's own rules, over what the form would send
 * (its messages are the server's). The server checks the same schema again.
 */
export function validateHunterForm(values: HunterFormValues, mode: HunterFormMode): HunterFormErrors {
  const errors = formErrorsOf(values, mode);
  const schema = mode === 'create' ? hunterInputSchema : hunterUpdateSchema;
  const checked = schema.safeParse(hunterInputOf(values, mode));
  for (const issue of checked.error?.issues ?? []) {
    const field = issue.path.map(String).join('.') as HunterFormField;
    if (HUNTER_FORM_FIELDS.includes(field) && errors[field] === undefined && !hasErrorWithin(errors, field)) {
      errors[field] = issue.message;
    }
  }
  return errors;
}

/** Whether a message already sits on one of the field's parts (sessionTypes.inPerson.price for sessionTypes). */
const hasErrorWithin = (errors: HunterFormErrors, field: string) =>
  Object.keys(errors).some((named) => named.startsWith(`${field}.`));

function formErrorsOf(values: HunterFormValues, mode: HunterFormMode): HunterFormErrors {
  const errors: HunterFormErrors = {};
  if (isBlank(values.name)) errors.name = HUNTER_FORM_MESSAGES.name;
  if (!values.location) errors.location = HUNTER_FORM_MESSAGES.location;

  if (mode === 'create' && isBlank(values.yearsExperience)) errors.yearsExperience = HUNTER_MESSAGES.yearsExperience;
  else if (!isInRange(wholeNumberOf(values.yearsExperience), HUNTER_LIMITS.minYears, HUNTER_LIMITS.maxYears)) {
    errors.yearsExperience = HUNTER_FORM_MESSAGES.years;
  }

  const instagram = values.instagramUrl.trim();
  if (instagram && (instagram.length > HUNTER_LIMITS.url || !isWebLink(instagram))) {
    errors.instagramUrl = HUNTER_FORM_MESSAGES.instagram;
  }
  if (values.specialties.length === 0) errors.specialties = HUNTER_MESSAGES.specialties;
  if (values.adviceTypes.length === 0) errors.adviceTypes = HUNTER_MESSAGES.adviceTypes;
  if (values.languages.length === 0) errors.languages = HUNTER_MESSAGES.languages;

  const enabled = SESSION_TYPES.filter((key) => values.sessionTypes[key].enabled);
  if (enabled.length === 0) errors.sessionTypes = HUNTER_FORM_MESSAGES.noSessionType;
  for (const key of enabled) {
    const { price, duration } = values.sessionTypes[key];
    if (mode === 'create' && isBlank(price)) errors[sessionNumberField(key, 'price')] = HUNTER_MESSAGES.price;
    else {
      const priceError = sessionPriceErrorOf(price, mode, formCurrencyOf(values));
      if (priceError !== null) errors[sessionNumberField(key, 'price')] = priceError;
    }
    if (!isSessionDuration(duration, mode)) errors[sessionNumberField(key, 'duration')] = HUNTER_FORM_MESSAGES.duration;
  }
  return errors;
}

const isInRange = (number: number, min: number, max: number) => number >= min && number <= max;

/** Creation takes the number as typed (a fraction is refused); an edit takes its whole part, 0 when invalid. */
function numberIn(text: string, mode: HunterFormMode): number | null {
  if (mode === 'create' && !isWholeNumberText(text)) return null;
  return wholeNumberOf(text);
}

/** The currency the form's prices are in: the one chosen, else the location's (pounds before a location). */
export function formCurrencyOf(values: Pick<HunterFormValues, 'currency' | 'location'>): Currency {
  return isCurrency(values.currency) ? values.currency : defaultCurrencyOf(values.location);
}

/** Why a typed price is refused in the currency (the server's messages: the range, or Stripe's minimum), or null. */
function sessionPriceErrorOf(text: string, mode: HunterFormMode, currency: Currency): string | null {
  const price = numberIn(text, mode);
  if (price === null || price < 0) return priceRangeMessage(currency);
  return sessionPriceError(price, currency);
}

function isSessionDuration(text: string, mode: HunterFormMode): boolean {
  const duration = numberIn(text, mode);
  return duration !== null && isInRange(duration, HUNTER_LIMITS.minDuration, HUNTER_LIMITS.maxDuration);
}

/**
 * What POST and PATCH send: numbers as whole numbers (0 when empty or invalid). A disabled type's empty price keeps
 * the spec's default, the example its placeholder showed. pricePerSession is the server's to compute, so it is
 * not sent.
 */
export function hunterInputOf(values: HunterFormValues, mode: HunterFormMode): HunterInput {
  const sessionTypes = Object.fromEntries(
    SESSION_TYPES.map((key) => {
      const { enabled, price, duration } = values.sessionTypes[key];
      const keptPrice = !enabled && isBlank(price) ? DEFAULT_SESSION_TYPES[key].price : wholeNumberOf(price);
      return [key, { enabled, price: keptPrice, duration: wholeNumberOf(duration) }];
    }),
  ) as SessionTypes;
  const input: HunterInput = {
    name: values.name.trim(),
    bio: values.bio.trim(),
    location: values.location as HunterInput['location'],
    ...(values.timeZone ? { timeZone: values.timeZone } : {}),
    specialties: values.specialties as HunterInput['specialties'],
    adviceTypes: values.adviceTypes as HunterInput['adviceTypes'],
    languages: values.languages as HunterInput['languages'],
    yearsExperience: wholeNumberOf(values.yearsExperience),
    instagramUrl: values.instagramUrl.trim() || null,
    sessionTypes,
    profileImageUrl: values.profileImageUrl,
  };
  // Sent once chosen, or on creation once a location gives a default (the server would take the same).
  if (isCurrency(values.currency)) input.currency = values.currency;
  else if (mode === 'create' && values.location) input.currency = defaultCurrencyOf(values.location);
  if (mode === 'edit') input.availabilityStatus = values.availabilityStatus;
  return input;
}
