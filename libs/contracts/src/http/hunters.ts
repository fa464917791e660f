/**
 * HTTP shapes of the hunters service (owner of /api/hunters, /api/hunter-profile and /api/hunter-availability),
 * shared with the web app, whose forms offer the same lists and limits the server enforces. Lists and texts are
 * the spec's (hunter-marketplace.md, sections 3 and 5).
 */
import { BRAND_COUNTRIES } from './brands.js';
import { CURRENCY_FACTS, formatWholePrice, minimumWholePrice, type Currency } from '../money/currencies.js';

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

export const HUNTER_LANGUAGES = [
  'English',
  'French',
  'Italian',
  'Spanish',
  'German',
  'Swedish',
  'Danish',
  'Greek',
] as const;
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
  /** Whole units of the hunter's `currency` (pounds, euros, kronor…); 0 is a free session. */
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
  /** A date may be set at most this many days after today (on the hunter's clock). */
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

/**
 * Price bands of the listing filter: [min, max) in whole pounds, max null = no bound. A hunter pricing in another
 * currency is placed by the reference rates (services/hunters config, `priceReferencePence`); prices are shown in
 * their own currency.
 */
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
  /** A paid session costs 2–5,000 whole pounds; 0 is free (other currencies: PRICE_LIMITS). */
  minPaidPrice: 2,
  maxPrice: 5000,
  minDuration: 15,
  maxDuration: 240,
  /** Bytes of an uploaded photo (the spec's 5 MB: 5 * 1024 * 1024). */
  photoBytes: 5 * 1024 * 1024,
} as const;

/**
 * Whole prices a paid session may have, per currency: never below Stripe's minimum charge (rounded up to a whole
 * unit), pounds from £2 as before (the platform fee's fixed part), and a top about as high as £5,000.
 */
export const PRICE_LIMITS: Record<Currency, { min: number; max: number }> = {
  GBP: { min: HUNTER_LIMITS.minPaidPrice, max: HUNTER_LIMITS.maxPrice },
  EUR: { min: Math.max(1, minimumWholePrice('EUR')), max: 5000 },
  CHF: { min: Math.max(1, minimumWholePrice('CHF')), max: 5000 },
  SEK: { min: minimumWholePrice('SEK'), max: 50000 },
  NOK: { min: minimumWholePrice('NOK'), max: 50000 },
  DKK: { min: minimumWholePrice('DKK'), max: 40000 },
  PLN: { min: minimumWholePrice('PLN'), max: 25000 },
};

/** Why an enabled type's price is refused in a currency, or null. */
export function sessionPriceError(price: number, currency: Currency): string | null {
  const { min, max } = PRICE_LIMITS[currency];
  if (price > 0 && price * 10 ** CURRENCY_FACTS[currency].exponent < CURRENCY_FACTS[currency].stripeMinimumMinor) {
    return `Session price must be 0 (free) or at least ${formatWholePrice(minimumWholePrice(currency), currency)}, the smallest charge Stripe takes in ${currency}`;
  }
  if (!Number.isInteger(price) || (price !== 0 && (price < min || price > max))) return priceRangeMessage(currency);
  return null;
}

/** 'Session price must be 0 (free) or a whole number from €1 to €5,000'. */
export function priceRangeMessage(currency: Currency): string {
  const { min, max } = PRICE_LIMITS[currency];
  return `Session price must be 0 (free) or a whole number from ${formatWholePrice(min, currency)} to ${formatWholePrice(max, currency)}`;
}

/** The spec's form messages. */
export const HUNTER_MESSAGES = {
  specialties: 'Select at least one specialty',
  adviceTypes: 'Select at least one advice type',
  languages: 'Select at least one language',
  price: 'Session price is required',
  yearsExperience: 'Years of experience is required',
  notFound: 'Hunter not found',
  unknownTimeZone: 'timeZone must be a time zone such as Europe/Paris',
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
  /** The lowest price among the enabled session types (computed, never set), in whole units of `currency`. */
  pricePerSession: number;
  /** What the hunter prices in and is paid in: every price of theirs is whole units of it. */
  currency: Currency;
  location: string;
  /**
   * The IANA zone the hunter lives by ('Europe/Madrid'): their weekly hours, dated hours and blocked dates are its
   * wall clock, and their slots are computed in it.
   */
  timeZone: string;
  availabilityStatus: HunterAvailabilityStatus;
  /** The average of the hunter's reviews; null while they have none (shown as 'New', never a default 5.0). */
  rating: number | null;
  reviewCount: number;
  totalSessions: number;
  /** Shown as "Services". */
  adviceTypes: string[];
  languages: string[];
  yearsExperience: number;
  featured: boolean;
  sessionTypes: SessionTypes;
  instagramUrl: string | null;
  /** True for an approved hunter: every hunter a public read answers is one (the card's 'Verified' mark). */
  verified: boolean;
  /**
   * Whether the hunter's paid session types can be booked: their payout account (bookings' Stripe Connect account)
   * has payouts enabled. False shows the paid types as `PAYOUT_MESSAGES.notTakingPaid`; free types stay bookable.
   */
  takesPaidBookings: boolean;
  createdAt: string;
  updatedAt: string;
}

/**
 * `GET /api/hunters/figures` (public, cached): how many hunters are listed (approved) and how many distinct
 * locations they are in. The recruitment page states these instead of a promise from a constant (issue 37:
 * a claim must be true), rounded down for display by `hunterFiguresClaim`.
 */
export interface HunterFigures {
  approvedHunters: number;
  countries: number;
}

/** A count as a claim may state it: exact under 10, else rounded down to a round figure with a '+' (47 → '40+'). */
export function roundedDownCount(n: number): string {
  if (n < 10) return String(n);
  const step = 10 ** Math.floor(Math.log10(n));
  const rounded = Math.floor(n / step) * step;
  return rounded === n ? rounded.toLocaleString('en-GB') : `${rounded.toLocaleString('en-GB')}+`;
}

/**
 * The recruitment page's sentence from real figures ('40+ hunters in 5 countries'); null with no hunter listed, so
 * the page says something that claims nothing.
 */
export function hunterFiguresClaim({ approvedHunters, countries }: HunterFigures): string | null {
  if (approvedHunters <= 0) return null;
  const hunters = `${roundedDownCount(approvedHunters)} ${approvedHunters === 1 ? 'hunter' : 'hunters'}`;
  return `${hunters} in ${roundedDownCount(countries)} ${countries === 1 ? 'country' : 'countries'}`;
}

/**
 * Where a hunter stands with the concierge team. `pending` on create (and again after a rejected profile is edited),
 * `approved` (listed, searchable, bookable, messageable), `rejected` (with a reason the hunter sees), `suspended`
 * (with a reason; hidden, upcoming bookings cancelled and refunded, conversations closed to new messages).
 */
export const HUNTER_STATUSES = ['pending', 'approved', 'rejected', 'suspended'] as const;
export type HunterStatus = (typeof HUNTER_STATUSES)[number];

/** What an admin decides on a hunter (`POST /api/admin/hunters/{id}/{decision}`), and what each leads to. */
export const HUNTER_DECISIONS = ['approve', 'reject', 'suspend', 'reinstate'] as const;
export type HunterDecisionKind = (typeof HUNTER_DECISIONS)[number];
export const HUNTER_DECISION_STATUS: Record<HunterDecisionKind, HunterStatus> = {
  approve: 'approved',
  reject: 'rejected',
  suspend: 'suspended',
  reinstate: 'approved',
};
/** The statuses a decision may be taken from (anything else is 409 `VETTING_MESSAGES.wrongStatus`). */
export const HUNTER_DECISION_FROM: Record<HunterDecisionKind, readonly HunterStatus[]> = {
  approve: ['pending', 'rejected'],
  reject: ['pending'],
  suspend: ['approved'],
  reinstate: ['suspended'],
};

/** Texts of the vetting screens and errors. */
export const VETTING_MESSAGES = {
  pending: 'Your profile is being reviewed — usually within 72 hours',
  rejected: 'Your profile was not approved',
  rejectedHint: 'Edit your profile to address this and it goes back to the review queue.',
  suspended: 'Your profile is suspended',
  reasonRequired: 'Give a reason the hunter can act on',
  ownProfile: 'You cannot decide on your own hunter profile',
  wrongStatus: 'This hunter is not in a state that allows that decision',
  notApproved: 'This hunter is not taking bookings',
  closedConversation: 'This conversation is closed',
  revisionPending: 'Your changes are waiting for review — your profile shows the approved version until then',
  revisionRejected: 'Your latest changes were not approved',
  revisionRejectedHint: 'Your profile still shows the approved version. Edit it again to send new changes for review.',
  revisionNotPending: 'This change was already decided or replaced by a newer one: reload the queue',
  revisionNotFound: 'Revision not found',
} as const;

/**
 * What an approved (or suspended) hunter changes only through vetting: the public claims a client trusts when they
 * pick someone (name, photo, bio, Instagram link, specialties). Such a change waits as a pending revision and the
 * public profile keeps the approved values until an admin approves it (decision 0089). Everything else (prices and
 * session types, whose names are the platform's SESSION_TYPE_LABELS, hours, availability, joining details) applies
 * at once.
 */
export const VETTED_HUNTER_FIELDS = ['name', 'profileImageUrl', 'bio', 'instagramUrl', 'specialties'] as const;
export type VettedHunterField = (typeof VETTED_HUNTER_FIELDS)[number];
/** Some of the vetted fields' values: what a revision proposes, or what was live beside it. */
export type HunterRevisionValues = Partial<Pick<Hunter, VettedHunterField>>;
export const VETTED_FIELD_LABELS: Record<VettedHunterField, string> = {
  name: 'Name',
  profileImageUrl: 'Photo',
  bio: 'Bio',
  instagramUrl: 'Instagram',
  specialties: 'Specialties',
};

/**
 * A revision's life: `pending` (one per hunter at most), then `approved` (applied), `rejected` (the old values
 * kept, with a reason), `superseded` (a newer change merged into a new pending revision) or `withdrawn` (a later
 * change put every field back to its approved value).
 */
export const HUNTER_REVISION_STATUSES = ['pending', 'approved', 'rejected', 'superseded', 'withdrawn'] as const;
export type HunterRevisionStatus = (typeof HUNTER_REVISION_STATUSES)[number];

/** A change to an approved profile's vetted fields: what it proposes beside what was live when it was made. */
export interface HunterRevision {
  id: number;
  status: HunterRevisionStatus;
  /** The proposed values: only the fields that differ from the approved profile. */
  changes: HunterRevisionValues;
  /** The approved values of the same fields, as they were when the revision was made (what the public sees). */
  live: HunterRevisionValues;
  /** The admin's reason for a rejection (the hunter sees it). */
  reason: string | null;
  submittedAt: string;
  decidedAt: string | null;
}

/** What an admin decides on a pending revision (`POST /api/admin/hunters/{id}/revisions/{revisionId}/{decision}`). */
export const HUNTER_REVISION_DECISIONS = ['approve', 'reject'] as const;
export type HunterRevisionDecisionKind = (typeof HUNTER_REVISION_DECISIONS)[number];

/**
 * Every kind of entry in a hunter's decision history: an admin's decision on the profile, the hunter's resubmission
 * of a rejected profile, and a revision's life (`revise`: the hunter proposed a change or merged another into it;
 * `withdraw-revision`: the hunter put the values back; `approve-revision`/`reject-revision`: an admin's decision).
 */
export const HUNTER_HISTORY_ENTRIES = [
  ...HUNTER_DECISIONS,
  'resubmit',
  'revise',
  'withdraw-revision',
  'approve-revision',
  'reject-revision',
] as const;
export type HunterHistoryEntryKind = (typeof HUNTER_HISTORY_ENTRIES)[number];

/** One recorded decision on a hunter (who, when, why); `resubmit` is the hunter editing a rejected profile. */
export interface HunterDecision {
  id: number;
  decision: HunterHistoryEntryKind;
  /** The revision a revision entry is about; null for the profile's own decisions. */
  revisionId: number | null;
  fromStatus: HunterStatus;
  toStatus: HunterStatus;
  reason: string | null;
  /** The member who decided (the admin, or the hunter for a resubmit). */
  decidedBy: string;
  decidedAt: string;
}

/** A hunter as `/api/admin/hunters` answers it: the client's view plus the owner, the status and its history. */
export interface AdminHunter extends Hunter {
  userId: string | null;
  status: HunterStatus;
  statusReason: string | null;
  /** When the profile last entered the queue (created, or resubmitted after a rejection). */
  submittedAt: string;
  decisions: HunterDecision[];
  /** The change waiting for review beside the approved values, or null. */
  pendingRevision: HunterRevision | null;
}

/** `GET /api/admin/hunters?status=&search=&limit=&offset=`: the queue is `status=pending` (oldest first). */
export interface AdminHunterListQuery {
  status?: HunterStatus | 'all';
  /** `pending`: only hunters with a change waiting for review (oldest change first), whatever their status. */
  revision?: 'pending' | 'all';
  search?: string;
  limit?: number;
  offset?: number;
}

/** Body of reject and suspend (required) and of approve and reinstate (optional note). */
export interface HunterDecisionRequest {
  reason?: string;
}
export const HUNTER_REASON_MAX = 1000;

/**
 * 'Our top picks' ranks reviewed hunters by a damped (Bayesian) average: (prior.mean × prior.weight + sum of
 * ratings) / (prior.weight + review count), so three 5-star reviews do not outrank forty 4.8s. Hunters without
 * reviews come after every reviewed one (featured first, as always).
 */
export const HUNTER_RANKING_PRIOR = { mean: 4.0, weight: 5 } as const;

/** The caller's own profile (`GET /api/hunter-profile`, and what `POST`/`PATCH /api/hunters` answer): with its owner. */
export interface OwnHunter extends Hunter {
  userId: string;
  status: HunterStatus;
  /** Why it was rejected or suspended; null otherwise. */
  statusReason: string | null;
  /**
   * The latest revision that is pending, approved or rejected (null when none): a pending one is what waits for
   * review beside what is live now; a rejected one carries the reason. The profile's own fields are the live values.
   */
  revision: HunterRevision | null;
  /** The profile's history (decisions, resubmissions, revisions), newest first. */
  decisions: HunterDecision[];
}

/** `POST /api/hunters`: what a hunter sets (id, userId, rating, reviewCount, totalSessions and featured are refused). */
export interface HunterInput {
  name: string;
  bio?: string;
  location: HunterLocation;
  /** An IANA zone (`isTimeZone`); left out at creation, the zone of the location (`timeZoneOfLocation`). */
  timeZone?: string;
  specialties: HunterSpecialty[];
  adviceTypes: HunterService[];
  languages: HunterLanguage[];
  yearsExperience: number;
  instagramUrl?: string | null;
  availabilityStatus?: HunterAvailabilityStatus;
  sessionTypes: SessionTypes;
  profileImageUrl?: string | null;
  /** Default: the location's own (DEFAULT_CURRENCY_OF_LOCATION). Changeable only while nothing is booked. */
  currency?: Currency;
  /** Ignored: the server computes it from the session types. */
  pricePerSession?: number;
}

/** `PATCH /api/hunters/{id}`: any of the input's fields. */
export type HunterUpdate = Partial<HunterInput>;

/** The marketplace's paging bounds: a page of at most 100 hunters, at most 10,000 in (the platform's list caps). */
export const HUNTER_LIST_PAGING = { maxLimit: 100, maxOffset: 10_000 } as const;

/** `GET /api/hunters` query; 'all' or blank is no filter. */
export interface HunterListQuery {
  search?: string;
  price?: PriceBand | 'all';
  location?: HunterLocation | 'all';
  specialty?: HunterSpecialty | 'all';
  service?: HunterService | 'all';
  /** Hunters who speak this language (among the languages they list). */
  language?: HunterLanguage | 'all';
  /** Hunters who know this directory brand (named it in an edit or among their go-to brands). */
  brand?: number;
  /** Hunters who know a brand with this value tag (BRAND_VALUE_TAGS). */
  valueTag?: string | 'all';
  sort?: HunterSort;
  limit?: number;
  offset?: number;
}

/**
 * Why a session-type map is refused, or null when it is fine. Without a currency (the schema, before the profile's
 * currency is known) prices are checked only as whole numbers up to the highest of any currency; the service checks
 * them again in the profile's currency.
 */
export function sessionTypesError(value: unknown, currency: Currency | null = 'GBP'): string | null {
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
      if (currency !== null && (!whole(price) || price < 0 || price > PRICE_LIMITS[currency].max))
        return `Session type ${key}: price must be a whole number of ${CURRENCY_UNIT_NAMES[currency]}`;
      if (!whole(duration) || duration < 0 || duration > HUNTER_LIMITS.maxDuration)
        return `Session type ${key}: duration must be a whole number of minutes`;
      continue;
    }
    enabled += 1;
    if (price === null || price === undefined) return HUNTER_MESSAGES.price;
    // Without the currency only a number is asked for; the service checks it in the profile's currency.
    if (currency === null) {
      if (typeof price !== 'number' || !Number.isFinite(price)) return 'Session price must be 0 (free) or a whole number';
    } else {
      if (!whole(price) || price < 0) return priceRangeMessage(currency);
      const error = sessionPriceError(price, currency);
      if (error !== null) return error;
    }
    if (!whole(duration) || duration < HUNTER_LIMITS.minDuration || duration > HUNTER_LIMITS.maxDuration) {
      return `Session duration must be a whole number from ${HUNTER_LIMITS.minDuration} to ${HUNTER_LIMITS.maxDuration} minutes`;
    }
  }
  return enabled ? null : 'Enable at least one session type';
}

const CURRENCY_UNIT_NAMES: Record<Currency, string> = {
  GBP: 'pounds',
  EUR: 'euros',
  SEK: 'kronor',
  DKK: 'kroner',
  NOK: 'kroner',
  CHF: 'francs',
  PLN: 'złoty',
};

/** pricePerSession: the lowest price among the enabled session types (what the card and the price filter show). */
export function pricePerSessionOf(sessionTypes: SessionTypes): number {
  const prices = SESSION_TYPES.filter((key) => sessionTypes[key].enabled).map((key) => sessionTypes[key].price);
  return prices.length ? Math.min(...prices) : 0;
}

export const PHOTO_MESSAGE = 'Profile photo must be an uploaded image or none (links to other sites are not accepted)';

/** Labels de-duplicated and sorted as the day runs ('HH:MM' sorts as text). */
export function normalizedSlots(slots: readonly AvailabilitySlot[]): AvailabilitySlot[] {
  return [...new Set(slots)].sort();
}

// ---------------------------------------------------------------------------------------------------------------
// Joining details: how each session type happens. Private to the hunter (`/api/hunter-profile/joining-details`)
// and released by bookings only to a booked client of that type (BookingJoining); never in public JSON.
// ---------------------------------------------------------------------------------------------------------------

/** Per type: a WhatsApp number (E.164) for the two WhatsApp types, an area and address in person; questions are answered in messages. */
export interface JoiningDetails {
  whatsappVoice: { phone: string | null };
  whatsappVideo: { phone: string | null };
  inPerson: { area: string | null; address: string | null };
}
export const EMPTY_JOINING_DETAILS: JoiningDetails = {
  whatsappVoice: { phone: null },
  whatsappVideo: { phone: null },
  inPerson: { area: null, address: null },
};
export const JOINING_LIMITS = { area: 120, address: 300 } as const;
/** E.164: '+', a country code and subscriber number, 8–15 digits in all, no spaces (the form strips them first). */
export const E164_PATTERN = /^\+[1-9]\d{7,14}$/;
export const JOINING_MESSAGES = {
  phone: 'Enter a WhatsApp number in international format, e.g. +447700900123',
  area: 'Enter the meeting area (up to 120 characters)',
  address: 'Enter the meeting address (up to 300 characters)',
} as const;

/** The public hunter page's slug: the name in lower-case words joined by '-' (as `brandSlug`). */
export function hunterSlug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
}

/** `/hunters/{id}/{slug}`: the hunter's public page (the slug is optional and only for people; the id decides). */
export function hunterPagePath(hunter: { id: number; name: string }): string {
  const slug = hunterSlug(hunter.name);
  return slug ? `/hunters/${hunter.id}/${slug}` : `/hunters/${hunter.id}`;
}

/** `POST /api/admin/hunters/{id}/feature` (admins): show an approved hunter first in 'Our top picks', or stop. */
export interface HunterFeatureRequest {
  featured: boolean;
}
